import { CARTELA_MAX, CARTELA_MIN, isCartelaNumber } from '@cartela/core';

/**
 * Cartela numbers as a short text for an address: [1, 2, 3, 4, 7] -> '1-4,7'. A hall prints runs of numbers,
 * so a print of 300 cartelas stays a few characters long.
 */
export function toRanges(numbers: Iterable<number>): string {
  const sorted = [...new Set(numbers)].filter(isCartelaNumber).sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/** The numbers of a '1-4,7' text, ascending, each once; parts that are not cartela numbers are dropped. */
export function fromRanges(text: string): number[] {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^\s*(\d{1,3})\s*(?:-\s*(\d{1,3})\s*)?$/.exec(part);
    if (!match) continue;
    const from = Math.max(CARTELA_MIN, Number(match[1]));
    const to = Math.min(CARTELA_MAX, Number(match[2] ?? match[1]));
    for (let n = from; n <= to; n++) out.add(n);
  }
  return [...out].sort((a, b) => a - b);
}

/** [a, b, c, d, e] -> [[a, b, c, d], [e]]: the cards of each printed page. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Cartelas printed on one A4 page. */
export const CARDS_PER_PAGE = 4;
