import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatEtb, formatNumber } from './format';

describe('format', () => {
  it('formats ETB with two decimals and the unit of the language', () => {
    expect(formatEtb(1234.5, 'en')).toBe('1,234.50 ETB');
    expect(formatEtb(1234.5, 'am')).toBe('1,234.50 ብር');
    expect(formatEtb(0, 'en')).toBe('0.00 ETB');
    expect(formatEtb(-20, 'en')).toBe('-20.00 ETB');
  });

  it('formats weekday tiles with no decimals', () => {
    expect(formatEtb(1234.5, 'en', 0)).toBe('1,235 ETB');
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

  it('adds the time of day on request', () => {
    expect(formatDateTime('2025-11-22T08:05:00.000Z', 'en')).toMatch(/Nov 22, 2025.*11:05/);
  });

  it('returns an empty string for a bad date', () => {
    expect(formatDate('not a date', 'en')).toBe('');
  });
});
