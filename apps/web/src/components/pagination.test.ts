import { describe, expect, it } from 'vitest';
import { pageFromSearch, pageWindow } from './pagination';

describe('the page buttons', () => {
  it('offers up to five pages around the current one, never past either end', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 9)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(5, 9)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(8, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(9, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe('the page in the address', () => {
  it('reads the page from the address, page 1 for anything that is not a page', () => {
    expect(pageFromSearch('3')).toBe(3);
    expect(pageFromSearch(null)).toBe(1);
    for (const bad of ['', '0', '-2', '1.5', 'two', '1e9']) expect(pageFromSearch(bad), bad).toBe(1);
  });
});
