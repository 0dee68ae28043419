import { fromEthiopian } from '@cartela/core';
import { describe, expect, it } from 'vitest';
import {
  OROMO_MONTHS,
  oromoEthiopianDate,
  oromoGregorianDate,
  oromoShortDay,
  oromoTime,
} from './oromo-dates';

describe('dates in Afaan Oromoo', () => {
  it('names the Gregorian months as CLDR does, in the spelling of Oromia (Ebla, Muddee)', () => {
    // Node's full ICU has Oromo (browsers' has not): its names, but for two spellings.
    const spelling: Record<string, string> = { Eebila: 'Ebla', Mudde: 'Muddee' };
    const intl = new Intl.DateTimeFormat('om', { month: 'long', timeZone: 'UTC' });
    for (let month = 1; month <= 12; month++) {
      const name = intl.format(new Date(Date.UTC(2026, month - 1, 15)));
      const day = `2026-${String(month).padStart(2, '0')}-15` as const;
      expect(oromoGregorianDate(day)).toBe(`${spelling[name] ?? name} 15, 2026`);
    }
  });

  it('writes the Ethiopian day with the month of the same season: Fulbaana is Meskerem, Qaammee Pagume', () => {
    expect(oromoEthiopianDate('2026-11-27')).toBe('Sadaasa 18, 2019');
    expect(oromoShortDay('2026-11-27')).toBe('Sad 18');
    OROMO_MONTHS.forEach((name, i) => {
      expect(oromoEthiopianDate(fromEthiopian({ year: 2018, month: i + 1, day: 3 }))).toBe(`${name} 3, 2018`);
    });
  });

  it('tells the time on the 12-hour clock with WD and WB, in the zone asked for', () => {
    const at = new Date('2026-11-27T12:05:09Z');
    expect(oromoTime(at, 'Africa/Addis_Ababa')).toBe('3:05 WB');
    expect(oromoTime(at, 'Africa/Addis_Ababa', true)).toBe('3:05:09 WB');
    expect(oromoTime(at, 'America/Chicago')).toBe('6:05 WD');
    expect(oromoTime(new Date('2026-11-26T21:30:00Z'), 'Africa/Addis_Ababa')).toBe('12:30 WD');
  });
});
