import { PATTERN_IDS, PATTERNS } from '@cartela/core';
import { describe, expect, it } from 'vitest';
import am from '../i18n/am.json';
import en from '../i18n/en.json';

describe('winning pattern names', () => {
  it("are packages/core's names in English, and every pattern has an Amharic one", () => {
    expect(en.patterns).toEqual(Object.fromEntries(PATTERNS.map((p) => [p.id, p.name])));
    expect(Object.keys(am.patterns).sort()).toEqual([...PATTERN_IDS].sort());
  });
});
