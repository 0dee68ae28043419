import { addDays, businessDateOf } from '@cartela/core';
import { BUSINESS_TIME_ZONE } from '@/lib/format';

/** 20 -> '20%', 16.6667 -> '16.67%': rates keep at most two decimals on screen. */
export function rateText(value: number, number: (value: number, decimals?: number) => string): string {
  const decimals = Number.isInteger(value) ? 0 : Number.isInteger(Math.round(value * 1000) / 100) ? 1 : 2;
  return `${number(value, decimals)}%`;
}

/**
 * A business day of an answer ('2025-03-14') as an instant inside that day, for `format.date`: noon UTC is the
 * same calendar day in Addis Ababa (UTC+3), so the day shown is the day sent, in either calendar.
 */
export function businessDay(day: string): string {
  return `${day}T12:00:00Z`;
}

/** Yesterday in the halls' time zone: the latest day Generate Daily accepts (decision 053 section 4). */
export function yesterday(now: Date = new Date()): string {
  return addDays(businessDateOf(now, BUSINESS_TIME_ZONE), -1);
}
