import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useVoiceManager } from '@/voice/use-voice';
import type { RoomResult, RoomView } from '../model/types';
import { callableNow } from '../utils';

export interface AutoCall {
  /** Auto call is on (it waits while the game is paused and goes on when it resumes). */
  running: boolean;
  start(): void;
  stop(): void;
  toggle(): void;
}

/** Where this tab remembers that auto call runs, per game (a reload keeps auto call as it was, decision 084). */
const autoKey = (gameId: string) => `roomAutoCall:${gameId}`;

function rememberedAuto(gameId: string | null): boolean {
  if (!gameId) return false;
  try {
    return sessionStorage.getItem(autoKey(gameId)) === '1';
  } catch {
    return false;
  }
}

function rememberAuto(gameId: string, on: boolean): void {
  try {
    if (on) sessionStorage.setItem(autoKey(gameId), '1');
    else sessionStorage.removeItem(autoKey(gameId));
  } catch {
    // No storage: a reload turns auto call off, as before.
  }
}

/**
 * Auto call (product/screens.md#auto-call, decisions 051 and 084). The next call is due `speedMs` after the
 * previous call's time (`view.lastCallAt`), never after the moment a timer happened to fire: a tab the browser
 * throttled, or a slow IndexedDB write, delays one call and not all the ones after it. It stops when no ball can
 * be called and when a call is refused; a dropped connection does not stop it (the calls wait in the outbox, the
 * room's banner says so). Pause stops its timer; resume restarts it, a whole interval after the resume; pressed
 * while paused it is on, and starts at the resume.
 * A reload keeps it: this tab remembers, per game (sessionStorage), that it runs; the room opened again in the
 * caller's tab starts it a whole interval after opening; a viewer never does. Stopping, a refusal, a winner, the
 * game's end and leaving the room forget it.
 * It waits for the voice (issue 19, decision 060): while a sound plays (the first ball behind its jingle, a clip
 * longer than the interval) no call is made, and the next one goes the moment the voice falls silent when
 * that is after its due time, so no ball's clip is ever cut and none is left unheard. While `held` (the first
 * call's voices still loading, decision 082) no call is made either; it goes when the hold ends.
 */
export function useAutoCall({
  view,
  speedMs,
  enabled,
  held = false,
  call,
  onRefused,
}: {
  view: RoomView;
  speedMs: number;
  /** Only the tab that holds the game calls. */
  enabled: boolean;
  /** The room holds the next call (it stays on and calls once the hold ends). */
  held?: boolean;
  call: () => Promise<RoomResult>;
  onRefused: (result: Extract<RoomResult, { ok: false }>) => void;
}): AutoCall {
  const [running, setRunning] = useState(false);
  const gameId = view.game?.gameId ?? view.state?.gameId ?? null;
  // Auto call ran in this tab before the reload: it goes on once the room knows this tab is the caller.
  const [restoring, setRestoring] = useState(() => rememberedAuto(gameId));
  const voice = useVoiceManager();
  const speaking = useSyncExternalStore(voice.subscribe, () => voice.getSnapshot().playing);
  const state = view.state;
  const status = state?.status ?? null;
  const callable = !!state && callableNow(state, view.online);
  const inFlight = useRef(false);
  // Set by stop() at once, before React has drawn the stop: a claim raised in the very moment a call falls due
  // is not overtaken by that call (product/draw.md#the-claim-rule).
  const halted = useRef(false);
  const callRef = useRef(call);
  const refusedRef = useRef(onRefused);
  callRef.current = call;
  refusedRef.current = onRefused;

  // A resume restarts the rhythm from the moment of the resume. Noted while rendering, not in an effect: the
  // render that first shows the game active must already count from the resume, or the timer it arms (due at
  // once, a whole interval after the last call) can fire before React renders again, a call right after Resume.
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const [seenStatus, setSeenStatus] = useState(status);
  if (seenStatus !== status) {
    setSeenStatus(status);
    if (seenStatus === 'paused' && status === 'active') setResumedAt(Date.now());
  }

  // After a reload: the caller's tab goes on, a whole interval after opening; a viewer never calls.
  useEffect(() => {
    if (!restoring || view.role === 'unknown') return;
    const open = status === 'active' || status === 'paused';
    if (view.role === 'caller' && !enabled && open) return;
    setRestoring(false);
    if (view.role === 'caller' && (status === 'paused' || (status === 'active' && callable))) {
      halted.current = false;
      setResumedAt(Date.now());
      setRunning(true);
    } else if (gameId) rememberAuto(gameId, false);
  }, [restoring, view.role, enabled, status, callable, gameId]);

  // Remembered while it runs; forgotten when it stops for any reason and when the room closes (leaving it stops
  // the hall's calls). A reload closes no React effect: the flag outlives it.
  useEffect(() => {
    if (!gameId || restoring || !running) return;
    rememberAuto(gameId, true);
    return () => rememberAuto(gameId, false);
  }, [gameId, restoring, running]);

  // Nothing left to call (the 75th ball, a winner, the game over), or this tab no longer the caller.
  useEffect(() => {
    if (running && (!enabled || (status !== 'paused' && !callable))) setRunning(false);
  }, [running, enabled, status, callable]);

  const lastCallAt = view.lastCallAt;
  useEffect(() => {
    if (!running || !enabled || status !== 'active' || !callable) return;
    // The voice still speaks: this runs again when it falls silent, and calls then if the call is due.
    if (speaking || held) return;
    const last = lastCallAt ? Date.parse(lastCallAt) : Number.NaN;
    let due = Number.isNaN(last) ? Date.now() : last + speedMs;
    if (resumedAt !== null) due = Math.max(due, resumedAt + speedMs);
    const timer = setTimeout(
      async () => {
        if (inFlight.current || halted.current) return;
        inFlight.current = true;
        try {
          const result = await callRef.current();
          if (!result.ok) {
            setRunning(false);
            refusedRef.current(result);
          }
        } finally {
          inFlight.current = false;
        }
      },
      Math.max(0, due - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [running, enabled, status, callable, lastCallAt, speedMs, resumedAt, speaking, held]);

  const start = useCallback(() => {
    halted.current = false;
    setResumedAt(null);
    setRunning(true);
  }, []);
  const stop = useCallback(() => {
    halted.current = true;
    setRunning(false);
  }, []);
  const toggle = useCallback(() => {
    setResumedAt(null);
    halted.current = running;
    setRunning(!running);
  }, [running]);
  return { running, start, stop, toggle };
}
