import type { Language } from '@cartela/contract';
import {
  addDays,
  businessDateOf,
  type Calendar,
  etbToSantim,
  formatEtb as formatSantim,
  type IsoDate,
  isTimeZone,
} from '@cartela/core';
import { oromoEthiopianDate, oromoShortDay, oromoTime } from './oromo-dates';

/**
 * Display-only formatting of money, numbers and dates, free of React and i18next (the public /verify page uses
 * it too, decision 074; the app through lib/format.ts's useFormat). Money rules (rounding, santim) belong to
 * packages/core; these helpers only turn an ETB amount from the API into text.
 */

/**
 * The business time zone until the server has said its own (product/money.md#business-days: Africa/Addis_Ababa by
 * default).
 */
export const DEFAULT_BUSINESS_TIME_ZONE = 'Africa/Addis_Ababa';

let timeZone = DEFAULT_BUSINESS_TIME_ZONE;

/**
 * The server's business time zone, as the signed-in user's session says it (SessionUser.businessTimeZone):
 * the app shell sets it once the session is known (decision 065). Every day the app shows or chooses is a day
 * of that zone, so a screen never disagrees with the server about "today" or the day of a game.
 */
export function setBusinessTimeZone(zone: string | null | undefined): void {
  if (zone === timeZone) return;
  // A zone this browser's Intl does not know would break every date on screen: keep the default then.
  timeZone = zone && isTimeZone(zone) ? zone : DEFAULT_BUSINESS_TIME_ZONE;
}

/** The business time zone the app counts days in (the server's, once known). */
export function businessTimeZone(): string {
  return timeZone;
}

/** The business time zone as a reader knows it: 'Africa/Addis_Ababa' -> 'Addis Ababa', 'UTC' -> 'UTC'. */
export function businessTimeZoneName(): string {
  return (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ');
}

/** Today, the business day of `now` in the business time zone ('YYYY-MM-DD'). */
export function businessToday(now: Date = new Date()): IsoDate {
  return businessDateOf(now, timeZone);
}

/** The last business day that is over: yesterday in the business time zone. */
export function lastDayOver(now: Date = new Date()): IsoDate {
  return addDays(businessToday(now), -1);
}

/**
 * The calendar of the language (decision 065): Amharic readers count days, months and years in the Ethiopian
 * calendar, so 'this month' and 'this year' are its month and year; English keeps the Gregorian ones.
 */
export const CALENDAR_OF: Record<Language, Calendar> = { en: 'gregorian', am: 'ethiopic', om: 'ethiopic' };

/** A period request's calendar: said only when it is not the server's default (the Gregorian one). */
export const calendarQuery = (calendar: Calendar): { calendar?: Calendar } =>
  calendar === 'gregorian' ? {} : { calendar };

// Afaan Oromoo groups digits as English does (browsers' Intl has no Oromo: decision 078).
const NUMBER_LOCALES: Record<Language, string> = { en: 'en-ET', am: 'am-ET', om: 'en-ET' };
// Amharic users read dates in the Ethiopian calendar (product/screens.md#common-rules). Oromo dates are written
// by oromo-dates.ts.
const DATE_LOCALES: Record<Exclude<Language, 'om'>, string> = { en: 'en-ET', am: 'am-ET-u-ca-ethiopic' };

// Building an Intl formatter is slow on a modest phone: keep one per locale and options.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** The formatter under `key`, made once by `make`. */
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let format = cache.get(key) as F | undefined;
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

function numberFormat(language: Language, decimals: number): Intl.NumberFormat {
  return cached(
    `n:${language}:${decimals}`,
    () =>
      new Intl.NumberFormat(NUMBER_LOCALES[language], {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      }),
  );
}

/** A business day written 'YYYY-MM-DD' (no time of day): a day of the calendar, not an instant. */
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function dateFormat(language: Exclude<Language, 'om'>, withTime: boolean, zone: string): Intl.DateTimeFormat {
  return cached(
    `d:${language}:${withTime}:${zone}`,
    () =>
      new Intl.DateTimeFormat(DATE_LOCALES[language], {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        ...(withTime ? { hour: 'numeric', minute: '2-digit' } : {}),
        timeZone: zone,
      }),
  );
}

/**
 * A game id as the lists, the room and the hall show it: its last 8 characters (product/draw.md#game-ids;
 * 'G-20251122-RUNNING1' -> 'RUNNING1'). The whole id stays in links and titles.
 */
export const shortGameId = (gameId: string): string => gameId.slice(-8);

/** 1234 -> '1,234' (whole numbers unless decimals are asked for). */
export function formatNumber(value: number, language: Language, decimals = 0): string {
  return numberFormat(language, decimals).format(value);
}

/**
 * An ETB amount from the API (at most 2 decimals) as currency text, by the one money formatter of
 * packages/core: 'ETB 1,234.50' (en-ET) or 'ብር 1,234.50' (am-ET). Weekday tiles ask for 0 decimals.
 */
export function formatEtb(amount: number, language: Language, decimals: 0 | 2 = 2): string {
  return formatSantim(etbToSantim(amount), { locale: language, decimals });
}

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A calendar date: 'Nov 22, 2025' (en) or the Ethiopian-calendar date in Amharic; empty for bad input. An
 * instant is shown as the day it was in the business time zone; a business day ('2025-11-22', as the answers
 * carry paymentDate, from, to...) is shown as the day it is, whatever the zone.
 */
export function formatDate(value: string | Date, language: Language): string {
  if (typeof value === 'string' && DAY_ONLY.test(value)) {
    const day = toDate(`${value}T00:00:00Z`);
    if (!day) return '';
    return language === 'om' ? oromoEthiopianDate(value) : dateFormat(language, false, 'UTC').format(day);
  }
  const date = toDate(value);
  if (!date) return '';
  return language === 'om'
    ? oromoEthiopianDate(businessDateOf(date, timeZone))
    : dateFormat(language, false, timeZone).format(date);
}

/**
 * A business day for an axis or a tile: 'Nov 17' (its Ethiopian day and month in Amharic), the day it is
 * whatever the zone, as `formatDate` shows a business day.
 */
export function formatShortDay(day: IsoDate, language: Language): string {
  if (language === 'om') return oromoShortDay(day);
  const format = cached(
    `s:${language}`,
    () =>
      new Intl.DateTimeFormat(DATE_LOCALES[language], { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  );
  const date = toDate(`${day}T00:00:00Z`);
  return date ? format.format(date) : '';
}

/** Date and time of day, in the business time zone. */
export function formatDateTime(value: string | Date, language: Language): string {
  const date = toDate(value);
  if (!date) return '';
  if (language === 'om')
    return `${oromoEthiopianDate(businessDateOf(date, timeZone))}, ${oromoTime(date, timeZone)}`;
  return dateFormat(language, true, timeZone).format(date);
}

const TIME_LOCALES: Record<Exclude<Language, 'om'>, string> = { en: 'en-ET', am: 'am-ET' };

/** An instant's time of day in the business time zone: '2:02 PM', with seconds '2:02:05 PM' ('2:02:05 WB'). */
export function formatTime(value: string | Date, language: Language, seconds = false): string {
  const date = toDate(value);
  if (!date) return '';
  if (language === 'om') return oromoTime(date, timeZone, seconds);
  return cached(
    `t:${language}:${seconds}:${timeZone}`,
    () =>
      new Intl.DateTimeFormat(TIME_LOCALES[language], {
        hour: 'numeric',
        minute: '2-digit',
        ...(seconds ? { second: '2-digit' } : {}),
        timeZone,
      }),
  ).format(date);
}
