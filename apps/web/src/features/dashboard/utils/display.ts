import type { Weekday } from '@cartela/contract';
import { weekdayOf as weekdayOfDay } from '@cartela/core';
import { useFormat } from '@/lib/format';
import { percentText } from '@/lib/percent';

/**
 * A business day of an answer ('2025-11-17') as an instant for Intl: its midnight in UTC, formatted in UTC, so
 * the day shown is the day sent whatever the business time zone (decision 065).
 */
function dayInUtc(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** The weekday of a business day ('2025-11-17' -> 'Monday'). */
export function weekdayOf(day: string): Weekday {
  return weekdayOfDay(day);
}

// Amharic readers get Ethiopian-calendar days, as everywhere else in the app (lib/format.ts).
const SHORT_DATE_LOCALES = { en: 'en-ET', am: 'am-ET-u-ca-ethiopic' } as const;
const shortDates = new Map<string, Intl.DateTimeFormat>();

/** The helpers of lib/format plus the two the dashboards need: a short day ('Nov 17') and a rate ('16.67%'). */
export function useDisplay() {
  const format = useFormat();
  const locale = SHORT_DATE_LOCALES[format.language];
  let short = shortDates.get(locale);
  if (!short) {
    short = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    shortDates.set(locale, short);
  }
  const shortFormat = short;
  return {
    ...format,
    /** A business day in full: 'Nov 17, 2025' (or its Ethiopian date). */
    day: (day: string) => format.date(day),
    /** A business day for an axis or a tile: 'Nov 17'. */
    shortDay: (day: string) => shortFormat.format(dayInUtc(day)),
    /** A rate as stored, 12.345 -> '12.345%' (lib/percent.ts). */
    rate: (value: number) => percentText(value, format.number),
  };
}

/**
 * The share the spec words as a fraction ('You share 1/6th of your commission with admin') when the agent's
 * systemCommissionShare is 16.67 (or the exact 16.6667); any other share is shown as its percentage.
 */
export function isOneSixth(share: number): boolean {
  return Math.abs(share - 100 / 6) < 0.005;
}
