import { describe, expect, it } from 'vitest';
import entry from '@/i18n/en.json';

// Voice's texts (its components' and each screen's i18n/), held to the rules i18n/i18n.test.ts holds the features to.
const bundles = import.meta.glob<{ default: object }>('./**/i18n/*.json', { eager: true });
const registrations = import.meta.glob<string>('./**/i18n/index.ts', {
  eager: true,
  query: '?raw',
  import: 'default',
});
const folders = [...new Set(Object.keys(bundles).map((file) => file.replace(/\/[^/]+\.json$/, '')))];

/** Every text of a bundle by its key path. */
function texts(value: unknown, prefix = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as object).flatMap(([key, child]) => texts(child, `${prefix}.${key}`));
}

describe("voice's texts", () => {
  it.each(folders)(
    "%s: the same keys in English and Amharic, none empty, the Amharic in Ge'ez script",
    (folder) => {
      const en = texts(bundles[`${folder}/en.json`]!.default);
      const am = texts(bundles[`${folder}/am.json`]!.default);
      expect(am.map(([key]) => key).sort()).toEqual(en.map(([key]) => key).sort());
      for (const [, text] of [...en, ...am]) expect(text.trim()).not.toBe('');
      expect(am.filter(([, text]) => !/[\u1200-\u139F]/.test(text))).toEqual([]);
    },
  );

  it('registers each bundle under its own key, none an entry key', () => {
    const keys = Object.values(registrations).map((source) => /addFeatureTexts\('(\w+)'/.exec(source)![1]!);
    expect(keys.sort()).toEqual(['voice', 'voiceChoice', 'voicePacks']);
    for (const key of keys) expect(Object.keys(entry)).not.toContain(key);
  });
});
