import { describe, expect, it } from 'vitest';
import { expectTexts, textAt, textKeys } from '@/test/texts';
import am from './am.json';
import en from './en.json';
import { applyLanguage, i18n } from './index';

// Every feature's own texts (features/<name>/i18n/{en,am}.json), checked like the entry's; so are the public
// /verify page's (verify/i18n/{en,am}.json, decision 074), under the name 'verify'.
const featureBundles = import.meta.glob<{ default: Record<string, unknown> }>(
  ['../features/*/i18n/*.json', '../verify/i18n/*.json'],
  { eager: true },
);
const folderOf = (feature: string) => (feature === 'verify' ? '../verify' : `../features/${feature}`);
const FEATURES = [
  ...new Set(Object.keys(featureBundles).map((file) => /features\/([^/]+)\//.exec(file)?.[1] ?? 'verify')),
];
const bundle = (feature: string, language: 'en' | 'am') =>
  featureBundles[`${folderOf(feature)}/i18n/${language}.json`]?.default ?? {};
/** The entry's texts with every feature's merged under its key: what t() sees once all pages loaded. */
const allEn = { ...en, ...Object.fromEntries(FEATURES.map((f) => [f, bundle(f, 'en')])) };
const allAm = { ...am, ...Object.fromEntries(FEATURES.map((f) => [f, bundle(f, 'am')])) };

function values(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Object.values(value as object).flatMap(values);
}

describe('translations', () => {
  it('has exactly the same keys in English and Amharic, in the entry and in every feature', () => {
    expect(FEATURES).toContain('settings');
    expect(FEATURES).toContain('verify');
    expect(textKeys(am).sort()).toEqual(textKeys(en).sort());
    for (const feature of FEATURES) {
      expect(textKeys(bundle(feature, 'am')).sort(), feature).toEqual(textKeys(bundle(feature, 'en')).sort());
      // A feature's key must not also be an entry key: one would hide the other.
      expect(Object.keys(en), feature).not.toContain(feature);
    }
  });

  it('has no empty text in either language', () => {
    for (const text of [...values(allEn), ...values(allAm)]) expect(text.trim()).not.toBe('');
  });

  it("writes Amharic in Ge'ez script", () => {
    const ethiopic = /[\u1200-\u139F]/;
    // Brand and language names may stay as they are; everything else must be Amharic.
    const latinOnly = textKeys(allAm).filter((key) => !ethiopic.test(String(textAt(allAm, key))));
    expect(latinOnly.sort()).toEqual(['common.appName', 'language.en']);
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
