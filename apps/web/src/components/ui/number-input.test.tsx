import { describe, expect, it } from 'vitest';
import { typedNumber } from './number-input';

/** Issue 19 point 3, decision 061: a number field never rewrites what was typed; what is not a number is NaN. */
describe('typedNumber', () => {
  it.each([
    '12.5',
    '12.50',
    '-5',
    '1e3',
    '٣',
    '١٢',
    ' 12 ',
    '12 ',
    '',
    '+5',
    '0x10',
    '1,000',
    '12.',
    '.5',
    'Infinity',
  ])("refuses '%s' as a whole number", (text) => {
    expect(typedNumber(text, 'whole')).toBeNaN();
  });

  it.each(['-5', '1e3', '٣', ' 12 ', '', '12.', '.5', '1,5', '12,50', 'NaN'])(
    "refuses '%s' as a decimal",
    (text) => {
      expect(typedNumber(text, 'decimal')).toBeNaN();
    },
  );

  it('reads ASCII digits as they are', () => {
    expect(typedNumber('12', 'whole')).toBe(12);
    expect(typedNumber('0', 'whole')).toBe(0);
    expect(typedNumber('12.5', 'decimal')).toBe(12.5);
    expect(typedNumber('12.50', 'decimal')).toBe(12.5);
    expect(typedNumber('16.6667', 'decimal')).toBe(16.6667);
  });

  it("keeps a form's default number", () => {
    expect(typedNumber(120, 'whole')).toBe(120);
    expect(typedNumber(undefined, 'whole')).toBeNaN();
  });
});
