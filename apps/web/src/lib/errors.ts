import { currentLanguage, i18n } from '@/i18n';
import { ApiError } from './api';

/** The server names the field before a validation message ('currentPassword: ...'); the user needs only the text. */
function serverText(error: ApiError): string {
  return error.code === 'VALIDATION_FAILED' ? error.message.replace(/^[\w.[\]]+: /, '') : error.message;
}

/**
 * The text to show for a failed call. In English the server's own message is shown as it is (the spec's
 * texts come from the server); in another language the translation of its code is preferred when one
 * exists. Without either, `fallback` (already translated by the caller).
 */
export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const key = `errors.${error.code}`;
  const translated = i18n.exists(key) ? i18n.t(key as 'errors.NETWORK') : '';
  const message = serverText(error);
  if (message && (currentLanguage() === 'en' || !translated)) return message;
  return translated || fallback;
}
