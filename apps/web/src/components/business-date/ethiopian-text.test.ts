import { addDays } from '@cartela/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ETHIOPIAN_MONTH_NAMES,
  ethiopianText,
  parseBusinessDate,
  parseEthiopianDate,
} from './ethiopian-text';

describe('Ethiopian dates as text', () => {
  it("names the months as Intl's Amharic does", () => {
    const intl = new Intl.DateTimeFormat('am-ET-u-ca-ethiopic', { month: 'long', timeZone: 'UTC' });
    // Meskerem 1, 2018 was 11 September 2025; every month but Pagume has 30 days.
    const names = ETHIOPIAN_MONTH_NAMES.map((_, i) => intl.format(new Date(Date.UTC(2025, 8, 11 + 30 * i))));
    expect(names).toEqual([...ETHIOPIAN_MONTH_NAMES]);
  });

  it('writes a day the way it reads it back, in Amharic and in Afaan Oromoo', () => {
    expect(ethiopianText('2026-11-26')).toBe('17 ኅዳር 2019');
    expect(ethiopianText('2026-11-26', 'om')).toBe('Sadaasa 17, 2019');
    expect(ethiopianText('2026-09-11', 'om')).toBe('Fulbaana 1, 2019');
    expect(ethiopianText('2026-09-10', 'om')).toBe('Qaammee 5, 2018');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60_000 }), fc.constantFrom('am', 'om'), (n, language) => {
        const day = addDays('1950-01-01', n);
        expect(parseBusinessDate(ethiopianText(day, language))).toBe(day);
      }),
    );
  });

  it('reads day/month/year with the month by number or by name, in the usual orders', () => {
    const hidar17 = { year: 2019, month: 3, day: 17 };
    for (const text of [
      '17/3/2019',
      '17-03-2019',
      '17.3.2019',
      ' 17 / 3 / 2019 ',
      '17 ኅዳር 2019',
      '17 ሕዳር 2019',
      'ኅዳር 17, 2019',
      'ኅዳር 17 2019 ዓ.ም.',
      '17፣ህዳር፣2019',
      '17 Hidar 2019',
      '2019/3/17',
    ]) {
      expect(parseEthiopianDate(text), text).toEqual(hidar17);
    }
  });

  it('refuses what is not a day of the calendar', () => {
    for (const text of [
      '',
      '17/3',
      '17/3/19',
      '2019 3 ኅዳር',
      '31/1/2019',
      '6/13/2018',
      '1/14/2019',
      '0/1/2019',
      '17 Hidarr 2019',
      '١٧/٣/٢٠١٩',
      '17/3/2019/1',
    ]) {
      expect(parseEthiopianDate(text), text).toBeNull();
    }
    expect(parseEthiopianDate('6/13/2019')).toEqual({ year: 2019, month: 13, day: 6 });
  });
});
