import type { Language } from '@cartela/contract';
import { etbToSantim, formatEtb as formatSantim } from '@cartela/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/i18n';

/**
 * Display-only formatting of money, numbers and dates. Money rules (rounding, santim) belong to
 * packages/core; these helpers only turn an ETB amount from the API into text.
 */

/** Dates are shown in the business time zone of the halls (spec 00: Africa/Addis_Ababa). */
export const BUSINESS_TIME_ZONE = 'Africa/Addis_Ababa';

const NUMBER_LOCALES: Record<Language, string> = { en: 'en-ET', am: 'am-ET' };
// Amharic users read dates in the Ethiopian calendar (spec 03).
const DATE_LOCALES: Record<Language, string> = { en: 'en-ET', am: 'am-ET-u-ca-ethiopic' };

// Building an Intl formatter is slow on a modest phone: keep one per locale and options.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(language: Language, decimals: number): Intl.NumberFormat {
  const key = `n:${language}:${decimals}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALES[language], {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    cache.set(key, format);
  }
  return format;
}

function dateFormat(language: Language, withTime: boolean): Intl.DateTimeFormat {
  const key = `d:${language}:${withTime}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALES[language], {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      ...(withTime ? { hour: 'numeric', minute: '2-digit' } : {}),
      timeZone: BUSINESS_TIME_ZONE,
    });
    cache.set(key, format);
  }
  return format;
}

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

/** A calendar date: 'Nov 22, 2025' (en) or the Ethiopian-calendar date in Amharic. Empty for bad input. */
export function formatDate(value: string | Date, language: Language): string {
  const date = toDate(value);
  return date ? dateFormat(language, false).format(date) : '';
}

/** Date and time of day, in the business time zone. */
export function formatDateTime(value: string | Date, language: Language): string {
  const date = toDate(value);
  return date ? dateFormat(language, true).format(date) : '';
}

/** The helpers above, bound to the current interface language. */
export function useFormat() {
  useTranslation(); // re-renders on a language change
  const language = currentLanguage();
  return {
    language,
    number: (value: number, decimals = 0) => formatNumber(value, language, decimals),
    etb: (amount: number, decimals: 0 | 2 = 2) => formatEtb(amount, language, decimals),
    date: (value: string | Date) => formatDate(value, language),
    dateTime: (value: string | Date) => formatDateTime(value, language),
  };
}
