import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  businessDateOf,
  daysBetween,
  daysOf,
  isIsoDate,
  isTimeZone,
  periodRange,
  rollingRange,
  weekdayOf,
} from './calendar.js';

const ADDIS = 'Africa/Addis_Ababa';

describe('businessDateOf', () => {
  it('turns the day at 21:00 UTC in Addis Ababa (UTC+3, no daylight saving)', () => {
    expect(businessDateOf('2026-03-10T20:59:59.999Z', ADDIS)).toBe('2026-03-10');
    expect(businessDateOf('2026-03-10T21:00:00.000Z', ADDIS)).toBe('2026-03-11');
    expect(businessDateOf(new Date('2026-12-31T21:00:00Z'), ADDIS)).toBe('2027-01-01');
    expect(businessDateOf(Date.parse('2026-03-10T00:00:00Z'), 'UTC')).toBe('2026-03-10');
  });

  it('follows a zone with daylight saving', () => {
    // Berlin: UTC+1 in winter, UTC+2 from 29 March 2026.
    expect(businessDateOf('2026-03-28T22:59:00Z', 'Europe/Berlin')).toBe('2026-03-28');
    expect(businessDateOf('2026-03-28T23:00:00Z', 'Europe/Berlin')).toBe('2026-03-29');
    expect(businessDateOf('2026-07-01T21:59:00Z', 'Europe/Berlin')).toBe('2026-07-01');
    expect(businessDateOf('2026-07-01T22:00:00Z', 'Europe/Berlin')).toBe('2026-07-02');
  });

  it('refuses an invalid instant or zone', () => {
    expect(() => businessDateOf('not a date', ADDIS)).toThrow(/instant/);
    expect(() => businessDateOf('2026-01-01T00:00:00Z', 'Mars/Olympus')).toThrow();
    expect(isTimeZone(ADDIS)).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('agrees with the fixed +3 hours of Addis Ababa for any instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => {
        const expected = new Date(ms + 3 * 3_600_000).toISOString().slice(0, 10);
        expect(businessDateOf(ms, ADDIS)).toBe(expected);
      }),
    );
  });
});

describe('day arithmetic', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysOf({ from: '2026-02-27', to: '2026-03-02' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it('names weekdays Monday first', () => {
    expect(weekdayOf('2026-11-23')).toBe('Monday');
    expect(weekdayOf('2026-11-29')).toBe('Sunday');
    expect(weekdayOf('2024-02-29')).toBe('Thursday');
  });

  it('refuses what is not a day', () => {
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-2-1')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(() => addDays('2026-13-01', 1)).toThrow(/No such day/);
  });
});

describe('periods', () => {
  it('are the current day, Monday-based week, month and year up to today', () => {
    expect(periodRange('day', '2026-11-25')).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(periodRange('week', '2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-11-25' });
    expect(periodRange('week', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(periodRange('week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodRange('month', '2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(periodRange('year', '2026-11-25')).toEqual({ from: '2026-01-01', to: '2026-11-25' });
  });

  it('a week always starts on a Monday at most 6 days back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), (n) => {
        const today = addDays('2000-01-01', n);
        const { from } = periodRange('week', today);
        expect(weekdayOf(from)).toBe('Monday');
        expect(daysBetween(from, today)).toBeGreaterThanOrEqual(0);
        expect(daysBetween(from, today)).toBeLessThanOrEqual(6);
      }),
    );
  });

  it('rolling periods end today', () => {
    expect(rollingRange('week', '2026-11-23')).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(rollingRange('month', '2026-11-23')).toEqual({ from: '2026-10-24', to: '2026-11-23' });
    expect(rollingRange('month', '2026-03-31')).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(rollingRange('year', '2026-11-23')).toEqual({ from: '2025-11-24', to: '2026-11-23' });
    expect(rollingRange('year', '2028-02-29')).toEqual({ from: '2027-03-01', to: '2028-02-29' });
  });
});
