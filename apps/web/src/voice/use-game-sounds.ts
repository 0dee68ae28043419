// What a game room's hall hears, and when (issue 19, docs/decisions/060-every-ball-heard.md): each ball as it
// appears, the pack's special sounds at their moments. The voice manager queues them; of the balls only the
// latest waits (docs/decisions/082-voice-never-behind.md).
import type { GameStatus } from '@cartela/core';
import { useEffect, useRef } from 'react';
import { useVoice } from './use-voice';
import type { VoiceItem } from './voice-manager';

/**
 * The first call of a game: 'the game has started', the everybody-jump jingle, then the ball, one after another
 * (1 s apart, product/voices.md#sounds-of-a-game): the jingle never covers the first ball.
 */
const FIRST_CALL_SOUNDS = ['game_started', 'everybody_jump'] as const satisfies readonly VoiceItem[];

/**
 * Plays the game's moments in the tab that calls (`speaks`; a viewer stays silent): a new ball (the first with
 * FIRST_CALL_SOUNDS before it), a shuffle ('shuffling'), a pause ('pause'; a resume has no sound of its own:
 * the packs have none, and the next ball is the hall's signal), the game's end ('game_end' on finished; a
 * cancel says nothing). Only changes count: opening a room on a paused or finished game plays nothing.
 */
export function useGameSounds({
  speaks,
  calledNumbers,
  status,
  shuffles,
}: {
  speaks: boolean;
  calledNumbers: readonly number[];
  status: GameStatus | null;
  shuffles: number;
}): void {
  const { playNumber, playSequence, playSpecial } = useVoice();
  const speaksRef = useRef(speaks);
  speaksRef.current = speaks;
  const calledRef = useRef(calledNumbers);
  calledRef.current = calledNumbers;

  // Keyed on the count alone: a new state object (a pause, a sync) plays nothing again.
  const calls = calledNumbers.length;
  const seenCalls = useRef(calls);
  useEffect(() => {
    const before = seenCalls.current;
    seenCalls.current = calls;
    if (calls <= before || !speaksRef.current) return;
    const ball = calledRef.current[calls - 1]!;
    if (calls === 1) playSequence([...FIRST_CALL_SOUNDS, ball]);
    else playNumber(ball);
  }, [calls, playNumber, playSequence]);

  const seenShuffles = useRef(shuffles);
  useEffect(() => {
    const before = seenShuffles.current;
    seenShuffles.current = shuffles;
    if (shuffles > before && speaksRef.current) playSpecial('shuffling');
  }, [shuffles, playSpecial]);

  // After the calls' effect: the 75th ball is heard before the game's end.
  const seenStatus = useRef(status);
  useEffect(() => {
    const before = seenStatus.current;
    seenStatus.current = status;
    if (before === status || before === null || !speaksRef.current) return;
    if (status === 'paused') playSpecial('pause');
    else if (status === 'finished') playSpecial('game_end');
  }, [status, playSpecial]);
}
