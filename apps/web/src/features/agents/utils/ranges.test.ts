import { describe, expect, it } from 'vitest';
import { chunk, fromRanges, toRanges } from './ranges';

describe('cartela number ranges', () => {
  it('writes runs as ranges and reads them back', () => {
    expect(toRanges([7, 1, 2, 3, 4, 4, 300, 299])).toBe('1-4,7,299-300');
    expect(fromRanges('1-4,7,299-300')).toEqual([1, 2, 3, 4, 7, 299, 300]);
    expect(toRanges([])).toBe('');
    expect(fromRanges('')).toEqual([]);
  });

  it('keeps to 1-300 and drops what is not a number', () => {
    expect(fromRanges('0-2, 299-400 ,x,5-3, 8')).toEqual([1, 2, 8, 299, 300]);
    expect(toRanges([0, 1, 301, 2.5])).toBe('1');
  });

  it('cuts a list into pages', () => {
    expect(chunk([1, 2, 3, 4, 5], 4)).toEqual([[1, 2, 3, 4], [5]]);
    expect(chunk([], 4)).toEqual([]);
  });
});
