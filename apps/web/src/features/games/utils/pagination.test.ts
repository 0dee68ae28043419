import { describe, expect, it } from 'vitest';
import { pageFromSearch } from './pagination';

describe('the page in the address', () => {
  it('reads the page from the address, page 1 for anything that is not a page', () => {
    expect(pageFromSearch('3')).toBe(3);
    expect(pageFromSearch(null)).toBe(1);
    for (const bad of ['', '0', '-2', '1.5', 'two', '1e9']) expect(pageFromSearch(bad), bad).toBe(1);
  });
});
