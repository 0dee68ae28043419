import type { Language } from '@cartela/contract';
import { describe, expect, it } from 'vitest';
import { expectTexts, textAt, textKeys } from '@/test/texts';
import am from './am.json';
import en from './en.json';
import { applyLanguage, i18n, LANGUAGES } from './index';
import om from './om.json';

// Every feature's own texts (<folder>/i18n/{en,am,om}.json beside an index.ts that registers them under the
// feature's name), checked like the entry's; so are the public /verify page's (verify/i18n/*.json, decision 074),
// under the name 'verify'.
const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../**/i18n/*.json', {
  eager: true,
});
const registrations = import.meta.glob<string>('../**/i18n/index.ts', {
  eager: true,
  query: '?raw',
  import: 'default',
});
/** Each feature's name (its key in t()) and folder. */
const FOLDERS = new Map<string, string>([['verify', '../verify/i18n']]);
for (const [file, source] of Object.entries(registrations)) {
  const name = /addFeatureTexts\('(\w+)'/.exec(source)?.[1];
  if (name) FOLDERS.set(name, file.replace(/\/index\.ts$/, ''));
}
const FEATURES = [...FOLDERS.keys()];
const bundle = (feature: string, language: Language) =>
  bundles[`${FOLDERS.get(feature)}/${language}.json`]?.default ?? {};
/** The entry's texts with every feature's merged under its key: what t() sees once all pages loaded. */
const all = (entry: object, language: Language) => ({
  ...entry,
  ...Object.fromEntries(FEATURES.map((f) => [f, bundle(f, language)])),
});
const allEn = all(en, 'en');
const allAm = all(am, 'am');
const allOm = all(om, 'om');

/** The only Oromo texts that are the English ones: the brand, language names, signs and bare placeholders. */
const OROMO_AS_ENGLISH = [
  'coins.rowLabel', // '{{what}}, {{date}}'
  'common.appName', // Cartela
  'dashboard.overview.caption', // '{{day}}: {{amount}}'
  'games.history.details.voiceSpeedValue', // '{{value}}×'
  'room.winner.title', // BINGO!
  'roomDisplay.winner', // BINGO!
  'voicePacks.kb', // '{{value}} KB'
  'voicePacks.mb', // '{{value}} MB'
];

function values(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Object.values(value as object).flatMap(values);
}

describe('translations', () => {
  it('offers English, Amharic and Afaan Oromoo, each by its own name', () => {
    expect(LANGUAGES).toEqual([
      { code: 'en', name: 'English' },
      { code: 'am', name: 'አማርኛ' },
      { code: 'om', name: 'Afaan Oromoo' },
    ]);
  });

  it('misses no key in any language, in the entry and in every feature', () => {
    expect(FEATURES).toContain('settings');
    expect(FEATURES).toContain('verify');
    expect(FEATURES.length).toBeGreaterThanOrEqual(17);
    const keys = textKeys(allEn).sort();
    for (const [language, texts] of [
      ['am', allAm],
      ['om', allOm],
    ] as const) {
      const have = new Set(textKeys(texts));
      const missing = keys.filter((key) => !have.has(key));
      const extra = [...have].filter((key) => !keys.includes(key));
      expect({ language, missing, extra }).toEqual({ language, missing: [], extra: [] });
    }
    for (const feature of FEATURES) {
      // A feature's key must not also be an entry key: one would hide the other.
      expect(Object.keys(en), feature).not.toContain(feature);
    }
    // Every texts file belongs to a registered feature (or the entry).
    const folders = new Set([...FOLDERS.values(), '.']);
    for (const file of Object.keys(bundles))
      expect(folders, file).toContain(file.replace(/\/\w+\.json$/, ''));
  });

  it("registers every language's texts for every feature", () => {
    for (const [feature, folder] of FOLDERS) {
      if (feature === 'verify') continue;
      const source = registrations[`${folder}/index.ts`] ?? '';
      for (const { code } of LANGUAGES.filter((l) => l.code !== 'en')) {
        expect(source, feature).toContain(`${code}: () => import('./${code}.json')`);
      }
    }
  });

  it('has no empty text in any language', () => {
    for (const text of [...values(allEn), ...values(allAm), ...values(allOm)])
      expect(text.trim()).not.toBe('');
  });

  it('keeps every {{value}} of the English text in each translation', () => {
    const slots = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
    for (const texts of [allAm, allOm]) {
      for (const key of textKeys(allEn)) {
        expect(slots(textAt(texts, key)), key).toEqual(slots(textAt(allEn, key)));
      }
    }
  });

  it('names the winning patterns alike on every screen, in each language (each chunk has its own copy)', () => {
    const copies = FEATURES.filter((f) => 'patterns' in bundle(f, 'en'));
    expect(copies).toEqual(
      expect.arrayContaining(['games', 'room', 'roomDisplay', 'agents', 'balance', 'verify']),
    );
    for (const language of LANGUAGES.map((l) => l.code)) {
      const games = bundle('games', language).patterns;
      for (const feature of copies)
        expect(bundle(feature, language).patterns, `${feature} ${language}`).toEqual(games);
    }
  });

  it('writes Afaan Oromoo in Qubee, with nothing left in English but names and signs', () => {
    const geez = textKeys(allOm).filter((key) => /[\u1200-\u139F]/.test(String(textAt(allOm, key))));
    expect(geez).toEqual([]);
    const asEnglish = textKeys(allOm).filter((key) => textAt(allOm, key) === textAt(allEn, key));
    expect(asEnglish.sort()).toEqual(OROMO_AS_ENGLISH);
  });

  it("writes Amharic in Ge'ez script", () => {
    const ethiopic = /[\u1200-\u139F]/;
    // Brand and language names may stay as they are; everything else must be Amharic.
    const latinOnly = textKeys(allAm).filter((key) => !ethiopic.test(String(textAt(allAm, key))));
    expect(latinOnly.sort()).toEqual(['common.appName']);
  });

  it('keeps the spec texts in English exactly', () => {
    expectTexts(allEn, {
      'auth.loginSuccess': 'Login successful!',
      'auth.superAgentLoginSuccess': 'Super Agent login successful!',
      'auth.loggedOut': 'Logged out successfully',
      'auth.invalidCredentials': 'Invalid username or password',
      'auth.loginFailed': 'Login failed',
      'auth.loginFailedRetry': 'Login failed. Please try again.',
      'auth.signingIn': 'Signing in...',
      'common.loading': 'Loading...',
      'settings.profile.updated': 'Profile updated successfully',
      'settings.profile.updateFailed': 'Update failed',
      'common.updateFailed': 'Update failed',
    });
  });

  it('switches to Afaan Oromoo, remembered on this device', async () => {
    await applyLanguage('om');
    expect(i18n.t('auth.signIn')).toBe(om.auth.signIn);
    expect(i18n.t('auth.signIn')).not.toBe(en.auth.signIn);
    expect(document.documentElement.lang).toBe('om');
    expect(localStorage.getItem('language')).toBe('om');
    await applyLanguage('en');
  });

  it('switches to Amharic and sets <html lang>', async () => {
    await applyLanguage('am');
    expect(i18n.t('auth.signIn')).toBe('ግባ');
    expect(document.documentElement.lang).toBe('am');
    expect(localStorage.getItem('language')).toBe('am');
    await applyLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it("loads a feature's texts with its pages, in the language in use, and again on a switch", async () => {
    const { addFeatureTexts, featureTextsReady } = await import('./index');
    await applyLanguage('am');
    addFeatureTexts('zzTest', {
      en: { hello: 'Hello' },
      am: async () => ({ default: { hello: 'ሰላም' } }),
    });
    await featureTextsReady();
    expect(i18n.t('zzTest.hello' as 'common.loading')).toBe('ሰላም');
    await applyLanguage('en');
    expect(i18n.t('zzTest.hello' as 'common.loading')).toBe('Hello');
    // The entry's own texts are untouched by the merge.
    expect(i18n.t('auth.signIn')).toBe('Sign in');
  });
});
