import './room.css';
import '../i18n';
import { Flag, X } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
import { VoicePreload } from '@/voice/components/voice-preload';
import { useVoice } from '@/voice/use-voice';
import type { RoomController } from '../model/types';
import { Counters, CurrentBall, RecentCalls } from './current-ball';
import { NetworkBanner } from './network-banner';
import { NumberBoard } from './number-board';
import { PublicUrlHint } from './public-url-hint';
import { RoomControls } from './room-controls';
import { RoomHeader } from './room-header';
import { SettingsPanel } from './settings-panel';
import { type RoomProps, useBackOnFailure, useRoomScreen } from './use-room-screen';
import { WinnersPanel } from './winners-panel';

// The dialogs (and Radix's dialog layer under them, ~13 KB gzipped) load right after the room has drawn, not
// before it (the route's budget: bench/bundle.mjs); the service worker keeps the chunk for offline use.
const loadDialogs = () => import('./room-dialogs');
const RoomDialogs = lazy(async () => ({ default: (await loadDialogs()).RoomDialogs }));

/**
 * The offline game room's screen (product/screens.md#game-room, issue 10, decision 051). It reads the room's view
 * and sends commands; every rule is core's reducer, applied by the data layer (model/). Loading, missing and
 * failed games are answered here; a ready game is <Room />.
 */
export function RoomScreen({
  controller,
  reload = () => window.location.reload(),
}: {
  controller: RoomController;
  /** 'Refresh Anyway' (tests pass their own: jsdom cannot reload). */
  reload?: () => void;
}) {
  const { t } = useTranslation();
  const voice = useVoice();
  const { view } = controller;
  useBackOnFailure(view);

  if (view.status === 'ready' && view.state) {
    return <Room controller={controller} state={view.state} reload={reload} />;
  }
  if (view.status === 'missing') {
    return (
      <Centered>
        <h1 className="text-2xl font-bold text-ink">{t('room.notFound')}</h1>
        <p className="text-ink-muted">{t('room.notFoundBody')}</p>
        <Link to={paths.games} className={buttonClasses()}>
          {t('room.back')}
        </Link>
      </Centered>
    );
  }
  if (view.status === 'error') {
    return (
      <Centered>
        <Alert title={t('room.createFailed')}>{view.error}</Alert>
      </Centered>
    );
  }
  return (
    <Centered>
      <Spinner size="lg" className="text-brand-600" />
      <p role="status" className="text-lg font-semibold text-ink">
        {t('room.loading')}
      </p>
      {voice.state === 'initialising' && <VoicePreload />}
    </Centered>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="flex flex-col items-center justify-center gap-4 py-24 text-center">{children}</div>;
}

/**
 * The running room: header, board, ball, calls, controls, dialogs, celebration and settings. What it shows and
 * does is useRoomScreen's model; this is the layout.
 */
function Room(props: RoomProps) {
  const { t } = useTranslation();
  const voice = useVoice();
  const room = useRoomScreen(props);
  const { state, view, actions } = room;

  return (
    <div
      ref={room.rootRef}
      className="space-y-4 bg-canvas [&:fullscreen]:overflow-y-auto [&:fullscreen]:p-[clamp(0.75rem,1.5vw,2rem)]"
    >
      {room.headerShown && <RoomHeader view={view} onBack={actions.onBack} onRetrySync={actions.retrySync} />}

      {view.role === 'viewer' && <Alert tone="info" role="status" title={t('room.viewer')} />}
      {view.role === 'unknown' && <p className="text-sm text-ink-muted">{t('room.connecting')}</p>}
      {voice.state === 'initialising' && <VoicePreload />}
      {/* A dropped network, seen and heard at once (decision 084). */}
      <NetworkBanner view={view} speaks={!room.readOnly} />
      {/* After a reload auto call goes on, but the browser keeps the sound off until the page has had a click or
          a key (decision 084): the hall would hear nothing, so the room asks for one. */}
      {voice.soundBlocked && !voice.muted && !room.readOnly && (
        <Alert tone="warning" role="alert" title={t('room.soundBlocked.title')}>
          <p>{t('room.soundBlocked.body')}</p>
          <Button size="sm" className="mt-2" onClick={() => void voice.unlock()}>
            {t('room.soundBlocked.turnOn')}
          </Button>
        </Alert>
      )}
      {room.notice && (
        <Alert role="alert" title={room.notice.title} className="relative pr-12">
          {room.notice.message}
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('room.errors.dismiss')}
            className="absolute top-1 right-1"
            onClick={actions.dismissNotice}
          >
            <X className="size-4" aria-hidden="true" />
          </Button>
        </Alert>
      )}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_auto]">
        <div className="order-2 lg:order-1">
          <NumberBoard called={state.calledNumbers} highlight={room.highlight} flicker={room.flicker} />
          {/* Who won stays in sight after the celebration, until the next round (decision 085). */}
          <WinnersPanel winners={state.winners} prize={room.game?.prize ?? null} />
          {/* Under the board, where the taller ball column leaves room: the controls stay in view. */}
          {room.allCalled && (
            <p
              role="status"
              className="mt-3 flex items-start gap-2 rounded-lg border border-brand-300 bg-brand-50 px-4 py-3 text-sm font-semibold text-brand-800"
            >
              <Flag className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {t('room.allCalled')}
            </p>
          )}
        </div>
        <aside className="order-1 flex flex-wrap items-start justify-center gap-4 lg:order-2 lg:w-[clamp(16rem,24vw,32rem)] lg:flex-col lg:items-stretch">
          <CurrentBall ball={room.current} rolling={room.rolling} />
          <div className="min-w-0 flex-1 space-y-4 lg:flex-none">
            <RecentCalls called={state.calledNumbers} />
            <Counters calls={room.calls} players={room.game?.players ?? state.cartelas.length} />
          </div>
        </aside>
      </div>

      <RoomControls room={room} />
      {!room.readOnly && <PublicUrlHint />}
      <Suspense fallback={null}>
        <RoomDialogs room={room} />
      </Suspense>
      <SettingsPanel
        open={room.settingsOpen}
        onOpenChange={actions.setSettingsOpen}
        speedMs={room.speedMs}
        onSpeedChange={actions.changeSpeed}
        headerShown={room.headerShown}
        onHeaderShownChange={actions.setHeaderShown}
        onCancelGame={room.can.cancel ? actions.openCancel : undefined}
        onLeave={actions.onBack}
      />
    </div>
  );
}
