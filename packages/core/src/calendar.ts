// Business days and dashboard periods (docs/decisions/053-money-and-insight.md section 2). A business day is a
// calendar day in the business time zone (Africa/Addis_Ababa unless configured): 21:00 UTC is midnight there.
// Dates are 'YYYY-MM-DD' strings of the proleptic Gregorian calendar; arithmetic on them is done in UTC, so no
// time zone or daylight saving change can shift a day. A period's month and year may follow the Ethiopian
// calendar instead (ethiopian.ts; decision 065).
import { CoreError } from './errors.js';
import { fromEthiopian, toEthiopian } from './ethiopian.js';

/** A calendar day, 'YYYY-MM-DD'. */
export type IsoDate = string;

export const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

/** The dashboards' periods: the current day, Monday-based week, month or year, up to and including today. */
export type CalendarPeriod = 'day' | 'week' | 'month' | 'year';
/**
 * Which calendar a period's month and year follow: the Gregorian one (English), or the Ethiopian one that
 * Amharic readers count in (decision 065). Days and the Monday-based week are the same in both.
 */
export const CALENDARS = ['gregorian', 'ethiopic'] as const;
export type Calendar = (typeof CALENDARS)[number];

/** The super agent's 'Last Week / Month / Year': rolling, ending today. */
export type RollingPeriod = 'week' | 'month' | 'year';

export interface DateRange {
  from: IsoDate;
  to: IsoDate;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

function toUtcMs(date: IsoDate): number {
  const m = ISO_DATE.exec(date);
  if (!m) throw new CoreError('INVALID_DATE', `Not a date (YYYY-MM-DD): ${date}`);
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(ms).toISOString().slice(0, 10) !== date) {
    throw new CoreError('INVALID_DATE', `No such day: ${date}`);
  }
  return ms;
}

function fromUtcMs(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

/** True for a real day written 'YYYY-MM-DD'. */
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  try {
    toUtcMs(value);
    return true;
  } catch {
    return false;
  }
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The business day of an instant in a time zone: businessDateOf('2026-01-01T21:00:00Z', 'Africa/Addis_Ababa') = '2026-01-02'. */
export function businessDateOf(instant: Date | string | number, timeZone: string): IsoDate {
  const at = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(at.getTime())) throw new CoreError('INVALID_DATE', `Not an instant: ${String(instant)}`);
  let f = dayFormatters.get(timeZone);
  if (!f) {
    // en-CA writes YYYY-MM-DD; formatToParts keeps it independent of that.
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** True when the time zone is one Intl knows ('Africa/Addis_Ababa', 'UTC', ...). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** date + days (days may be negative). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/** Days from `from` to `to` (to - from). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

/** Monday, Tuesday, ... of a day. */
export function weekdayOf(date: IsoDate): WeekdayName {
  const sundayFirst = new Date(toUtcMs(date)).getUTCDay();
  return WEEKDAY_NAMES[(sundayFirst + 6) % 7] as WeekdayName;
}

/** Every day from `from` to `to`, inclusive, oldest first. */
export function daysOf(range: DateRange): IsoDate[] {
  const n = daysBetween(range.from, range.to);
  const out: IsoDate[] = [];
  for (let i = 0; i <= n; i++) out.push(addDays(range.from, i));
  return out;
}

/**
 * The current day, Monday-based week, month or year up to and including `today`. In the Ethiopian calendar the
 * month starts on day 1 of today's Ethiopian month and the year on Meskerem 1 of today's Ethiopian year:
 * periodRange('month', '2026-11-26', 'ethiopic') = 2026-11-10 (Hidar 1, 2019) to 2026-11-26.
 */
export function periodRange(
  period: CalendarPeriod,
  today: IsoDate,
  calendar: Calendar = 'gregorian',
): DateRange {
  toUtcMs(today);
  switch (period) {
    case 'day':
      return { from: today, to: today };
    case 'week':
      return { from: addDays(today, -WEEKDAY_NAMES.indexOf(weekdayOf(today))), to: today };
    case 'month':
      if (calendar === 'ethiopic')
        return { from: fromEthiopian({ ...toEthiopian(today), day: 1 }), to: today };
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'year':
      if (calendar === 'ethiopic') {
        return { from: fromEthiopian({ year: toEthiopian(today).year, month: 1, day: 1 }), to: today };
      }
      return { from: `${today.slice(0, 5)}01-01`, to: today };
  }
}

/** Shifts a day by whole months, clamped to the month's last day (31 March - 1 month = 28/29 February). */
function addMonths(date: IsoDate, months: number): IsoDate {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 + months;
  const d = Number(date.slice(8, 10));
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return fromUtcMs(Date.UTC(year, month, Math.min(d, last)));
}

/** The last 7 days, the last month or the last year, ending `today`: today - 6 days, the day after the same day a month / a year back. */
export function rollingRange(period: RollingPeriod, today: IsoDate): DateRange {
  toUtcMs(today);
  switch (period) {
    case 'week':
      return { from: addDays(today, -6), to: today };
    case 'month':
      return { from: addDays(addMonths(today, -1), 1), to: today };
    case 'year':
      return { from: addDays(addMonths(today, -12), 1), to: today };
  }
}
