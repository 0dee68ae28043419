import { describe, expect, it } from 'vitest';
import { addOne, addRange, numberList } from './selection';

const mine = new Set([3, 4, 5, 10, 11, 12, 13, 250]);

describe('adding one cartela', () => {
  it('adds an assigned cartela that is not selected yet', () => {
    const result = addOne(' 10 ', new Set([3]), mine);
    expect(result).toEqual({ kind: 'added', n: 10, selected: new Set([3, 10]) });
  });

  it('refuses what is not a cartela number 1-300, one already selected, and one not assigned', () => {
    for (const text of ['', '0', '301', '1.5', 'abc', '-4'])
      expect(addOne(text, new Set(), mine).kind, text).toBe('invalid');
    expect(addOne('3', new Set([3]), mine)).toEqual({ kind: 'already', n: 3 });
    expect(addOne('7', new Set(), mine)).toEqual({ kind: 'not-assigned', n: 7 });
  });
});

describe('adding a range', () => {
  it('adds only the assigned cartelas of the range and names the others', () => {
    const result = addRange('2', '12', new Set([4]), mine);
    expect(result).toEqual({
      kind: 'added',
      added: [3, 5, 10, 11, 12],
      notAssigned: [2, 6, 7, 8, 9],
      selected: new Set([4, 3, 5, 10, 11, 12]),
    });
  });

  it('takes a blank end as a range of one', () => {
    expect(addRange('250', '', new Set(), mine)).toMatchObject({ added: [250], notAssigned: [] });
  });

  it('needs start >= 1, end <= 300 and start <= end', () => {
    for (const [from, to] of [
      ['0', '5'],
      ['290', '301'],
      ['12', '10'],
      ['', '10'],
      ['x', '10'],
    ] as const) {
      expect(addRange(from, to, new Set(), mine).kind, `${from}-${to}`).toBe('invalid');
    }
  });
});

describe('a list of cartela numbers in a message', () => {
  it('joins runs of three or more into ranges', () => {
    expect(numberList([9, 1, 2, 3, 4, 7, 8, 12])).toBe('1-4, 7-9, 12');
    expect(numberList([5, 6])).toBe('5, 6');
    expect(numberList([])).toBe('');
  });
});
