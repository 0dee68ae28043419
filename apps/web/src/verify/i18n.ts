// The /verify page's texts (decision 074): English, Amharic and Afaan Oromoo (decision 078) all in its one small chunk (a few KB: a second
// request would cost an old phone more than the bytes), chosen by ?lang=, else the browser's languages.
import type { Language } from '@cartela/contract';
import { isLanguage, LANGUAGE_CODES, LANGUAGE_NAMES } from '@cartela/contract/languages';
import am from './i18n/am.json';
import en from './i18n/en.json';
import om from './i18n/om.json';

export type { Language };
export { LANGUAGE_NAMES };
export const LANGUAGES: readonly Language[] = LANGUAGE_CODES;

const TEXTS: Record<Language, unknown> = { en, am, om };

/**
 * ?lang=en|am|om when the address says it, else the app's choice in this browser (its 'language' in localStorage:
 * the agent's laptop), else the first of the browser's languages the page speaks, else English.
 */
export function chooseLanguage(
  search: string,
  preferred: readonly string[],
  saved: string | null = null,
): Language {
  const asked = new URLSearchParams(search).get('lang');
  if (isLanguage(asked)) return asked;
  if (isLanguage(saved)) return saved;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** The text at `key` ('verdict.ok') in `language`, with {{name}} filled in; the key itself if there is none. */
export function text(language: Language, key: string, values: Record<string, string | number> = {}): string {
  let node: unknown = TEXTS[language];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}
