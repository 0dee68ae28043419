import { afterEach, describe, expect, it } from 'vitest';
import {
  businessTimeZone,
  businessTimeZoneName,
  businessToday,
  CALENDAR_OF,
  calendarQuery,
  formatDate,
  formatDateTime,
  formatEtb,
  formatNumber,
  formatShortDay,
  lastDayOver,
  setBusinessTimeZone,
} from './format';

afterEach(() => setBusinessTimeZone(null));

describe('format', () => {
  // Intl puts a no-break space between the unit and the number.
  const plain = (text: string) => text.replace(/\s/g, ' ');

  it('formats ETB with two decimals, as currency of the en-ET or am-ET locale', () => {
    expect(plain(formatEtb(1234.5, 'en'))).toBe('ETB 1,234.50');
    expect(plain(formatEtb(1234.5, 'am'))).toBe('ብር 1,234.50');
    expect(plain(formatEtb(0, 'en'))).toBe('ETB 0.00');
    expect(plain(formatEtb(-20, 'en'))).toBe('-ETB 20.00');
  });

  it('formats weekday tiles with no decimals, rounding half away from zero', () => {
    expect(plain(formatEtb(1234.5, 'en', 0))).toBe('ETB 1,235');
    expect(plain(formatEtb(0.5, 'en', 0))).toBe('ETB 1');
  });

  it('refuses an amount with more than 2 decimals instead of showing a wrong figure', () => {
    expect(() => formatEtb(1.005, 'en')).toThrow();
  });

  it('groups thousands', () => {
    expect(formatNumber(1000, 'en')).toBe('1,000');
    expect(formatNumber(1234567, 'am')).toBe('1,234,567');
  });

  it('shows dates in Addis Ababa time, English in the Gregorian calendar', () => {
    // 22:30 UTC is already the next day in Addis Ababa (UTC+3).
    expect(formatDate('2025-11-21T22:30:00.000Z', 'en')).toBe('Nov 22, 2025');
  });

  it('shows Amharic dates in the Ethiopian calendar', () => {
    const text = formatDate('2025-11-22T08:00:00.000Z', 'am');
    expect(text).toMatch(/2018/); // Ethiopian year 2018 began in September 2025
    expect(text).toMatch(/[\u1200-\u137F]/);
    expect(text).toMatch(/13/);
  });

  it("shows a business day short, as the day it is in any zone ('Nov 17'; Ethiopian in Amharic)", () => {
    setBusinessTimeZone('Pacific/Kiritimati');
    expect(formatShortDay('2025-11-17', 'en')).toBe('Nov 17');
    expect(formatShortDay('2025-11-17', 'am')).toMatch(/8/); // Hidar 8, 2018
    expect(formatShortDay('2025-11-17', 'am')).not.toMatch(/2018/);
  });

  it('adds the time of day on request', () => {
    expect(formatDateTime('2025-11-22T08:05:00.000Z', 'en')).toMatch(/Nov 22, 2025.*11:05/);
  });

  it('returns an empty string for a bad date', () => {
    expect(formatDate('not a date', 'en')).toBe('');
  });

  it("shows days in the server's business time zone once the session has told it (decision 065)", () => {
    expect(businessTimeZone()).toBe('Africa/Addis_Ababa');
    setBusinessTimeZone('America/Chicago');
    expect(businessTimeZone()).toBe('America/Chicago');
    expect(businessTimeZoneName()).toBe('Chicago');
    // 03:30 UTC on 22 November is still the 21st in Chicago (UTC-6).
    expect(formatDate('2025-11-22T03:30:00.000Z', 'en')).toBe('Nov 21, 2025');
    expect(formatDateTime('2025-11-22T03:30:00.000Z', 'en')).toMatch(/Nov 21, 2025.*9:30/);
    const instant = new Date('2025-11-22T03:30:00.000Z');
    expect(businessToday(instant)).toBe('2025-11-21');
    expect(lastDayOver(instant)).toBe('2025-11-20');
    // A zone this browser does not know leaves the default.
    setBusinessTimeZone('Mars/Olympus');
    expect(businessTimeZone()).toBe('Africa/Addis_Ababa');
    expect(businessToday(instant)).toBe('2025-11-22');
  });

  it('shows a business day (YYYY-MM-DD) as the day it is, whatever the zone', () => {
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Africa/Addis_Ababa']) {
      setBusinessTimeZone(zone);
      expect(formatDate('2025-11-22', 'en'), zone).toBe('Nov 22, 2025');
      // Hidar 13, 2018 in the Ethiopian calendar.
      expect(formatDate('2025-11-22', 'am'), zone).toMatch(/13.*2018/);
    }
  });

  it('counts months and years in the calendar of the language', () => {
    expect(CALENDAR_OF.am).toBe('ethiopic');
    expect(CALENDAR_OF.en).toBe('gregorian');
    expect(calendarQuery('ethiopic')).toEqual({ calendar: 'ethiopic' });
    expect(calendarQuery('gregorian')).toEqual({});
  });
});
