// The Ethiopian calendar (docs/decisions/065-the-halls-calendar.md). Amharic readers count days, months and
// years in it (product/money.md#business-days): 12 months of 30 days and a 13th, Pagume, of 5 days, or 6 in a leap
// year. Its year starts on Meskerem 1 = 11 September, or 12 September in a Gregorian year that comes just before a
// Gregorian leap year (2023, 2027, ...), because the 6th day of Pagume takes the place of 11 September then.
//
// The conversion goes through the Julian Day Number (JDN), the standard way (the Beyene-Kudlek algorithm):
// days of the Ethiopian era are counted from its epoch, JDN 1723856, in cycles of 1461 days (4 years, the last
// one leap). Gregorian days are 'YYYY-MM-DD' strings, as everywhere in core (calendar.ts); this module needs
// nothing from there, so calendar.ts can build its periods on it.
import { CoreError } from './errors.js';

/** A day of the Ethiopian calendar: year of the Amete Mihret era, month 1-13 (13 = Pagume), day 1-30. */
export interface EthiopianDate {
  year: number;
  month: number;
  day: number;
}

/** Months in an Ethiopian year; the 13th, Pagume, is the short one. */
export const ETHIOPIAN_MONTHS = 13;
export const PAGUME = 13;

/** The JDN of the day before Meskerem 1 of year 1 minus 365: the constant of the Beyene-Kudlek formulas. */
const ETHIOPIC_EPOCH = 1_723_856;
/** The JDN of 1970-01-01 (the epoch of Date's milliseconds). */
const UNIX_EPOCH_JDN = 2_440_588;
const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The last day an ISO date ('YYYY-MM-DD', four-digit year) can name. */
const LAST_ISO_JDN = jdnOf('9999-12-31');

/** The JDN of a Gregorian day; an error for what is not a real 'YYYY-MM-DD' day. */
function jdnOf(date: string): number {
  const m = ISO_DATE.exec(date);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
  // Date.UTC maps the years 0-99 to 1900-1999: setUTCFullYear puts them back.
  const at = new Date(ms);
  if (m) at.setUTCFullYear(Number(m[1]));
  if (!m || Number.isNaN(at.getTime()) || isoOf(at.getTime()) !== date) {
    throw new CoreError('INVALID_DATE', `Not a date (YYYY-MM-DD): ${date}`);
  }
  return Math.round(at.getTime() / DAY_MS) + UNIX_EPOCH_JDN;
}

function isoOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The Gregorian day of a JDN. */
function isoOfJdn(jdn: number): string {
  return isoOf((jdn - UNIX_EPOCH_JDN) * DAY_MS);
}

/** Year 3, 7, 11, ... (year mod 4 = 3): its Pagume has 6 days (the year ends just before a Gregorian 29 February). */
export function isEthiopianLeapYear(year: number): boolean {
  return ((year % 4) + 4) % 4 === 3;
}

/** Days in an Ethiopian month: 30, or 5 / 6 for Pagume. */
export function ethiopianMonthLength(year: number, month: number): number {
  if (month !== PAGUME) return 30;
  return isEthiopianLeapYear(year) ? 6 : 5;
}

/** True for a real day of the Ethiopian calendar from 1 Meskerem 1 to the last day core can write (9999-12-31). */
export function isEthiopianDate(value: EthiopianDate): boolean {
  const { year, month, day } = value;
  if (![year, month, day].every(Number.isInteger)) return false;
  if (year < 1 || month < 1 || month > ETHIOPIAN_MONTHS || day < 1) return false;
  if (day > ethiopianMonthLength(year, month)) return false;
  return jdnOfEthiopian(value) <= LAST_ISO_JDN;
}

function jdnOfEthiopian({ year, month, day }: EthiopianDate): number {
  return ETHIOPIC_EPOCH + 365 + 365 * (year - 1) + Math.floor(year / 4) + 30 * month + day - 31;
}

/**
 * The Ethiopian day of a Gregorian 'YYYY-MM-DD': toEthiopian('2026-09-11') = { year: 2019, month: 1, day: 1 }.
 * Days before 1 Meskerem 1 (27 August of the year 8) give a year of 0 or less.
 */
export function toEthiopian(date: string): EthiopianDate {
  const days = jdnOf(date) - ETHIOPIC_EPOCH;
  const cycles = Math.floor(days / 1461);
  const r = days - cycles * 1461; // 0-1460, also for days before the epoch
  const n = (r % 365) + 365 * Math.floor(r / 1460);
  return {
    year: 4 * cycles + Math.floor(r / 365) - Math.floor(r / 1460),
    month: Math.floor(n / 30) + 1,
    day: (n % 30) + 1,
  };
}

/** The Gregorian 'YYYY-MM-DD' of an Ethiopian day; an error for a day the calendar does not have (Pagume 6 of 2018). */
export function fromEthiopian(date: EthiopianDate): string {
  if (!isEthiopianDate(date)) {
    throw new CoreError(
      'INVALID_DATE',
      `No such Ethiopian day: ${date.day}/${date.month}/${date.year} (day/month/year)`,
    );
  }
  return isoOfJdn(jdnOfEthiopian(date));
}
