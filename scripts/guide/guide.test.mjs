// The guide (docs/guide/, decisions 077 and 078) stays honest: every page has its twin in the other languages, every
// image and page it links exists, and every screen word it writes in bold is a text of the screens in that language
// (the i18n files of apps/web), so a renamed button fails here instead of leaving the guide behind.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGE_NAMES } from '@cartela/contract/languages';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GUIDE = path.join(ROOT, 'docs/guide');
const LANGS = ['en', 'am', 'om'];

/**
 * Every text of every screen in `lang`: the values of apps/web's i18n/<lang>.json files, and the language switch's
 * names ('English', 'አማርኛ', 'Afaan Oromoo'), shown as they are in every language (the contract's LANGUAGE_NAMES).
 */
function screenTexts(lang) {
  const texts = new Set(Object.values(LANGUAGE_NAMES));
  const add = (node) => {
    for (const value of Object.values(node)) {
      if (typeof value === 'string') texts.add(value);
      else add(value);
    }
  };
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === `${lang}.json` && path.basename(dir) === 'i18n') {
        add(JSON.parse(readFileSync(full, 'utf8')));
      }
    }
  };
  walk(path.join(ROOT, 'apps/web/src'));
  return texts;
}

/** The bold phrases of a markdown text, outside code. */
function boldOf(markdown) {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\*\*([^*\n]+?)\*\*/g)].map((m) => m[1]);
}

/** The local targets of a markdown text's links and images (no web address, no anchor alone). */
function targetsOf(markdown) {
  return [...markdown.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)]
    .map((m) => m[1].split('#')[0])
    .filter((target) => target && !/^[a-z]+:/.test(target));
}

const pagesOf = (lang) =>
  readdirSync(path.join(GUIDE, lang))
    .filter((name) => name.endsWith('.md'))
    .sort();

describe('boldOf and targetsOf', () => {
  it('find the bold words and the local links', () => {
    expect(boldOf('Press **Start Game**, then `**not this**` and **ጨዋታውን ጀምር**.')).toEqual([
      'Start Game',
      'ጨዋታውን ጀምር',
    ]);
    expect(
      targetsOf('![a](../img/en/x.jpg) [b](agent-evening.md#offline) [c](https://x.org) [d](#top)'),
    ).toEqual(['../img/en/x.jpg', 'agent-evening.md']);
  });
});

describe('docs/guide', () => {
  it('has the same pages in every language (English, Amharic, Afaan Oromoo)', () => {
    for (const lang of LANGS) expect(pagesOf(lang), lang).toEqual(pagesOf('en'));
    expect(pagesOf('en')).toEqual(
      expect.arrayContaining(['admin-first-day.md', 'agent-evening.md', 'super-agent.md', 'player-check.md']),
    );
  });

  const files = [
    path.join(GUIDE, 'README.md'),
    ...LANGS.flatMap((lang) => pagesOf(lang).map((name) => path.join(GUIDE, lang, name))),
  ];

  it('links only to images and pages that exist', () => {
    const missing = files.flatMap((file) =>
      targetsOf(readFileSync(file, 'utf8'))
        .filter((target) => !existsSync(path.resolve(path.dirname(file), target)))
        .map((target) => `${path.relative(ROOT, file)}: ${target}`),
    );
    expect(missing).toEqual([]);
  });

  it('shows every screenshot it keeps (none is dead weight in the repository)', () => {
    const unused = LANGS.flatMap((lang) => {
      const dir = path.join(GUIDE, 'img', lang);
      if (!existsSync(dir)) return [];
      const linked = new Set(
        pagesOf(lang).flatMap((name) =>
          targetsOf(readFileSync(path.join(GUIDE, lang, name), 'utf8')).map((target) =>
            path.basename(target),
          ),
        ),
      );
      return readdirSync(dir)
        .filter((name) => !linked.has(name))
        .map((name) => `img/${lang}/${name}`);
    });
    expect(unused).toEqual([]);
  });

  it('shows each language its own screenshots', () => {
    for (const lang of LANGS) {
      const others = LANGS.filter((l) => l !== lang);
      const wrong = pagesOf(lang).flatMap((name) =>
        targetsOf(readFileSync(path.join(GUIDE, lang, name), 'utf8'))
          .filter((target) => others.some((other) => target.includes(`img/${other}/`)))
          .map((target) => `${lang}/${name}: ${target}`),
      );
      expect(wrong).toEqual([]);
    }
  });

  for (const lang of LANGS) {
    it(`writes in bold only what the ${lang} screens say`, () => {
      const texts = screenTexts(lang);
      const unknown = pagesOf(lang).flatMap((name) =>
        boldOf(readFileSync(path.join(GUIDE, lang, name), 'utf8'))
          .filter((bold) => !texts.has(bold))
          .map((bold) => `${lang}/${name}: **${bold}**`),
      );
      expect(unknown).toEqual([]);
    });
  }
});
