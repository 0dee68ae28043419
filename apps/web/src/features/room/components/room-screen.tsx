import './room.css';
import '../i18n';
import { gameRoutes } from '@cartela/contract';
import { claimFor, type GameState, lastBall } from '@cartela/core';
import { clsx } from 'clsx';
import {
  Ban,
  CheckCircle2,
  CloudOff,
  Expand,
  Flag,
  History,
  MonitorUp,
  Pause,
  Play,
  PlusCircle,
  RefreshCw,
  Repeat,
  Shuffle,
  SkipForward,
  X,
} from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { VoicePreload } from '@/components/voice/voice-preload';
import { currentLanguage } from '@/i18n';
import { nextGameState } from '@/lib/next-game';
import { paths } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';
import { setSiteHeaderHidden, toggleSiteHeader } from '@/lib/site-header';
import { notify, TOAST_DURATION } from '@/lib/toast';
import { useGameSounds } from '@/lib/voice/use-game-sounds';
import { useVoice } from '@/lib/voice/use-voice';
import { gameDisplayPath } from '../display/routes';
import { refusalText } from '../model/refusal';
import type { RoomCommand, RoomController, RoomResult } from '../model/types';
import {
  allBallsCalled,
  callableNow,
  HIGHLIGHT_MS,
  ROLLING_MS,
  rememberedSpeed,
  rememberSpeed,
  SHUFFLE_FLICKER_MS,
  sealedOffline,
} from '../utils';
import { Counters, CurrentBall, RecentCalls } from './current-ball';
import { NumberBoard } from './number-board';
import { RoomHeader } from './room-header';
import { SettingsPanel } from './settings-panel';
import { useAutoCall } from './use-auto-call';
import { useRoomShortcuts } from './use-room-shortcuts';
import { ValidateDialog, ValidationModal } from './validate-dialog';

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
  const navigate = useNavigate();
  const voice = useVoice();
  const { view } = controller;

  // product/screens.md#game-room: 'Failed to create offline game', then back to the games.
  useEffect(() => {
    if (view.status !== 'error') return;
    notify.error(t('room.createFailed'), view.error ? { description: view.error } : undefined);
    void navigate(paths.games, { replace: true });
  }, [view.status, view.error, navigate, t]);

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

type Notice = { title: string; message: string } | null;

/** The room's own refusals, in the interface language (the others carry core's or the server's message). */
const ROOM_CODES = {
  ORDER_SEALED: 'room.sealed',
  ANSWER_LOST: 'room.errors.answerLost',
  WAITING_FOR_SERVER: 'room.errors.waiting',
  NETWORK: 'errors.NETWORK',
  OFFLINE: 'room.cancelDialog.offline',
} as const;

// The celebration and the cancel dialog load when first shown, not with the room (the route's budget:
// bench/bundle.mjs); the service worker keeps them offline like the rest.
const WinnerCelebration = lazy(async () => ({
  default: (await import('./winner-celebration')).WinnerCelebration,
}));
const CancelDialog = lazy(async () => ({ default: (await import('./cancel-dialog')).CancelDialog }));

function ControlButton({
  icon,
  children,
  className,
  ...props
}: React.ComponentProps<typeof Button> & { icon: ReactNode }) {
  return (
    // Compact on a laptop (lg): the whole row stays in one line above the fold at 1366x800 (issue 19).
    <Button
      size="lg"
      className={clsx('min-h-14 text-base lg:min-h-12 lg:px-3.5 lg:text-sm', className)}
      {...props}
    >
      {icon}
      {children}
    </Button>
  );
}

/** The running room: header, board, ball, calls, controls, dialogs, celebration and settings. */
function Room({
  controller,
  state,
  reload,
}: {
  controller: RoomController;
  state: GameState;
  reload: () => void;
}) {
  const { t } = useTranslation();
  const voice = useVoice();
  const navigate = useNavigate();
  const { view, dispatch, syncNow, showClaim } = controller;
  const game = view.game;
  const gameId = game?.gameId ?? state.gameId;
  const readOnly = view.role !== 'caller';
  const readOnlyRef = useRef(readOnly);
  readOnlyRef.current = readOnly;
  // The answer to the first call or a cancel was lost: nothing goes until the room has the server's state.
  const checking = view.sync.kind === 'checking';
  const blocked = readOnly || checking;
  const over = state.status === 'finished' || state.status === 'cancelled';
  const running = state.status === 'active' || state.status === 'paused';
  const calls = state.calledNumbers.length;
  const current = lastBall(state);

  const [headerShown, setHeaderShown] = useState(true);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [speedMs, setSpeedMs] = useState(rememberedSpeed);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<RoomCommand['type'] | null>(null);
  const [validateOpen, setValidateOpen] = useState(false);
  const [claimCartela, setClaimCartela] = useState<number | null>(null);
  const [deciding, setDeciding] = useState<'good-bingo' | 'block' | null>(null);
  const [refreshOpen, setRefreshOpen] = useState(false);
  const [finishOpen, setFinishOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [cancelFailure, setCancelFailure] = useState<string | null>(null);
  const [celebrating, setCelebrating] = useState<number | null>(null);
  const [fresh, setFresh] = useState<{ ball: number; rolling: boolean; highlight: boolean } | null>(null);
  const [flicker, setFlicker] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const leaving = useRef(false);
  const sealedNoticeId = useId();

  const explain = useCallback(
    (result: Extract<RoomResult, { ok: false }>) => {
      const key = ROOM_CODES[result.code as keyof typeof ROOM_CODES];
      return key ? t(key) : refusalText(result.code, result.message);
    },
    [t],
  );
  const refused = useCallback(
    (title: string, result: RoomResult) => {
      if (!result.ok) setNotice({ title, message: explain(result) });
      return result.ok;
    },
    [explain],
  );

  const send = useCallback(
    async (command: RoomCommand, errorTitle: string): Promise<RoomResult> => {
      setBusy(command.type);
      try {
        const result = await dispatch(command);
        if (result.ok) setNotice(null);
        else refused(errorTitle, result);
        return result;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        setNotice({ title: errorTitle, message });
        return { ok: false, code: 'INTERNAL', message };
      } finally {
        setBusy(null);
      }
    },
    [dispatch, refused],
  );

  const auto = useAutoCall({
    view,
    speedMs,
    enabled: !readOnly,
    call: () => dispatch({ type: 'call-next' }),
    onRefused: (result) => setNotice({ title: t('room.errors.call'), message: explain(result) }),
  });

  // ---- what the hall sees and hears when the game moves (in this tab and in a viewer) -------------------------
  const seenCalls = useRef(calls);
  const calledRef = useRef(state.calledNumbers);
  calledRef.current = state.calledNumbers;
  // Keyed on the count alone: a new state object (a pause, a sync) must not cut the ball's 2 s short.
  useEffect(() => {
    const before = seenCalls.current;
    seenCalls.current = calls;
    if (calls <= before) return;
    const ball = calledRef.current[calls - 1]!;
    setFresh({ ball, rolling: true, highlight: true });
    const highlight = setTimeout(
      () => setFresh((f) => (f?.ball === ball ? { ...f, highlight: false } : f)),
      HIGHLIGHT_MS,
    );
    const rolling = setTimeout(
      () => setFresh((f) => (f?.ball === ball ? { ...f, rolling: false } : f)),
      ROLLING_MS,
    );
    return () => {
      clearTimeout(highlight);
      clearTimeout(rolling);
    };
  }, [calls]);
  // The ball is heard as it appears, and every moment of the game with its sound (lib/voice, decision 060);
  // the room never waits for a sound. Only the caller's tab speaks.
  useGameSounds({
    speaks: !readOnly,
    calledNumbers: state.calledNumbers,
    status: state.status,
    shuffles: state.shuffles.length,
  });

  const shuffles = state.shuffles.length;
  const seenShuffles = useRef(shuffles);
  useEffect(() => {
    const before = seenShuffles.current;
    seenShuffles.current = shuffles;
    if (shuffles <= before) return;
    setFlicker(true);
    const timer = setTimeout(() => setFlicker(false), SHUFFLE_FLICKER_MS);
    return () => {
      clearTimeout(timer);
      setFlicker(false);
    };
  }, [shuffles]);

  const winners = state.winners.length;
  const seenWinners = useRef(winners);
  useEffect(() => {
    const before = seenWinners.current;
    seenWinners.current = winners;
    if (winners > before) setCelebrating(state.winners[winners - 1]!.cartelaNumber);
  }, [winners, state.winners]);
  const endCelebration = useCallback(() => setCelebrating(null), []);

  // ---- the browser around the room -----------------------------------------------------------------------------
  // The first click or key is the gesture that lets the browser play sound.
  const unlock = voice.unlock;
  useEffect(() => {
    const once = () => {
      void unlock();
      window.removeEventListener('pointerdown', once);
      window.removeEventListener('keydown', once);
    };
    window.addEventListener('pointerdown', once);
    window.addEventListener('keydown', once);
    return () => {
      window.removeEventListener('pointerdown', once);
      window.removeEventListener('keydown', once);
    };
  }, [unlock]);

  const guardLeaving = !readOnly && running && calls > 0;
  useEffect(() => {
    if (!guardLeaving) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Browsers show their own text; the spec's sentence is kept for the ones that still show it.
      event.returnValue = t('room.leave');
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [guardLeaving, t]);

  const onBack = (event: React.MouseEvent) => {
    if (guardLeaving && !window.confirm(t('room.leave'))) event.preventDefault();
  };

  // ---- controls ------------------------------------------------------------------------------------------------
  // Before the first call the order is sealed: the server makes that call, so it needs the network.
  const callable = callableNow(state, view.online);
  const sealedHere = sealedOffline(state, view.online);
  // After the 75th ball the game stays open for a claim on it (decision 069): say what is left to do.
  const allCalled = allBallsCalled(state);
  const callNext = () => {
    if (blocked || !callable || busy === 'call-next') return;
    void send({ type: 'call-next' }, t('room.errors.call'));
  };
  const pauseResume = () => {
    if (blocked || !running) return;
    if (state.status === 'paused') void send({ type: 'resume' }, t('room.errors.resume'));
    else void send({ type: 'pause' }, t('room.errors.pause'));
  };
  const autoAllowed =
    !blocked &&
    running &&
    state.winners.length === 0 &&
    (state.remaining.length > 0 || (!!state.orderSealed && view.online));
  const toggleAuto = () => {
    if (!autoAllowed && !auto.running) return;
    auto.toggle();
  };
  // A shuffle is the hall's moment (the balls mix on screen): an ordinary command, offline too.
  const shuffleAllowed = !blocked && running && state.winners.length === 0 && busy === null;
  const shuffle = () => {
    if (shuffleAllowed) void send({ type: 'shuffle' }, t('room.errors.shuffle'));
  };
  // Cancel: while the game runs and nobody has won; the server cancels it (and refunds a game without calls).
  const cancellable = !blocked && running && state.winners.length === 0;
  const openCancel = () => {
    auto.stop();
    setCancelFailure(null);
    setCancelOpen(true);
  };
  const cancelGame = async (reason: string) => {
    setBusy('cancel');
    setCancelFailure(null);
    let result: RoomResult;
    try {
      result = await dispatch(reason ? { type: 'cancel', reason } : { type: 'cancel' });
    } catch (error) {
      result = {
        ok: false,
        code: 'INTERNAL',
        message: error instanceof Error ? error.message : String(error),
      };
    } finally {
      setBusy(null);
    }
    if (!result.ok) {
      setCancelFailure(explain(result));
      return;
    }
    setCancelOpen(false);
    const refunded = result.refundedCoins ?? 0;
    // In English the server's own sentence; in Amharic the same facts in Amharic.
    const said =
      currentLanguage() === 'en' && result.message
        ? result.message
        : refunded > 0
          ? t('room.cancelled.refund', { count: refunded })
          : calls > 0 && (game?.coinCost ?? 0) > 0
            ? t('room.cancelled.noRefund')
            : t('room.cancelled.done');
    notify.screen.success(said, { duration: TOAST_DURATION.screen.error });
    // The games' lists and history hold the game as it was: every answer about games goes. (Loaded here: the
    // room's own code stays apart from the pages' data code.)
    const { forget } = await import('@/api/keys');
    forget(queryClient, [gameRoutes]);
    void navigate(paths.gameHistory(gameId));
  };
  const openValidate = () => {
    // A claim is judged on the balls called so far: auto call stops so the claim is not overtaken.
    auto.stop();
    setValidateOpen(true);
  };
  const decide = async (decision: 'good-bingo' | 'block') => {
    if (claimCartela === null || readOnly) return;
    setDeciding(decision);
    const result = await send(
      { type: 'validate', cartelaNumber: claimCartela, decision },
      t('room.errors.validation'),
    );
    setDeciding(null);
    if (!result.ok) return;
    setClaimCartela(null);
    if (decision === 'good-bingo') voice.goodBingo();
    else {
      voice.blocked();
      notify.error(t('room.modal.blocked'));
    }
  };
  const finish = async () => {
    // Refused or not, the dialog closes: a refusal shows in the room's notice.
    await send({ type: 'finish' }, t('room.errors.finish'));
    setFinishOpen(false);
  };
  // ctrl/cmd+H hides the site's menu bar in the room; leaving the room brings it back.
  useEffect(() => () => setSiteHeaderHidden(false), []);
  // The hall display shows the cartela the agent is checking, then its verdict (issue 19).
  useEffect(() => {
    if (readOnly || !showClaim) return;
    showClaim(claimCartela);
  }, [claimCartela, readOnly, showClaim]);
  const openDisplay = () => {
    window.open(gameDisplayPath(gameId), `cartela-display-${gameId}`);
  };
  const fullscreen = () => {
    if (typeof document === 'undefined') return;
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void rootRef.current?.requestFullscreen?.().catch(() => {});
  };
  const refresh = () => {
    leaving.current = true;
    setRefreshOpen(false);
    reload();
  };

  useRoomShortcuts({
    callNext,
    pauseResume,
    auto: toggleAuto,
    validate: openValidate,
    fullscreen,
    header: () => setHeaderShown((shown) => !shown),
    siteHeader: toggleSiteHeader,
    settings: () => setSettingsOpen((open) => !open),
  });

  const autoLabel = auto.running
    ? t('room.controls.stopAuto')
    : view.online
      ? t('room.controls.auto')
      : t('room.controls.autoNoNetwork');

  return (
    <div
      ref={rootRef}
      className="space-y-4 bg-canvas [&:fullscreen]:overflow-y-auto [&:fullscreen]:p-[clamp(0.75rem,1.5vw,2rem)]"
    >
      {headerShown && <RoomHeader view={view} onBack={onBack} onRetrySync={syncNow} />}

      {view.role === 'viewer' && <Alert tone="info" role="status" title={t('room.viewer')} />}
      {view.role === 'unknown' && <p className="text-sm text-ink-muted">{t('room.connecting')}</p>}
      {voice.state === 'initialising' && <VoicePreload />}
      {notice && (
        <Alert role="alert" title={notice.title} className="relative pr-12">
          {notice.message}
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('room.errors.dismiss')}
            className="absolute top-1 right-1"
            onClick={() => setNotice(null)}
          >
            <X className="size-4" aria-hidden="true" />
          </Button>
        </Alert>
      )}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_auto]">
        <div className="order-2 lg:order-1">
          <NumberBoard
            called={state.calledNumbers}
            highlight={fresh?.highlight ? fresh.ball : null}
            flicker={flicker}
          />
          {/* Under the board, where the taller ball column leaves room: the controls stay in view. */}
          {allCalled && (
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
          <CurrentBall ball={current} rolling={!!fresh?.rolling && fresh.ball === current} />
          <div className="min-w-0 flex-1 space-y-4 lg:flex-none">
            <RecentCalls called={state.calledNumbers} />
            <Counters calls={calls} players={game?.players ?? state.cartelas.length} />
          </div>
        </aside>
      </div>

      {sealedHere && (
        <p
          id={sealedNoticeId}
          role="status"
          className="flex items-start gap-2 rounded-lg border border-warning-500/60 bg-warning-50 px-4 py-3 text-sm font-medium text-warning-800"
        >
          <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('room.sealed')}
        </p>
      )}
      <section
        aria-label={t('room.controls.label')}
        className="flex flex-wrap gap-2 sm:pb-20 lg:pr-20 lg:pb-0"
      >
        <ControlButton
          icon={<SkipForward className="size-5" aria-hidden="true" />}
          onClick={callNext}
          disabled={blocked || !callable}
          loading={busy === 'call-next'}
          className="grow sm:grow-0"
          title={sealedHere ? t('room.sealed') : allCalled ? t('room.allCalled') : undefined}
          aria-describedby={sealedHere ? sealedNoticeId : undefined}
        >
          {t('room.controls.callNext')}
        </ControlButton>
        <ControlButton
          variant="outline"
          icon={
            state.status === 'paused' ? (
              <Play className="size-5" aria-hidden="true" />
            ) : (
              <Pause className="size-5" aria-hidden="true" />
            )
          }
          onClick={pauseResume}
          disabled={blocked || !running}
        >
          {state.status === 'paused' ? t('room.controls.resume') : t('room.controls.pause')}
        </ControlButton>
        <ControlButton
          variant={auto.running ? 'danger' : 'secondary'}
          icon={<Repeat className="size-5" aria-hidden="true" />}
          onClick={toggleAuto}
          disabled={!auto.running && !autoAllowed}
          aria-pressed={auto.running}
          title={sealedHere ? t('room.sealed') : undefined}
          aria-describedby={sealedHere ? sealedNoticeId : undefined}
        >
          {autoLabel}
        </ControlButton>
        <ControlButton
          variant="outline"
          icon={<Shuffle className="size-5" aria-hidden="true" />}
          onClick={shuffle}
          disabled={!shuffleAllowed}
          loading={busy === 'shuffle'}
        >
          {t('room.controls.shuffle')}
        </ControlButton>
        <ControlButton
          variant="outline"
          icon={<CheckCircle2 className="size-5" aria-hidden="true" />}
          onClick={openValidate}
        >
          {t('room.controls.validate')}
        </ControlButton>
        <ControlButton
          variant="outline"
          icon={<RefreshCw className="size-5" aria-hidden="true" />}
          onClick={() => setRefreshOpen(true)}
        >
          {t('room.controls.refresh')}
        </ControlButton>
        <ControlButton
          variant="outline"
          icon={<MonitorUp className="size-5" aria-hidden="true" />}
          onClick={openDisplay}
        >
          {t('room.controls.openDisplay')}
        </ControlButton>
        <ControlButton
          variant="ghost"
          icon={<Expand className="size-5" aria-hidden="true" />}
          onClick={fullscreen}
        >
          {t('room.controls.fullscreen')}
        </ControlButton>
        {running && (
          <ControlButton
            variant="danger"
            icon={<Flag className="size-5" aria-hidden="true" />}
            onClick={() => setFinishOpen(true)}
            disabled={blocked}
          >
            {t('room.controls.finish')}
          </ControlButton>
        )}
        {cancellable && calls === 0 && (
          <ControlButton
            variant="outline"
            icon={<Ban className="size-5" aria-hidden="true" />}
            onClick={openCancel}
            className="border-danger-200 text-danger-700 hover:bg-danger-50"
          >
            {t('room.controls.cancel')}
          </ControlButton>
        )}
        {over && !readOnly && (
          <Link
            to={paths.games}
            state={nextGameState({
              stake: game?.stake ?? 0,
              patternId: game?.patternId ?? state.patternId,
              cartelas: state.cartelas.map((c) => c.cartelaNumber),
            })}
            className={buttonClasses({ size: 'lg' })}
          >
            <PlusCircle className="size-5" aria-hidden="true" />
            {t('room.controls.nextGame')}
          </Link>
        )}
        {over && (
          <Link to={paths.gameHistory(gameId)} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
            <History className="size-5" aria-hidden="true" />
            {t('room.controls.history')}
          </Link>
        )}
      </section>

      <ValidateDialog
        open={validateOpen}
        onOpenChange={setValidateOpen}
        state={state}
        onShow={(n) => {
          setValidateOpen(false);
          setClaimCartela(n);
          // The hall hears that the card checks out ('winner cartela') while the agent looks at it.
          const found = claimFor(state, n);
          if (!readOnly && found.ok && found.claim.winner) voice.playSpecial('winner_cartela');
        }}
        onNotInGame={() => {
          if (!readOnly) voice.playSpecial('cartela_not_in_game');
        }}
      />
      <ValidationModal
        cartelaNumber={claimCartela}
        state={state}
        readOnly={readOnly}
        busy={deciding}
        prize={game?.prize ?? null}
        onClose={() => setClaimCartela(null)}
        onDecide={(decision) => void decide(decision)}
      />
      <ConfirmDialog
        open={refreshOpen}
        onOpenChange={setRefreshOpen}
        title={t('room.refreshDialog.title')}
        description={t('room.refreshDialog.body')}
        cancelLabel={t('room.refreshDialog.stay')}
        confirmLabel={t('room.refreshDialog.confirm')}
        tone="danger"
        onConfirm={refresh}
      />
      <ConfirmDialog
        open={finishOpen}
        onOpenChange={setFinishOpen}
        title={t('room.finishDialog.title')}
        description={t('room.finishDialog.body')}
        cancelLabel={t('room.finishDialog.cancel')}
        confirmLabel={t('room.finishDialog.confirm')}
        tone="danger"
        loading={busy === 'finish'}
        onConfirm={() => void finish()}
      />
      {cancelOpen && (
        <Suspense fallback={null}>
          <CancelDialog
            open={cancelOpen}
            onOpenChange={setCancelOpen}
            calls={calls}
            coinCost={game?.coinCost}
            online={view.online}
            busy={busy === 'cancel'}
            failure={cancelFailure}
            onConfirm={(reason) => void cancelGame(reason)}
          />
        </Suspense>
      )}
      {celebrating !== null && (
        <Suspense fallback={null}>
          <WinnerCelebration
            cartelaNumber={celebrating}
            prize={game?.prize ?? null}
            winners={state.winners}
            onDone={endCelebration}
          />
        </Suspense>
      )}
      <SettingsPanel
        open={settingsOpen}
        onOpenChange={setSettingsOpen}
        speedMs={speedMs}
        onSpeedChange={(ms) => {
          setSpeedMs(ms);
          rememberSpeed(ms);
        }}
        headerShown={headerShown}
        onHeaderShownChange={setHeaderShown}
        onCancelGame={cancellable ? openCancel : undefined}
      />
    </div>
  );
}
