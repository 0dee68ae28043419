/** A rate as stored, 12.345 -> '12.345%' (up to the contract's 4 decimals): the one rule in lib/percent.ts. */
export { percentText as rateText } from '@/lib/percent';

/**
 * A business day of an answer ('2025-03-14') for `format.date`, which shows a 'YYYY-MM-DD' as the day it is in
 * either calendar, whatever the business time zone (decision 065).
 */
export function businessDay(day: string): string {
  return day;
}
