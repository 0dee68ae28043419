/**
 * The interface languages, as plain data: the web's sign-in screen reads them before the contract's schemas
 * (zod) have loaded, so this file imports nothing.
 */
/** English, Amharic and Afaan Oromoo (decision 078). */
export const LANGUAGE_CODES = ['en', 'am', 'om'] as const;

/** Each language named in its own language, as the language switches show it. */
export const LANGUAGE_NAMES: Readonly<Record<(typeof LANGUAGE_CODES)[number], string>> = {
  en: 'English',
  am: 'አማርኛ',
  om: 'Afaan Oromoo',
};

/**
 * Their short forms, for the navigation bar where three full names would crowd the menu out (the buttons' names
 * say both: 'EN English').
 */
export const LANGUAGE_SHORT_NAMES: Readonly<Record<(typeof LANGUAGE_CODES)[number], string>> = {
  en: 'EN',
  am: 'አማ',
  om: 'OM',
};

export function isLanguage(value: unknown): value is (typeof LANGUAGE_CODES)[number] {
  return (LANGUAGE_CODES as readonly unknown[]).includes(value);
}
