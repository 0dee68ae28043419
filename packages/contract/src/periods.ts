// Business days and the periods the dashboards, payments and reports are asked for: a business day is a day of
// the business time zone (decision 053), a period's month and year follow a calendar (decision 065).
import { CALENDARS, WEEKDAY_NAMES } from '@cartela/core';
import { z } from 'zod';

/** A business day in a request: YYYY-MM-DD, a day of the business time zone (Africa/Addis_Ababa by default). */
export const BusinessDate = z.iso.date('A date is YYYY-MM-DD');

/** A business day in an answer. */
export const BusinessDay = z
  .string()
  .describe('Business day, YYYY-MM-DD in the business time zone (Africa/Addis_Ababa unless configured)');

/** The days of the week, Monday first: core's (its calendar counts them). */
export const WEEKDAYS = WEEKDAY_NAMES;
export const Weekday = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof Weekday>;

/**
 * A dashboard period: the current calendar day, Monday-based week, month or year of the business time zone, up
 * to and including today (spec: Today, This Week, This Month, This Year).
 */
export const StatsPeriod = z.enum(['day', 'week', 'month', 'year']);
export type StatsPeriod = z.infer<typeof StatsPeriod>;

/**
 * The calendar a period's month and year follow (decision 065): 'gregorian', or 'ethiopic' for the Ethiopian
 * month and year an Amharic screen names (core's periodRange). The day and the Monday-based week are the same.
 */
export const StatsCalendar = z.enum(CALENDARS).default('gregorian');
export type StatsCalendar = z.infer<typeof StatsCalendar>;
