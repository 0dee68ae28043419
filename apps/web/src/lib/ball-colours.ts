import { letterOf } from '@cartela/core';

/**
 * A ball's colours by its column (B 1-15, I 16-30, N 31-45, G 46-60, O 61-75): one map for the room's board, the
 * hall display and the games' pages, so a column has one colour wherever the hall sees it (issue 19). Each
 * reads on the room's light page and on the display's dark screen, its number at 4.5:1 or more even in the
 * history's small balls (WCAG AA; e2e/a11y.spec.ts).
 */
export const BALL_COLOURS = {
  B: 'bg-sky-700 text-white',
  I: 'bg-rose-700 text-white',
  N: 'bg-violet-600 text-white',
  G: 'bg-emerald-700 text-white',
  O: 'bg-amber-400 text-amber-950',
} as const;

export const ballColour = (n: number): string => BALL_COLOURS[letterOf(n)];
