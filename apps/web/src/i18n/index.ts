import type { Language } from '@cartela/contract';
import { isLanguage, LANGUAGE_CODES, LANGUAGE_NAMES } from '@cartela/contract/languages';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from '@/lib/storage';
import en from './en.json';

/** The languages offered, each named in its own language. */
export const LANGUAGES: ReadonlyArray<{ code: Language; name: string }> = LANGUAGE_CODES.map((code) => ({
  code,
  name: LANGUAGE_NAMES[code],
}));

/** English until the device or the signed-in user says otherwise (the e2e suite reads English labels). */
export const DEFAULT_LANGUAGE: Language = 'en';

// English ships in the entry; other languages are fetched when first used, so the sign-in screen does not
// grow with every language and every string the app gains.
const loaders: Partial<Record<Language, () => Promise<{ default: typeof en }>>> = {
  am: () => import('./am.json'),
  om: () => import('./om.json'),
};

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGE_CODES],
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
  const language = i18n.resolvedLanguage;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

type Texts = { [key: string]: string | Texts };
type TextsLoader = () => Promise<{ default: Texts }>;

/**
 * Each feature's texts, registered when its pages load (features/<name>/i18n/index.ts): English comes with
 * the pages' chunk, other languages are fetched when used. They are merged into the one namespace under the
 * feature's key, so `t('settings.profile.title')` reads the same wherever the text lives.
 */
const featureTexts = new Map<string, Partial<Record<Language, TextsLoader>>>();
const loaded = new Set<string>();
const pending = new Set<Promise<void>>();

async function loadFeatureLanguage(feature: string, language: Language): Promise<void> {
  const load = featureTexts.get(feature)?.[language];
  if (!load || loaded.has(`${feature}:${language}`)) return;
  const texts = (await load()).default;
  i18n.addResourceBundle(language, 'translation', { [feature]: texts }, true, true);
  loaded.add(`${feature}:${language}`);
}

/** Registers a feature's texts: English at once, the current language's as soon as it arrives. */
export function addFeatureTexts(
  feature: string,
  texts: { en: Texts } & Partial<Record<Language, TextsLoader | Texts>>,
) {
  if (featureTexts.has(feature)) return;
  const loaders: Partial<Record<Language, TextsLoader>> = {};
  for (const [language, value] of Object.entries(texts) as [Language, TextsLoader | Texts][]) {
    loaders[language] = typeof value === 'function' ? value : async () => ({ default: value });
  }
  featureTexts.set(feature, loaders);
  i18n.addResourceBundle('en', 'translation', { [feature]: texts.en }, true, true);
  loaded.add(`${feature}:en`);
  const job = loadFeatureLanguage(feature, currentLanguage()).catch((error) =>
    console.warn(`Could not load the "${feature}" texts`, error),
  );
  pending.add(job);
  void job.finally(() => pending.delete(job));
}

/** Resolves once the texts of every feature registered so far are there (lazyPage waits for it). */
export async function featureTextsReady(): Promise<void> {
  await Promise.all(pending);
}

async function loadLanguage(language: Language): Promise<void> {
  const load = loaders[language];
  if (load && !i18n.hasResourceBundle(language, 'translation')) {
    const resources = await load();
    i18n.addResourceBundle(language, 'translation', resources.default, true, true);
  }
  await Promise.all([...featureTexts.keys()].map((feature) => loadFeatureLanguage(feature, language)));
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
