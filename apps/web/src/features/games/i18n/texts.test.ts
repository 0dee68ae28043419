import { PATTERNS } from '@cartela/core';
import { describe, expect, it } from 'vitest';
import { CORE_PATTERN_NAMES, expectTexts } from '@/test/texts';
import am from './am.json';
import en from './en.json';

describe('the games texts', () => {
  it("name and describe the winning patterns in packages/core's English, and every one in Amharic", () => {
    expect(en.patterns).toEqual(CORE_PATTERN_NAMES);
    expect(en.patternDescriptions).toEqual(Object.fromEntries(PATTERNS.map((p) => [p.id, p.description])));
    expect(Object.keys(am.patterns).sort()).toEqual(Object.keys(en.patterns).sort());
    expect(Object.keys(am.patternDescriptions).sort()).toEqual(Object.keys(en.patternDescriptions).sort());
  });

  it('keeps the spec texts in English exactly', () => {
    expectTexts(en, {
      title: 'Game Management',
      'list.create': 'Create New Game',
      'list.createFirst': 'Create Your First Game',
      'list.empty': 'No games found',
      'list.loading': 'Loading games...',
      'wizard.created': 'Game created successfully!',
      'wizard.failed': 'Failed to create game',
      'wizard.insufficient': 'Insufficient virtual coins',
      'wizard.cartelas.notAssignedAdd':
        'Cartela {{n}} is not assigned to you. Please select from your assigned cartelas.',
      'wizard.cartelas.notAssignedRange':
        'Cartelas {{list}} are not assigned to you. Only assigned cartelas will be added.',
      'wizard.cartelas.addedRange_other': 'Added {{count}} assigned cartelas to selection.',
      'wizard.cartelas.addedRange_one': 'Added {{count}} assigned cartela to selection.',
      'wizard.cartelas.notAssignedClick': 'Cartela {{n}} is not assigned to you.',
      'history.notFound': 'Game Not Found',
      'history.back': 'Back to Games',
      'history.dataUnavailable': 'Game data not available',
      'history.loadFailed': 'Failed to load game history',
      'history.winner.none': 'No winner in this game',
      'history.winner.noneBody': 'Game ended without a winner',
    });
  });
});
