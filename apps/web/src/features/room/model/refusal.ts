import { currentLanguage, i18n } from '@/i18n';

/**
 * A refusal of a game action (core's code and English message, or the server's) in the interface language. In
 * English the message as it came, which names the cartela or the ball; in another language the translation of
 * its code ('room.refusals.GAME_PAUSED', else the app's 'errors.FORBIDDEN'...), else the message as it came.
 */
export function refusalText(code: string, message: string): string {
  if (currentLanguage() === 'en' && message) return message;
  for (const key of [`room.refusals.${code}`, `errors.${code}`]) {
    if (i18n.exists(key)) return i18n.t(key as 'errors.NETWORK');
  }
  return message || code;
}
