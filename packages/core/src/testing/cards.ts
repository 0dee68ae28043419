// Hand-made cards the unit tests share. Cell (r, c) holds CARD[r][c]; columns are B I N G O.
import type { Card } from '../cartela.js';

/** B 1-5, I 16-20, N 31-35 (centre free), G 46-50, O 61-65, each column top to bottom. */
export const CARD: Card = [
  [1, 16, 31, 46, 61],
  [2, 17, 32, 47, 62],
  [3, 18, 0, 48, 63],
  [4, 19, 34, 49, 64],
  [5, 20, 35, 50, 65],
];

/** Shares no number with CARD: B 6-10, I 21-25, N 36-40, G 51-55, O 66-70. */
export const OTHER: Card = [
  [6, 21, 36, 51, 66],
  [7, 22, 37, 52, 67],
  [8, 23, 0, 53, 68],
  [9, 24, 39, 54, 69],
  [10, 25, 40, 55, 70],
];
