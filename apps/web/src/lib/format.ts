import type { IsoDate } from '@cartela/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/i18n';
import {
  CALENDAR_OF,
  formatDate,
  formatDateTime,
  formatEtb,
  formatNumber,
  formatShortDay,
} from './format-text';

// The formatters themselves live in format-text.ts (no React there, so the /verify page can use them).
export * from './format-text';

/** The helpers above, bound to the current interface language. */
export function useFormat() {
  useTranslation(); // re-renders on a language change
  const language = currentLanguage();
  return {
    language,
    /** The calendar of the language: the month and the year of every period asked for and shown. */
    calendar: CALENDAR_OF[language],
    number: (value: number, decimals = 0) => formatNumber(value, language, decimals),
    etb: (amount: number, decimals: 0 | 2 = 2) => formatEtb(amount, language, decimals),
    date: (value: string | Date) => formatDate(value, language),
    shortDay: (day: IsoDate) => formatShortDay(day, language),
    dateTime: (value: string | Date) => formatDateTime(value, language),
  };
}
