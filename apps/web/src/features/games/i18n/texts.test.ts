import { PATTERNS } from '@cartela/core';
import { describe, expect, it } from 'vitest';
import am from './am.json';
import en from './en.json';

describe('the games texts', () => {
  it("name and describe the winning patterns in packages/core's English, and every one in Amharic", () => {
    expect(en.patterns).toEqual(Object.fromEntries(PATTERNS.map((p) => [p.id, p.name])));
    expect(en.patternDescriptions).toEqual(Object.fromEntries(PATTERNS.map((p) => [p.id, p.description])));
    expect(Object.keys(am.patterns).sort()).toEqual(Object.keys(en.patterns).sort());
    expect(Object.keys(am.patternDescriptions).sort()).toEqual(Object.keys(en.patternDescriptions).sort());
  });

  it('keeps the spec texts in English exactly', () => {
    expect(en.title).toBe('Game Management');
    expect(en.list.create).toBe('Create New Game');
    expect(en.list.createFirst).toBe('Create Your First Game');
    expect(en.list.empty).toBe('No games found');
    expect(en.list.loading).toBe('Loading games...');
    expect(en.wizard.created).toBe('Game created successfully!');
    expect(en.wizard.failed).toBe('Failed to create game');
    expect(en.wizard.insufficient).toBe('Insufficient virtual coins');
    expect(en.wizard.cartelas.notAssignedAdd).toBe(
      'Cartela {{n}} is not assigned to you. Please select from your assigned cartelas.',
    );
    expect(en.wizard.cartelas.notAssignedRange).toBe(
      'Cartelas {{list}} are not assigned to you. Only assigned cartelas will be added.',
    );
    expect(en.wizard.cartelas.addedRange_other).toBe('Added {{count}} assigned cartelas to selection.');
    expect(en.wizard.cartelas.addedRange_one).toBe('Added {{count}} assigned cartela to selection.');
    expect(en.wizard.cartelas.notAssignedClick).toBe('Cartela {{n}} is not assigned to you.');
    expect(en.history.notFound).toBe('Game Not Found');
    expect(en.history.back).toBe('Back to Games');
    expect(en.history.dataUnavailable).toBe('Game data not available');
    expect(en.history.loadFailed).toBe('Failed to load game history');
    expect(en.history.winner.none).toBe('No winner in this game');
    expect(en.history.winner.noneBody).toBe('Game ended without a winner');
  });
});
