import type { Language } from '@cartela/contract';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES } from '../i18n';

export interface LanguageSwitchProps {
  onChange: (language: Language) => void;
  className?: string;
}

/** English / አማርኛ, each named in its own language; the current one is pressed. */
export function LanguageSwitch({ onChange, className }: LanguageSwitchProps) {
  const { t } = useTranslation(); // re-renders on a language change
  const current = currentLanguage();
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
          onClick={() => current !== code && onChange(code)}
          className={clsx(
            'min-h-9 rounded-md px-3 text-sm font-medium transition-colors pointer-coarse:min-h-10',
            current === code ? 'bg-surface text-brand-700 shadow-sm' : 'text-ink-muted hover:text-ink',
          )}
        >
          {name}
        </button>
      ))}
    </fieldset>
  );
}
