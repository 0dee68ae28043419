import { type GameState, lastBall } from '@cartela/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useGameSounds } from '@/voice/use-game-sounds';
import { HIGHLIGHT_MS, ROLLING_MS, SHUFFLE_FLICKER_MS } from '../utils';

export interface HallMoments {
  /** The last ball called (null: none yet). */
  current: number | null;
  /** The new ball's cell, lit on the board for 1.5 s. */
  highlight: number | null;
  /** The current ball rolls in (2 s). */
  rolling: boolean;
  /** The board flickers after a shuffle. */
  flicker: boolean;
  /** The cartela whose win is celebrated (null: none). */
  celebrating: number | null;
  endCelebration(): void;
}

/**
 * What the hall sees and hears when the game moves, in the caller's tab and in a viewer
 * (product/screens.md#room-moments): a new ball, a shuffle, a confirmed winner. Only a tab that `speaks` is heard.
 */
export function useHallMoments(state: GameState, speaks: boolean): HallMoments {
  const [celebrating, setCelebrating] = useState<number | null>(null);
  const [fresh, setFresh] = useState<{ ball: number; rolling: boolean; highlight: boolean } | null>(null);
  const [flicker, setFlicker] = useState(false);
  const calls = state.calledNumbers.length;
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
  // The ball is heard as it appears, and every moment of the game with its sound (voice/, decision 060);
  // the room never waits for a sound. Only the caller's tab speaks.
  useGameSounds({
    speaks,
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

  const current = lastBall(state);
  return {
    current,
    highlight: fresh?.highlight ? fresh.ball : null,
    rolling: !!fresh?.rolling && fresh.ball === current,
    flicker,
    celebrating,
    endCelebration,
  };
}
