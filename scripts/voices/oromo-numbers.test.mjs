import { describe, expect, it } from 'vitest';
import { oromoNumber } from './oromo-numbers.mjs';

// Written out by hand, not derived: the words the generated Oromo calls must say.
const EXPECTED = {
  1: 'tokko',
  2: 'lama',
  3: 'sadii',
  4: 'afur',
  5: 'shan',
  6: 'jaha',
  7: 'torba',
  8: 'saddeet',
  9: 'sagal',
  10: 'kudhan',
  11: 'kudha tokko',
  15: 'kudha shan',
  19: 'kudha sagal',
  20: 'digdama',
  21: 'digdamii tokko',
  29: 'digdamii sagal',
  30: 'soddoma',
  34: 'soddomii afur',
  40: 'afurtama',
  45: 'afurtamii shan',
  50: 'shantama',
  52: 'shantamii lama',
  60: 'jaatama',
  68: 'jaatamii saddeet',
  70: 'torbaatama',
  73: 'torbaatamii sadii',
  75: 'torbaatamii shan',
};

describe('Oromo number words', () => {
  it('says the numbers of the calls as an Oromo caller does', () => {
    for (const [n, words] of Object.entries(EXPECTED)) expect(oromoNumber(Number(n)), n).toBe(words);
  });

  it('has a distinct word for each of 1-75, and refuses what is not a call', () => {
    const all = Array.from({ length: 75 }, (_, i) => oromoNumber(i + 1));
    expect(new Set(all).size).toBe(75);
    expect(() => oromoNumber(0)).toThrow(RangeError);
    expect(() => oromoNumber(100)).toThrow(RangeError);
  });
});
