import { currentLanguage, i18n } from '@/i18n';
import { ApiError } from './api';

/** The server names the field before a validation message ('currentPassword: ...'); the user needs only the text. */
function serverText(error: ApiError): string {
  return error.code === 'VALIDATION_FAILED' ? error.message.replace(/^[\w.[\]]+: /, '') : error.message;
}

/**
 * Codes whose translation names only the kind of failure ('not found', 'partly incorrect'): the server's message
 * says which cartela, which field, which record, so in another language it follows the translation rather than
 * being lost.
 */
const KIND_ONLY = new Set(['VALIDATION_FAILED', 'NOT_FOUND']);

/**
 * The text to show for a failed call. In English the server's own message is shown as it is (the spec's
 * texts come from the server); in another language the translation of its code is preferred when one
 * exists, followed by the server's message for the codes that only name a kind of failure. Without either,
 * `fallback` (already translated by the caller).
 */
export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const key = `errors.${error.code}`;
  const translated = i18n.exists(key) ? i18n.t(key as 'errors.NETWORK') : '';
  const message = serverText(error);
  if (message && (currentLanguage() === 'en' || !translated)) return message;
  if (translated && message && KIND_ONLY.has(error.code)) return `${translated} (${message})`;
  return translated || fallback;
}
