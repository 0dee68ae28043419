import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { alertTone } from '@/voice/alert-tone';
import { useVoice } from '@/voice/use-voice';
import { serverUnreachable, waitingActions } from '../model/network';
import type { RoomView } from '../model/types';

/** How long 'Back online: N actions sent' stays once everything is on the server. */
export const BACK_ONLINE_MS = 5000;

/** An outage as the banner follows it: the most actions that waited, and whether the network is back. */
interface Outage {
  peak: number;
  back: boolean;
}

/**
 * The room's word on a dropped network (docs/decisions/084-network-loss-in-the-room.md). The moment calls cannot
 * reach the server (the browser offline, or a send without an answer) a warning under the header says the calls
 * are kept on this device and go when the network is back, with how many actions wait, and the caller's tab
 * beeps once (not when the voice is muted; a viewer stays silent, as for every sound). When the network is
 * back it says how many actions it is sending, then 'Back online: N actions sent' for a few seconds.
 */
export function NetworkBanner({ view, speaks }: { view: RoomView; speaks: boolean }) {
  const { t } = useTranslation();
  const { muted, volume } = useVoice();
  const lost = serverUnreachable(view);
  const waiting = waitingActions(view.sync);

  // The tone plays on the change only: a room opened offline shows the banner, it does not beep.
  const sound = useRef({ speaks, muted, volume });
  sound.current = { speaks, muted, volume };
  const wasLost = useRef(lost);
  useEffect(() => {
    const before = wasLost.current;
    wasLost.current = lost;
    if (!lost || before) return;
    const { speaks: caller, muted: silent, volume: level } = sound.current;
    if (caller && !silent) alertTone.play(level);
  }, [lost]);

  const [outage, setOutage] = useState<Outage | null>(null);
  useEffect(() => {
    if (lost) setOutage((o) => ({ peak: Math.max(o?.peak ?? 0, waiting), back: false }));
    else setOutage((o) => (o ? { peak: Math.max(o.peak, waiting), back: true } : o));
  }, [lost, waiting]);

  const synced = view.sync.kind === 'synced';
  const back = !lost && outage?.back === true;
  useEffect(() => {
    if (!back || !synced) return;
    const timer = setTimeout(() => setOutage(null), BACK_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [back, synced]);

  if (lost) {
    return (
      <Alert tone="warning" role="alert" title={t('room.network.lostTitle')}>
        <p>{t('room.network.lostBody')}</p>
        {/* The count changes with every call: read with the warning, not announced on each change. */}
        <p aria-live="off" className="font-semibold text-warning-800">
          {waiting > 0 ? t('room.sync.waiting', { count: waiting }) : t('room.network.nothingWaiting')}
        </p>
      </Alert>
    );
  }
  if (!back || !outage) return null;
  // A refusal or a lost answer after the outage: the header says what the server answered.
  if (view.sync.kind === 'refused' || view.sync.kind === 'checking') return null;
  const text =
    waiting > 0
      ? t('room.network.sending', { count: waiting })
      : outage.peak > 0
        ? t('room.network.sent', { count: outage.peak })
        : t('room.network.back');
  return <Alert tone="success" role="status" title={text} />;
}
