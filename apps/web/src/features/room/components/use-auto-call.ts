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

/**
 * Auto call (product/screens.md#auto-call, decision 051). The next call is due `speedMs` after the previous call's
 * time (`view.lastCallAt`), never after the moment a timer happened to fire: a tab the browser throttled, or a
 * slow IndexedDB write, delays one call and not all the ones after it. It stops when no ball can be called, when a
 * call is refused, and when the connection drops in the middle of a run (the agent starts it again, locally,
 * with 'Auto (No Network)'). Pause stops its timer; resume restarts it, a whole interval after the resume.
 * It waits for the voice (issue 19, decision 060): while a sound plays (the first ball behind its jingle, a clip
 * longer than the interval) no call is made, and the next one goes the moment the voice falls silent when
 * that is after its due time, so no ball's clip is ever cut and none is left unheard.
 */
export function useAutoCall({
  view,
  speedMs,
  enabled,
  call,
  onRefused,
}: {
  view: RoomView;
  speedMs: number;
  /** Only the tab that holds the game calls. */
  enabled: boolean;
  call: () => Promise<RoomResult>;
  onRefused: (result: Extract<RoomResult, { ok: false }>) => void;
}): AutoCall {
  const [running, setRunning] = useState(false);
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

  // The connection dropped in the middle of a run: stop, so the agent sees it and chooses to go on locally.
  const wasOnline = useRef(view.online);
  useEffect(() => {
    if (wasOnline.current && !view.online) setRunning(false);
    wasOnline.current = view.online;
  }, [view.online]);

  // A resume restarts the rhythm from the moment of the resume.
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const previousStatus = useRef(status);
  useEffect(() => {
    if (previousStatus.current === 'paused' && status === 'active') setResumedAt(Date.now());
    previousStatus.current = status;
  }, [status]);

  // Nothing left to call (the 75th ball, a winner, the game over), or this tab no longer the caller.
  useEffect(() => {
    if (running && (!enabled || (status !== 'paused' && !callable))) setRunning(false);
  }, [running, enabled, status, callable]);

  const lastCallAt = view.lastCallAt;
  useEffect(() => {
    if (!running || !enabled || status !== 'active' || !callable) return;
    // The voice still speaks: this runs again when it falls silent, and calls then if the call is due.
    if (speaking) return;
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
  }, [running, enabled, status, callable, lastCallAt, speedMs, resumedAt, speaking]);

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
