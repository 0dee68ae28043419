import type { TFunction } from 'i18next';

/** The languages an upload may name (any other code still shows, as itself). */
export const LANGUAGE_CHOICES = ['am', 'en', 'om', 'ti'] as const;

/** A pack's language by name where the app knows it ('am' -> Amharic), else its code. */
export function languageName(t: TFunction, code: string): string {
  return (LANGUAGE_CHOICES as readonly string[]).includes(code)
    ? t(`voicePacks.languages.${code as (typeof LANGUAGE_CHOICES)[number]}`)
    : code;
}

/** Bytes as KB under a megabyte, else MB with one decimal. */
export function sizeText(t: TFunction, bytes: number, number: (value: number, decimals?: number) => string) {
  return bytes < 1024 * 1024
    ? t('voicePacks.kb', { value: number(Math.max(1, Math.round(bytes / 1024))) })
    : t('voicePacks.mb', { value: number(bytes / (1024 * 1024), 1) });
}
