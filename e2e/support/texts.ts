// The screens' own words, read from their i18n files, so a browser test or the guide's screenshot script clicks
// 'Start Game' in English, 'ጨዋታውን ጀምር' in Amharic and 'Tapha Jalqabi' in Oromo with one line:
// `t('games:wizard.start')`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGE_NAMES } from '@cartela/contract/languages';

export type Lang = 'en' | 'am' | 'om';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where each group of texts lives (apps/web/src/.../i18n/<lang>.json). */
const FILES = {
  app: 'apps/web/src/i18n',
  agents: 'apps/web/src/features/agents/i18n',
  coins: 'apps/web/src/features/coins/i18n',
  dashboard: 'apps/web/src/features/dashboard/i18n',
  games: 'apps/web/src/features/games/i18n',
  room: 'apps/web/src/features/room/i18n',
  display: 'apps/web/src/features/room/display/i18n',
  settings: 'apps/web/src/features/settings/i18n',
  superAgentDashboard: 'apps/web/src/features/super-agent-dashboard/i18n',
  verify: 'apps/web/src/verify/i18n',
} as const;

type Texts = { [key: string]: string | Texts };
const cache = new Map<string, Texts>();

function file(group: keyof typeof FILES, lang: Lang): Texts {
  const at = path.join(ROOT, FILES[group], `${lang}.json`);
  let texts = cache.get(at);
  if (!texts) {
    texts = JSON.parse(readFileSync(at, 'utf8')) as Texts;
    cache.set(at, texts);
  }
  return texts;
}

/** `t('games:wizard.progress', { step: 1, name })`: the text with its {{values}} filled in. */
export function textsOf(lang: Lang) {
  return (key: string, values: Record<string, string | number> = {}): string => {
    const [group, dotted] = key.split(':') as [keyof typeof FILES, string];
    let node: string | Texts | undefined = file(group, lang);
    for (const part of dotted.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`no text ${key} in ${lang}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
  };
}

/** Every text of every screen in `lang` (the values of all apps/web i18n/<lang>.json files). */
function allTexts(lang: Lang): Set<string> {
  const texts = new Set<string>();
  const add = (node: Texts) => {
    for (const value of Object.values(node)) typeof value === 'string' ? texts.add(value) : add(value);
  };
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === `${lang}.json` && path.basename(dir) === 'i18n') {
        add(JSON.parse(readFileSync(full, 'utf8')) as Texts);
      }
    }
  };
  walk(path.join(ROOT, 'apps/web/src'));
  return texts;
}

/**
 * The English texts a screen in `lang` must not show: every English text of the screens that is not also a text
 * of `lang` (the brand and 'BINGO!' are both, as are the languages' own names on the switch) and reads as words,
 * not a bare value.
 */
export function englishOnly(lang: Exclude<Lang, 'en'>): Set<string> {
  const theirs = new Set([...allTexts(lang), ...Object.values(LANGUAGE_NAMES)]);
  return new Set(
    [...allTexts('en')].filter((text) => !theirs.has(text) && !text.includes('{{') && /[a-z]{3}/i.test(text)),
  );
}
