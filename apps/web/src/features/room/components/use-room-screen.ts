import { claimFor, type GameState, gameReducer } from '@cartela/core';
import { type MouseEvent, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '@/i18n';
import { loadWholeContract } from '@/lib/contract';
import { paths } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';
import { setSiteHeaderHidden, toggleSiteHeader } from '@/lib/site-header';
import { notify, TOAST_DURATION } from '@/lib/toast';
import { useVoice } from '@/voice/use-voice';
import { serverUnreachable } from '../model/network';
import { refusalText } from '../model/refusal';
import type { RoomCommand, RoomController, RoomGameInfo, RoomResult, RoomView } from '../model/types';
import { allBallsCalled, callableNow, rememberedSpeed, rememberSpeed, sealedOffline } from '../utils';
import { useAutoCall } from './use-auto-call';
import { type HallMoments, useHallMoments } from './use-hall-moments';
import { useHallWindow } from './use-hall-window';
import { useRoomShortcuts } from './use-room-shortcuts';
import { type CallHold, useVoiceHold } from './use-voice-hold';

/** A ready game's room: its controller, core's state of the game, and how 'Refresh Anyway' reloads. */
export interface RoomProps {
  controller: RoomController;
  state: GameState;
  reload: () => void;
}

export type Notice = { title: string; message: string } | null;
type Decision = 'good-bingo' | 'block';

/**
 * The ball a claim is judged on: the one current when the agent raised it (B, V or Validate), with its place in
 * the calls (product/draw.md#the-claim-rule). Null before the first ball.
 */
export interface ClaimPin {
  ball: number;
  callCount: number;
}

/** What the running room shows and what it lets the agent do: the screen only lays it out. */
export interface RoomScreenModel extends HallMoments {
  view: RoomView;
  state: GameState;
  game: RoomGameInfo | null;
  /** The game's public id (the address's). */
  gameId: string;
  /** Another tab calls this game (or the role is not known yet): this one only shows it. */
  readOnly: boolean;
  calls: number;
  /** Active or paused. */
  running: boolean;
  /** Finished or cancelled. */
  over: boolean;
  /** The element put on the whole screen by Fullscreen. */
  rootRef: RefObject<HTMLDivElement | null>;

  /** The room's last refusal, shown under the header until dismissed or the next command succeeds. */
  notice: Notice;
  headerShown: boolean;
  settingsOpen: boolean;
  speedMs: number;
  /** The order is sealed and there is no network: the round cannot start here yet. */
  sealedHere: boolean;
  /** Every ball called, the game open for a claim on the last one (decision 069). */
  allCalled: boolean;

  /** The command on its way (its button shows a spinner). */
  busy: RoomCommand['type'] | null;
  /**
   * Why Call Next waits now (decision 082): the ball is being heard and the pacing is 'wait' ('voice'), or the first
   * call's voices are loading ('voices'); null when it does not.
   */
  callHeld: CallHold;
  /** The voices loading (files), shown while the first call waits for them and after Start anyway. */
  voicesLoading: { loaded: number; total: number } | null;
  /** What each control allows now. */
  can: { call: boolean; pause: boolean; auto: boolean; shuffle: boolean; finish: boolean; cancel: boolean };
  autoRunning: boolean;
  autoLabel: 'room.controls.stopAuto' | 'room.controls.auto' | 'room.controls.autoNoNetwork';

  open: { validate: boolean; refresh: boolean; finish: boolean; cancel: boolean; leave: boolean };
  /** The cartela shown in the validation modal. */
  claimCartela: number | null;
  /** The claim's ball while a claim is being checked (the validate dialog or the card is open). */
  claimPin: ClaimPin | null;
  deciding: Decision | null;
  cancelFailure: string | null;

  actions: {
    dismissNotice(): void;
    setHeaderShown(shown: boolean): void;
    setSettingsOpen(open: boolean): void;
    changeSpeed(ms: number): void;
    onBack(event: MouseEvent): void;
    setLeaveOpen(open: boolean): void;
    /** 'Leave the room': to the games, the game kept on this device. */
    leave(): void;
    /** After a refusal: send the outbox once more. */
    retrySync(): void;
    /** The first call goes without waiting for its voices to load. */
    startAnyway(): void;
    callNext(): void;
    pauseResume(): void;
    toggleAuto(): void;
    shuffle(): void;
    openValidate(): void;
    setValidateOpen(open: boolean): void;
    /** The validate dialog found the cartela: the modal shows it. */
    showCartela(cartelaNumber: number): void;
    notInGame(): void;
    closeClaim(): void;
    decide(decision: Decision): void;
    setRefreshOpen(open: boolean): void;
    refresh(): void;
    setFinishOpen(open: boolean): void;
    finish(): void;
    openCancel(): void;
    setCancelOpen(open: boolean): void;
    cancelGame(reason: string): void;
    openDisplay(): void;
    fullscreen(): void;
  };
}

/** The room's own refusals, in the interface language (the others carry core's or the server's message). */
const ROOM_CODES = {
  ORDER_SEALED: 'room.sealed',
  ANSWER_LOST: 'room.errors.answerLost',
  WAITING_FOR_SERVER: 'room.errors.waiting',
  NETWORK: 'errors.NETWORK',
  OFFLINE: 'room.cancelDialog.offline',
} as const;

/** product/screens.md#game-room: 'Failed to create offline game', then back to the games. */
export function useBackOnFailure(view: RoomView): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    if (view.status !== 'error') return;
    notify.error(t('room.createFailed'), view.error ? { description: view.error } : undefined);
    void navigate(paths.games, { replace: true });
  }, [view.status, view.error, navigate, t]);
}

/**
 * The running room's state and effects (decision 051): the commands and their refusals, auto call, the hall's
 * moments and sounds, the dialogs, the keyboard, and the browser around the room (sound unlock, leaving).
 */
export function useRoomScreen({ controller, state, reload }: RoomProps): RoomScreenModel {
  const { t } = useTranslation();
  const voice = useVoice();
  const navigate = useNavigate();
  const { view, dispatch, syncNow, showClaim } = controller;
  const game = view.game;
  const gameId = game?.gameId ?? state.gameId;
  const readOnly = view.role !== 'caller';
  // The answer to the first call or a cancel was lost: nothing goes until the room has the server's state.
  const checking = view.sync.kind === 'checking';
  const blocked = readOnly || checking;
  const over = state.status === 'finished' || state.status === 'cancelled';
  const running = state.status === 'active' || state.status === 'paused';
  const calls = state.calledNumbers.length;
  // The voice is never behind the board, and the first call's sounds are never lost (decision 082).
  const hold = useVoiceHold({ voice, speaks: !readOnly, firstCall: running && calls === 0 });

  const [headerShown, setHeaderShown] = useState(true);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [speedMs, setSpeedMs] = useState(rememberedSpeed);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<RoomCommand['type'] | null>(null);
  const [validateOpen, setValidateOpen] = useState(false);
  const [claimCartela, setClaimCartela] = useState<number | null>(null);
  const [claimPin, setClaimPin] = useState<ClaimPin | null>(null);
  // A claim is being checked: no ball may be called until it is decided or closed (product/draw.md#the-claim-rule).
  const claimOpen = validateOpen || claimCartela !== null;
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [refreshOpen, setRefreshOpen] = useState(false);
  const [leaveOpen, setLeaveOpen] = useState(false);
  const [finishOpen, setFinishOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [cancelFailure, setCancelFailure] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const leaving = useRef(false);

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
    // Never while a claim is checked: the claim is judged on the ball it was raised on.
    enabled: !readOnly && !claimOpen,
    held: hold.reason === 'voices',
    call: () => dispatch({ type: 'call-next' }),
    onRefused: (result) => setNotice({ title: t('room.errors.call'), message: explain(result) }),
  });

  const moments = useHallMoments(state, !readOnly);

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

  // Leaving loses nothing (the game is kept on this device) but stops the hall's calls: the room's own dialog
  // says so, not the browser's confirm (decision 085).
  const onBack = (event: MouseEvent) => {
    if (!guardLeaving) return;
    event.preventDefault();
    setLeaveOpen(true);
  };
  const leave = () => {
    leaving.current = true;
    setLeaveOpen(false);
    void navigate(paths.games);
  };

  // ---- controls ------------------------------------------------------------------------------------------------
  // Before the first call the order is sealed: the server makes that call, so it needs the network.
  const callable = callableNow(state, view.online);
  const sealedHere = sealedOffline(state, view.online);
  // After the 75th ball the game stays open for a claim on it (decision 069): say what is left to do.
  const allCalled = allBallsCalled(state);
  const callNext = () => {
    if (blocked || claimOpen || !callable || busy === 'call-next' || hold.reason) return;
    void send({ type: 'call-next' }, t('room.errors.call'));
  };
  const pauseResume = () => {
    if (blocked || !running) return;
    if (state.status === 'paused') void send({ type: 'resume' }, t('room.errors.resume'));
    else void send({ type: 'pause' }, t('room.errors.pause'));
  };
  const autoAllowed =
    !blocked &&
    !claimOpen &&
    running &&
    hold.reason !== 'voices' &&
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
  // Cancel: only before the first ball, as core's reducer decides (product/draw.md#cancelling: once a ball is
  // called the game is played to its end); the server cancels it and refunds its coins.
  const cancellable = !blocked && running && gameReducer(state, { type: 'cancel' }).ok;
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
    // In English the server's own sentence; in Amharic and Oromo the same facts in their words.
    const said =
      currentLanguage() === 'en' && result.message
        ? result.message
        : refunded > 0
          ? t('room.cancelled.refund', { count: refunded })
          : t('room.cancelled.done');
    notify.screen.success(said, { duration: TOAST_DURATION.screen.error });
    // The games' lists and history hold the game as it was: every answer about games goes, and the coin
    // statement (a refund is its newest row). (Loaded here: the room's own code stays apart from the pages' data
    // code and zod, decision 073.)
    const [{ forget }, { coinRoutes, gameRoutes }] = await Promise.all([
      import('@/api/keys'),
      loadWholeContract(),
    ]);
    forget(queryClient, [gameRoutes, coinRoutes]);
    void navigate(paths.gameHistory(gameId));
  };
  const openValidate = () => {
    // The claim key (B), V and Validate: calling stops at once and the claim is pinned to the ball on screen,
    // so checking takes as long as it needs and no later ball can overtake the claim
    // (product/draw.md#the-claim-rule).
    auto.stop();
    const ball = state.calledNumbers.at(-1);
    setClaimPin(ball === undefined ? null : { ball, callCount: calls });
    setValidateOpen(true);
  };
  // A call already on its way when the claim was raised (an offline call's write takes a few milliseconds)
  // lands after it: core judges the claim on every ball called, so the pin names that ball too.
  useEffect(() => {
    if (!claimOpen) return;
    const ball = state.calledNumbers.at(-1);
    if (ball === undefined) return;
    setClaimPin((pin) => (pin && pin.callCount >= calls ? pin : { ball, callCount: calls }));
  }, [claimOpen, calls, state.calledNumbers]);
  const showCartela = (n: number) => {
    setValidateOpen(false);
    setClaimCartela(n);
    // The hall hears that the card checks out ('winner cartela') while the agent looks at it.
    const found = claimFor(state, n);
    if (!readOnly && found.ok && found.claim.winner) voice.playSpecial('winner_cartela');
  };
  const notInGame = () => {
    if (!readOnly) voice.playSpecial('cartela_not_in_game');
  };
  const decide = async (decision: Decision) => {
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
    const result = await send({ type: 'finish' }, t('room.errors.finish'));
    setFinishOpen(false);
    if (result.ok) notify.success(t('room.finished'));
  };
  // ctrl/cmd+H hides the site's menu bar in the room; leaving the room brings it back.
  useEffect(() => () => setSiteHeaderHidden(false), []);
  // The hall display shows the claim the moment it is raised ('Claim! Checking...', decision 083), then the
  // cartela the agent is checking, then its verdict (issue 19).
  useEffect(() => {
    if (readOnly || !showClaim) return;
    showClaim(claimCartela ?? (validateOpen ? 'raised' : null));
  }, [claimCartela, validateOpen, readOnly, showClaim]);
  // One hall window per agent, following every round (decision 083).
  const openDisplay = useHallWindow({ gameId, createdAt: game?.createdAt ?? null, speaks: !readOnly });
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

  return {
    view,
    state,
    game,
    gameId,
    readOnly,
    calls,
    running,
    over,
    rootRef,
    notice,
    headerShown,
    settingsOpen,
    speedMs,
    ...moments,
    sealedHere,
    allCalled,
    busy,
    callHeld: hold.reason,
    voicesLoading: hold.loading,
    can: {
      call: !blocked && !claimOpen && callable && !hold.reason,
      pause: !blocked && running,
      auto: auto.running || autoAllowed,
      shuffle: shuffleAllowed,
      finish: !blocked,
      cancel: cancellable,
    },
    autoRunning: auto.running,
    autoLabel: auto.running
      ? 'room.controls.stopAuto'
      : // The same test as the banner and the Offline badge (decision 084): a tab the browser calls online whose
        // sends get no answer is offline too.
        !serverUnreachable(view)
        ? 'room.controls.auto'
        : 'room.controls.autoNoNetwork',
    open: {
      validate: validateOpen,
      refresh: refreshOpen,
      finish: finishOpen,
      cancel: cancelOpen,
      leave: leaveOpen,
    },
    claimCartela,
    claimPin: claimOpen ? claimPin : null,
    deciding,
    cancelFailure,
    actions: {
      dismissNotice: () => setNotice(null),
      setHeaderShown,
      setSettingsOpen,
      changeSpeed: (ms) => {
        setSpeedMs(ms);
        rememberSpeed(ms);
      },
      onBack,
      setLeaveOpen,
      leave,
      retrySync: syncNow,
      startAnyway: hold.startAnyway,
      callNext,
      pauseResume,
      toggleAuto,
      shuffle,
      openValidate,
      setValidateOpen,
      showCartela,
      notInGame,
      closeClaim: () => setClaimCartela(null),
      decide: (decision) => void decide(decision),
      setRefreshOpen,
      refresh,
      setFinishOpen,
      finish: () => void finish(),
      openCancel,
      setCancelOpen,
      cancelGame: (reason) => void cancelGame(reason),
      openDisplay,
      fullscreen,
    },
  };
}
