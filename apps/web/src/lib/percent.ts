import { percentToRate } from '@cartela/core';
import { useFormat } from './format';

/** The contract's precision of a rate (Percent: 0-100, at most 4 decimals). */
const MAX_DECIMALS = 4;

/**
 * How many decimals a rate needs to be shown as it is stored (decision 066): 50 -> 0, 12.5 -> 1,
 * 12.345 -> 3, 16.6667 -> 4. Read from core's own exact rate (percentToRate: integer units of 1/10000 %), so
 * no float noise adds a digit; a number core would refuse keeps the contract's 4.
 */
export function percentDecimals(value: number): number {
  let units: number;
  try {
    units = percentToRate(value);
  } catch {
    return MAX_DECIMALS;
  }
  let decimals = MAX_DECIMALS;
  while (decimals > 0 && units % 10 === 0) {
    units /= 10;
    decimals -= 1;
  }
  return decimals;
}

/** A rate as stored, in the interface's digits: 12.345 -> '12.345%', 20 -> '20%', never rounded to 2. */
export function percentText(value: number, number: (value: number, decimals?: number) => string): string {
  return `${number(value, percentDecimals(value))}%`;
}

/** `percentText` in the interface language. */
export function usePercent(): (value: number) => string {
  const format = useFormat();
  return (value: number) => percentText(value, format.number);
}

/**
 * The share the spec words as a fraction: 'You share 1/6th of your commission with admin' when the agent's
 * systemCommissionShare is 16.67 (or the exact 16.6667, as stored with 4 decimals); any other share is shown
 * as its percentage (product/money.md#commission-share).
 */
export function isOneSixth(share: number): boolean {
  return Math.abs(share - 100 / 6) < 0.005;
}
