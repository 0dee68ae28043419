import { CLAIM_MESSAGES, PATTERNS } from '@cartela/core';
import { describe, expect, it } from 'vitest';
import am from './am.json';
import en from './en.json';

type Texts = { [key: string]: string | Texts };
const keys = (texts: Texts, prefix = ''): string[] =>
  Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );

describe('the room texts', () => {
  it('has every English text in Amharic too', () => {
    expect(keys(am).sort()).toEqual(keys(en).sort());
  });

  it("keeps the spec's English texts, and core's pattern names and claim verdicts", () => {
    expect(en.loading).toBe('Preloading voices and creating offline game...');
    expect(en.createFailed).toBe('Failed to create offline game');
    // The spec's 'All game progress will be lost!' and 'Warning: Game Data Will Be Lost!' were not true: the
    // room keeps the game on the device (decision 085).
    expect(en.leave).not.toMatch(/lost/i);
    expect(en.refreshDialog.title).not.toMatch(/lost/i);
    expect(en.refreshDialog.body).toContain('Nothing is lost');
    expect(en.refreshDialog.stay).toBe('Stay in Game');
    expect(en.refreshDialog.confirm).toBe('Refresh Anyway');
    expect(en.finishDialog.title).toBe('Finish Game?');
    expect(en.controls.autoNoNetwork).toBe('Auto (No Network)');
    expect(en.modal.blocked).toBe('Cartela blocked - not a winner yet!');
    expect(en.patterns).toEqual(Object.fromEntries(PATTERNS.map((p) => [p.id, p.name])));
    expect(en.claim).toEqual(CLAIM_MESSAGES);
  });
});
