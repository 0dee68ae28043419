import { describe, expect, it } from 'vitest';
import { splitRange } from './rollup.js';

describe('splitRange', () => {
  it('reads whole months from the months and the rest from the days', () => {
    expect(splitRange({ from: '2026-01-01', to: '2026-11-25' })).toEqual({
      months: { from: '2026-01-01', to: '2026-11-01' },
      days: [{ from: '2026-11-01', to: '2026-11-25' }],
    });
    expect(splitRange({ from: '2025-11-26', to: '2026-11-25' })).toEqual({
      months: { from: '2025-12-01', to: '2026-11-01' },
      days: [
        { from: '2025-11-26', to: '2025-11-30' },
        { from: '2026-11-01', to: '2026-11-25' },
      ],
    });
    expect(splitRange({ from: '2026-02-01', to: '2026-02-28' })).toEqual({
      months: { from: '2026-02-01', to: '2026-03-01' },
      days: [],
    });
    expect(splitRange({ from: '2026-12-01', to: '2026-12-31' })).toEqual({
      months: { from: '2026-12-01', to: '2027-01-01' },
      days: [],
    });
  });

  it('keeps a range inside one month in days', () => {
    expect(splitRange({ from: '2026-11-03', to: '2026-11-25' })).toEqual({
      months: null,
      days: [{ from: '2026-11-03', to: '2026-11-25' }],
    });
    expect(splitRange({ from: '2026-11-23', to: '2026-12-02' })).toEqual({
      months: null,
      days: [{ from: '2026-11-23', to: '2026-12-02' }],
    });
  });

  it('opens the months when a bound is missing', () => {
    expect(splitRange({ from: null, to: null })).toEqual({ months: { from: null, to: null }, days: [] });
    expect(splitRange({ from: null, to: '2026-11-25' })).toEqual({
      months: { from: null, to: '2026-11-01' },
      days: [{ from: '2026-11-01', to: '2026-11-25' }],
    });
    expect(splitRange({ from: '2026-11-25', to: null })).toEqual({
      months: { from: '2026-12-01', to: null },
      days: [{ from: '2026-11-25', to: '2026-11-30' }],
    });
  });
});
