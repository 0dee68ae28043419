// The screens' own words, read from their i18n files, so the screenshot script clicks 'Start Game' in English and
// 'ጨዋታውን ጀምር' in Amharic with one line: `t('games:wizard.start')`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Lang = 'en' | 'am';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where each group of texts lives (apps/web/src/.../i18n/<lang>.json). */
const FILES = {
  app: 'apps/web/src/i18n',
  agents: 'apps/web/src/features/agents/i18n',
  coins: 'apps/web/src/features/coins/i18n',
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
