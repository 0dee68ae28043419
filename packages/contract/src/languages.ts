/**
 * The interface languages, as plain data: the web's sign-in screen reads them before the contract's schemas
 * (zod) have loaded, so this file imports nothing.
 */
export const LANGUAGE_CODES = ['en', 'am'] as const;

export function isLanguage(value: unknown): value is (typeof LANGUAGE_CODES)[number] {
  return (LANGUAGE_CODES as readonly unknown[]).includes(value);
}
