import { PATTERN_IDS } from '@cartela/core';
import { describe, expect, it } from 'vitest';
import { CORE_PATTERN_NAMES } from '@/test/texts';
import am from '../i18n/am.json';
import en from '../i18n/en.json';

describe('winning pattern names', () => {
  it("are packages/core's names in English, and every pattern has an Amharic one", () => {
    expect(en.patterns).toEqual(CORE_PATTERN_NAMES);
    expect(Object.keys(am.patterns).sort()).toEqual([...PATTERN_IDS].sort());
  });
});
