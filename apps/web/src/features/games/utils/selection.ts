import { CARTELA_MAX, CARTELA_MIN, isCartelaNumber } from '@cartela/core';

/**
 * The wizard's cartela rules (product/cartelas.md#selecting-cartelas-for-a-game), as pure functions: the component
 * turns each outcome into the spec's message.
 */
export type AddOneResult =
  | { kind: 'invalid' }
  | { kind: 'already'; n: number }
  | { kind: 'not-assigned'; n: number }
  | { kind: 'added'; n: number; selected: Set<number> };

/** A cartela number as the agent typed it: a whole number 1-300 in digits ('2.5', '1e1', '-3' are not). */
export function cartelaFromText(text: string): number | null {
  const trimmed = text.trim();
  const n = /^\d{1,3}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return isCartelaNumber(n) ? n : null;
}

/** Add one cartela typed by the agent: a whole number 1-300, not selected yet, and assigned to the agent. */
export function addOne(
  text: string,
  selected: ReadonlySet<number>,
  assigned: ReadonlySet<number>,
): AddOneResult {
  const n = cartelaFromText(text);
  if (n === null) return { kind: 'invalid' };
  if (selected.has(n)) return { kind: 'already', n };
  if (!assigned.has(n)) return { kind: 'not-assigned', n };
  return { kind: 'added', n, selected: new Set([...selected, n]) };
}

export type AddRangeResult =
  | { kind: 'invalid' }
  | {
      kind: 'added';
      /** Cartelas of the range now added (assigned, not selected before), ascending. */
      added: number[];
      /** Cartelas of the range that are not the agent's, ascending. */
      notAssigned: number[];
      selected: Set<number>;
    };

/** Add a range start-end: start >= 1, end <= 300, start <= end; only the agent's own cartelas are added. */
export function addRange(
  fromText: string,
  toText: string,
  selected: ReadonlySet<number>,
  assigned: ReadonlySet<number>,
): AddRangeResult {
  const whole = (s: string) => (/^\d{1,3}$/.test(s.trim()) ? Number(s.trim()) : Number.NaN);
  const start = whole(fromText);
  const end = toText.trim() === '' ? start : whole(toText);
  if (!(start >= CARTELA_MIN && end <= CARTELA_MAX && start <= end)) return { kind: 'invalid' };
  const added: number[] = [];
  const notAssigned: number[] = [];
  for (let n = start; n <= end; n++) {
    if (!assigned.has(n)) notAssigned.push(n);
    else if (!selected.has(n)) added.push(n);
  }
  return { kind: 'added', added, notAssigned, selected: new Set([...selected, ...added]) };
}

/**
 * Cartela numbers as short text for a message: [1, 2, 3, 4, 7] -> '1-4, 7'. A range of 1-300 with a few
 * assigned cartelas would otherwise list nearly three hundred numbers.
 */
export function numberList(numbers: Iterable<number>): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(
      i === j ? String(sorted[i]) : j === i + 1 ? `${sorted[i]}, ${sorted[j]}` : `${sorted[i]}-${sorted[j]}`,
    );
    i = j + 1;
  }
  return parts.join(', ');
}

/**
 * The cartelas of the agent's games not over (active or paused), each with its game's id: a cartela's card is in
 * one round at a time, so the server refuses a new game over them (CARTELA_IN_PLAY) and the wizard marks them
 * (product/screens.md#create-game-wizard). Empty until the games are known.
 */
export function cartelasInPlay(
  games: readonly { gameId: string; status: string; cartelaNumbers: readonly number[] }[] | undefined,
): ReadonlyMap<number, string> {
  const inPlay = new Map<number, string>();
  for (const game of games ?? []) {
    if (game.status !== 'active' && game.status !== 'paused') continue;
    for (const n of game.cartelaNumbers) inPlay.set(n, game.gameId);
  }
  return inPlay;
}
