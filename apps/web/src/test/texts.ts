// The checks of the translation files (i18n/{en,am}.json, features/<name>/i18n/{en,am}.json).
import { PATTERNS } from '@cartela/core';
import { expect } from 'vitest';

/** The winning patterns' names as packages/core words them in English, by id: what each feature's texts say. */
export const CORE_PATTERN_NAMES = Object.fromEntries(PATTERNS.map((p) => [p.id, p.name]));

/** Every text's key path in a translation tree ('list.create', 'wizard.cartelas.add'...). */
export function textKeys(texts: unknown, prefix = ''): string[] {
  if (texts === null || typeof texts !== 'object') return [prefix];
  return Object.entries(texts).flatMap(([key, child]) => textKeys(child, prefix ? `${prefix}.${key}` : key));
}

/** The text at a key path ('auth.loginSuccess'). */
export const textAt = (texts: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts);

/** The spec's own words: each text of `expected`, by its key path, is exactly the one in `texts`. */
export function expectTexts(texts: unknown, expected: Record<string, string>): void {
  for (const [path, text] of Object.entries(expected)) expect(textAt(texts, path), path).toBe(text);
}
