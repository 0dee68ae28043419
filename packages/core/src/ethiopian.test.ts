import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, periodRange } from './calendar.js';
import {
  ethiopianMonthLength,
  fromEthiopian,
  isEthiopianDate,
  isEthiopianLeapYear,
  toEthiopian,
} from './ethiopian.js';

// An implementation core does not share: the ICU calendar behind Intl (the browsers' own Ethiopian dates).
const icu = new Intl.DateTimeFormat('en-u-ca-ethiopic', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});
function icuEthiopian(date: string) {
  const parts = Object.fromEntries(
    icu.formatToParts(new Date(`${date}T00:00:00Z`)).map((p) => [p.type, p.value]),
  );
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** Any day from 1900 to 2199 (the app's dates), as 'YYYY-MM-DD'. */
const anyDay = fc.integer({ min: 0, max: 109_572 }).map((n) => addDays('1900-01-01', n));

describe('the Ethiopian calendar', () => {
  it('knows the fixed days, as ICU does', () => {
    const known: [string, { year: number; month: number; day: number }][] = [
      ['2026-09-11', { year: 2019, month: 1, day: 1 }], // Meskerem 1, 2019
      ['2023-09-12', { year: 2016, month: 1, day: 1 }], // Meskerem 1, 2016: after a Pagume of 6 days
      ['2023-09-11', { year: 2015, month: 13, day: 6 }], // Pagume 6, 2015
      ['2026-11-26', { year: 2019, month: 3, day: 17 }], // Hidar 17, 2019
      ['2026-11-10', { year: 2019, month: 3, day: 1 }], // Hidar 1, 2019
      ['2027-09-12', { year: 2020, month: 1, day: 1 }], // 2027 comes before the leap year 2028
      ['2024-02-29', { year: 2016, month: 6, day: 21 }], // Yekatit 21, 2016
      ['2026-01-07', { year: 2018, month: 4, day: 29 }], // Genna: Tahsas 29
    ];
    for (const [date, ethiopian] of known) {
      expect(toEthiopian(date), date).toEqual(ethiopian);
      expect(icuEthiopian(date), `ICU ${date}`).toEqual(ethiopian);
      expect(fromEthiopian(ethiopian)).toBe(date);
    }
  });

  it('agrees with ICU on every day', () => {
    fc.assert(
      fc.property(anyDay, (date) => {
        expect(toEthiopian(date)).toEqual(icuEthiopian(date));
      }),
      { numRuns: 2000 },
    );
  });

  it('goes there and back: Gregorian -> Ethiopian -> Gregorian', () => {
    fc.assert(
      fc.property(anyDay, (date) => {
        const ethiopian = toEthiopian(date);
        expect(isEthiopianDate(ethiopian)).toBe(true);
        expect(fromEthiopian(ethiopian)).toBe(date);
      }),
    );
  });

  it('goes there and back: Ethiopian -> Gregorian -> Ethiopian', () => {
    const anyEthiopian = fc
      .record({
        year: fc.integer({ min: 1, max: 9000 }),
        month: fc.integer({ min: 1, max: 13 }),
        day: fc.integer({ min: 1, max: 30 }),
      })
      .filter((e) => e.day <= ethiopianMonthLength(e.year, e.month));
    fc.assert(
      fc.property(anyEthiopian, (ethiopian) => {
        expect(toEthiopian(fromEthiopian(ethiopian))).toEqual(ethiopian);
      }),
    );
  });

  it('moves one day at a time: the next day is the next Ethiopian day', () => {
    fc.assert(
      fc.property(anyDay, (date) => {
        const today = toEthiopian(date);
        const next = toEthiopian(addDays(date, 1));
        const last = today.day === ethiopianMonthLength(today.year, today.month);
        if (!last) expect(next).toEqual({ ...today, day: today.day + 1 });
        else if (today.month < 13) expect(next).toEqual({ year: today.year, month: today.month + 1, day: 1 });
        else expect(next).toEqual({ year: today.year + 1, month: 1, day: 1 });
      }),
    );
  });

  it('gives Pagume 6 days in the years before a Gregorian leap year, 5 otherwise', () => {
    expect(isEthiopianLeapYear(2015)).toBe(true);
    expect(isEthiopianLeapYear(2019)).toBe(true);
    expect(isEthiopianLeapYear(2018)).toBe(false);
    expect(ethiopianMonthLength(2015, 13)).toBe(6);
    expect(ethiopianMonthLength(2018, 13)).toBe(5);
    expect(ethiopianMonthLength(2018, 4)).toBe(30);
    // Pagume 6, 2019 is 11 September 2027: the next 29 February is in 2028.
    expect(fromEthiopian({ year: 2019, month: 13, day: 6 })).toBe('2027-09-11');
  });

  it('refuses a day the calendar does not have', () => {
    expect(isEthiopianDate({ year: 2018, month: 13, day: 6 })).toBe(false);
    expect(isEthiopianDate({ year: 2018, month: 14, day: 1 })).toBe(false);
    expect(isEthiopianDate({ year: 2018, month: 2, day: 31 })).toBe(false);
    expect(isEthiopianDate({ year: 2018, month: 0, day: 1 })).toBe(false);
    expect(isEthiopianDate({ year: 0, month: 1, day: 1 })).toBe(false);
    expect(isEthiopianDate({ year: 2018.5, month: 1, day: 1 })).toBe(false);
    expect(isEthiopianDate({ year: 9993, month: 1, day: 1 })).toBe(false); // after 9999-12-31
    expect(() => fromEthiopian({ year: 2018, month: 13, day: 6 })).toThrow(/No such Ethiopian day/);
    expect(() => toEthiopian('2026-02-30')).toThrow(/Not a date/);
  });
});

describe('periods in the Ethiopian calendar', () => {
  it('make the month and the year Ethiopian; the day and the week stay as they are', () => {
    // 26 November 2026 is Hidar 17, 2019: Hidar began on 10 November, the year on 11 September.
    expect(periodRange('month', '2026-11-26', 'ethiopic')).toEqual({ from: '2026-11-10', to: '2026-11-26' });
    expect(periodRange('year', '2026-11-26', 'ethiopic')).toEqual({ from: '2026-09-11', to: '2026-11-26' });
    expect(periodRange('day', '2026-11-26', 'ethiopic')).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(periodRange('week', '2026-11-26', 'ethiopic')).toEqual(periodRange('week', '2026-11-26'));
    // Pagume 2, 2018 (7 September 2026): Pagume began on 6 September; the year on 11 September 2025.
    expect(periodRange('month', '2026-09-07', 'ethiopic')).toEqual({ from: '2026-09-06', to: '2026-09-07' });
    expect(periodRange('year', '2026-09-07', 'ethiopic')).toEqual({ from: '2025-09-11', to: '2026-09-07' });
    // The Gregorian calendar is the default.
    expect(periodRange('month', '2026-11-26')).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(periodRange('month', '2026-11-26', 'gregorian')).toEqual({ from: '2026-11-01', to: '2026-11-26' });
  });

  it('start on day 1 of the Ethiopian month and Meskerem 1 of the Ethiopian year, never after today', () => {
    fc.assert(
      fc.property(anyDay, (today) => {
        const month = periodRange('month', today, 'ethiopic');
        const year = periodRange('year', today, 'ethiopic');
        const t = toEthiopian(today);
        expect(toEthiopian(month.from)).toEqual({ ...t, day: 1 });
        expect(toEthiopian(year.from)).toEqual({ year: t.year, month: 1, day: 1 });
        expect(month.from <= today && year.from <= month.from).toBe(true);
        expect(icuEthiopian(month.from).day).toBe(1);
      }),
    );
  });
});
