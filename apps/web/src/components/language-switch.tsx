import type { Language } from '@cartela/contract';
import { LANGUAGE_SHORT_NAMES } from '@cartela/contract/languages';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { applyLanguage, currentLanguage, LANGUAGES } from '@/i18n';
import { errorText } from '@/lib/errors';
import { saveLanguage, useSession } from '@/lib/session';
import { notify } from '@/lib/toast';

/**
 * English / አማርኛ / Afaan Oromoo, each named in its own language; the current one is pressed. A choice changes the
 * interface at once; for a signed-in user it is also saved to their profile, so it follows them to other devices.
 * Saving is best effort: the screen has already changed, a failure only says so (decision 034). `compact` (the
 * navigation bar) shows the short names (EN, አማ, OM), named 'EN English'... (the name begins with what is seen)
 * (decision 078).
 */
export function LanguageSwitch({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation(); // re-renders on a language change
  const { user } = useSession();
  const current = currentLanguage();

  function choose(language: Language) {
    void applyLanguage(language);
    if (user && user.language !== language) {
      saveLanguage(language).catch((error: unknown) =>
        notify.error(errorText(error, t('common.updateFailed'))),
      );
    }
  }

  return (
    <fieldset
      className={clsx('inline-flex shrink-0 rounded-lg border border-line bg-surface-muted p-0.5', className)}
      aria-label={t('language.label')}
    >
      {LANGUAGES.map(({ code, name }) => (
        <button
          key={code}
          type="button"
          lang={code}
          aria-pressed={current === code}
          // The short name is part of the accessible name: what is read is what is seen (WCAG 2.5.3).
          aria-label={compact ? `${LANGUAGE_SHORT_NAMES[code]} ${name}` : undefined}
          title={compact ? name : undefined}
          onClick={() => current !== code && choose(code)}
          className={clsx(
            'min-h-9 rounded-md px-3 text-sm font-medium transition-colors pointer-coarse:min-h-10',
            current === code ? 'bg-surface text-brand-700 shadow-sm' : 'text-ink-muted hover:text-ink',
          )}
        >
          {compact ? LANGUAGE_SHORT_NAMES[code] : name}
        </button>
      ))}
    </fieldset>
  );
}
