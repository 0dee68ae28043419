import { ArrowLeft, CloudOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { StatusBadge } from '@/components/ui/status-badge';
import { shortGameId } from '@/lib/format';
import { paths } from '@/lib/paths';
import { serverUnreachable } from '../model/network';
import { refusalText } from '../model/refusal';
import type { RoomView } from '../model/types';
import { clockTime, usePatternName } from '../utils';
import { usePrizeText } from './winners-panel';

/** Where the room's actions stand with the server, in plain words. */
export function SyncState({ view, onRetry }: { view: RoomView; onRetry: () => void }) {
  const { t } = useTranslation();
  const { sync } = view;
  if (sync.kind === 'refused') {
    return (
      <div role="alert" className="space-y-1 rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-700">
        <p className="font-semibold">
          {t('room.sync.refused', { seq: sync.seq, message: refusalText(sync.reason, sync.message) })}
        </p>
        <p>{t('room.sync.refusedNote')}</p>
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('room.sync.retry')}
        </Button>
      </div>
    );
  }
  // Never 'Synced' while calls cannot reach the server (decision 084): nothing waits, but nothing is checked.
  const offlineIdle = sync.kind === 'synced' && serverUnreachable(view);
  const text =
    sync.kind === 'synced'
      ? offlineIdle
        ? t('room.sync.offlineNothing')
        : t('room.sync.synced')
      : [
          sync.offlineSince ? t('room.sync.offlineSince', { time: clockTime(sync.offlineSince) }) : null,
          sync.kind === 'checking'
            ? t('room.sync.checking')
            : t('room.sync.waiting', { count: sync.waiting }),
        ]
          .filter(Boolean)
          .join(' · ');
  return (
    <span
      role="status"
      className={
        sync.kind === 'synced' && !offlineIdle
          ? 'text-sm text-success-700'
          : 'text-sm font-medium text-warning-800'
      }
    >
      {text}
    </span>
  );
}

export interface RoomHeaderProps {
  view: RoomView;
  /** Asks before leaving a running game (the room keeps it, but the hall would stop hearing calls). */
  onBack: (event: React.MouseEvent) => void;
  onRetrySync: () => void;
}

/**
 * The room's header (product/screens.md#room-header): Back to Games, 'Game Room', the game id, Offline Mode, the
 * game's real players and prize, its status and where its sync stands. The room hides it on request (settings, H).
 */
export function RoomHeader({ view, onBack, onRetrySync }: RoomHeaderProps) {
  const { t } = useTranslation();
  const patternName = usePatternName();
  const prizeText = usePrizeText();
  const { game, state } = view;
  const status = state?.status ?? 'active';
  return (
    <header className="space-y-2">
      <Link
        to={paths.games}
        onClick={onBack}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('room.back')}
      </Link>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h1 className="text-2xl font-bold text-ink">{t('room.title')}</h1>
        {game && (
          <span className="font-semibold text-ink-muted tabular-nums" title={game.gameId}>
            {t('room.gameId', { id: shortGameId(game.gameId) })}
          </span>
        )}
        {serverUnreachable(view) && (
          <Badge tone="warning">
            <CloudOff className="size-3.5" aria-hidden="true" />
            {t('room.offline')}
          </Badge>
        )}
        {game && <Badge tone="brand">{t('room.players', { count: game.players })}</Badge>}
        {game && <Badge tone="coin">{prizeText(game.prize, state?.winners ?? [])}</Badge>}
        <StatusBadge kind="game" texts="room.status" status={status} />
        {state && (
          <span className="text-sm text-ink-muted">
            {t('room.pattern', { name: patternName(state.patternId) })}
          </span>
        )}
        <SyncState view={view} onRetry={onRetrySync} />
      </div>
      {view.persisted === false && <p className="text-sm text-warning-800">{t('room.sync.notPersisted')}</p>}
    </header>
  );
}
