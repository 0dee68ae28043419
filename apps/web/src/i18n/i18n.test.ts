import { describe, expect, it } from 'vitest';
import am from './am.json';
import en from './en.json';
import { applyLanguage, i18n } from './index';

function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function values(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Object.values(value as object).flatMap(values);
}

describe('translations', () => {
  it('has exactly the same keys in English and Amharic', () => {
    expect(keys(am).sort()).toEqual(keys(en).sort());
  });

  it('has no empty text in either language', () => {
    for (const text of [...values(en), ...values(am)]) expect(text.trim()).not.toBe('');
  });

  it("writes Amharic in Ge'ez script", () => {
    const ethiopic = /[\u1200-\u139F]/;
    // Brand and language names may stay as they are; everything else must be Amharic.
    const latinOnly = keys(am).filter((key) => {
      const text = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], am);
      return !ethiopic.test(String(text));
    });
    expect(latinOnly.sort()).toEqual(['common.appName', 'language.en']);
  });

  it('keeps the spec texts in English exactly', () => {
    expect(en.auth.loginSuccess).toBe('Login successful!');
    expect(en.auth.superAgentLoginSuccess).toBe('Super Agent login successful!');
    expect(en.auth.loggedOut).toBe('Logged out successfully');
    expect(en.auth.invalidCredentials).toBe('Invalid username or password');
    expect(en.auth.loginFailed).toBe('Login failed');
    expect(en.auth.loginFailedRetry).toBe('Login failed. Please try again.');
    expect(en.auth.signingIn).toBe('Signing in...');
    expect(en.common.loading).toBe('Loading...');
    expect(en.settings.profile.updated).toBe('Profile updated successfully');
    expect(en.settings.profile.updateFailed).toBe('Update failed');
  });

  it('switches to Amharic and sets <html lang>', async () => {
    await applyLanguage('am');
    expect(i18n.t('auth.signIn')).toBe('ግባ');
    expect(document.documentElement.lang).toBe('am');
    expect(localStorage.getItem('language')).toBe('am');
    await applyLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
