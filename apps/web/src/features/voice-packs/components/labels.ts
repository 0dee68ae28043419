import type { TFunction } from 'i18next';

const KNOWN_LANGUAGES = ['am', 'en', 'om', 'ti'] as const;
export const LANGUAGE_CHOICES = KNOWN_LANGUAGES;

/** A pack's language by name where the app knows it ('am' -> Amharic), else its code. */
export function languageName(t: TFunction, code: string): string {
  return (KNOWN_LANGUAGES as readonly string[]).includes(code)
    ? t(`voicePacks.languages.${code as (typeof KNOWN_LANGUAGES)[number]}`)
    : code;
}

/** Bytes as KB under a megabyte, else MB with one decimal. */
export function sizeText(t: TFunction, bytes: number, number: (value: number, decimals?: number) => string) {
  return bytes < 1024 * 1024
    ? t('voicePacks.kb', { value: number(Math.max(1, Math.round(bytes / 1024))) })
    : t('voicePacks.mb', { value: number(bytes / (1024 * 1024), 1) });
}
