import type { Language } from '@cartela/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from '@/lib/storage';
import en from './en.json';

/** The languages offered, each named in its own language. */
export const LANGUAGES: ReadonlyArray<{ code: Language; name: string }> = [
  { code: 'en', name: 'English' },
  { code: 'am', name: 'አማርኛ' },
];

/** English until the device or the signed-in user says otherwise (the e2e suite reads English labels). */
export const DEFAULT_LANGUAGE: Language = 'en';

// English ships in the entry; other languages are fetched when first used, so the sign-in screen does not
// grow with every language and every string the app gains.
const loaders: Partial<Record<Language, () => Promise<{ default: typeof en }>>> = {
  am: () => import('./am.json'),
};

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['en', 'am'],
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

export function currentLanguage(): Language {
  return i18n.resolvedLanguage === 'am' ? 'am' : 'en';
}

async function loadLanguage(language: Language): Promise<void> {
  const load = loaders[language];
  if (!load || i18n.hasResourceBundle(language, 'translation')) return;
  const resources = await load();
  i18n.addResourceBundle(language, 'translation', resources.default, true, true);
}

/** Switch the interface (at once when the language was used before) and remember it on this device. */
export async function applyLanguage(language: Language): Promise<void> {
  storage.setLanguage(language);
  try {
    await loadLanguage(language);
  } catch (error) {
    // Offline before the language was ever loaded: keep the current one rather than fail the caller.
    console.warn(`Could not load the "${language}" translations`, error);
    return;
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** Before the first render: the language this device used last. */
export async function restoreLanguage(): Promise<void> {
  const stored = storage.getLanguage();
  if (stored && stored !== i18n.language) await applyLanguage(stored);
}

export { i18n };
