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
 * texts come from the server). In another language: the translation of its `reason` when there is one; else
 * the translation of its code, followed by the server's message for the codes that only name a kind of
 * failure; else the server's message. Without any, `fallback` (already translated by the caller).
 */
export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const message = serverText(error);
  if (currentLanguage() !== 'en' && error.reason) {
    // The most precise: a translation of the server's reason ('errors.reasons.WRONG_PASSWORD').
    const reasonKey = `errors.reasons.${error.reason}`;
    if (i18n.exists(reasonKey)) return i18n.t(reasonKey as 'errors.reasons.WRONG_PASSWORD');
  }
  const key = `errors.${error.code}`;
  const translated = i18n.exists(key) ? i18n.t(key as 'errors.NETWORK') : '';
  if (message && (currentLanguage() === 'en' || !translated)) return message;
  if (translated && message && KIND_ONLY.has(error.code)) return `${translated} (${message})`;
  return translated || fallback;
}
