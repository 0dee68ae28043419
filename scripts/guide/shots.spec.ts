// The guide's screenshots (docs/guide/, decision 077), made from the running demo so they stay current: the built
// server on a fresh demo database (e2e/support/test.ts: a month of history, decision 076), Chromium at the laptop's
// 1366x800 and, for the agent's evening and the player's page, the phone's 390x844, in English, Amharic and Afaan
// Oromoo. `npm run build && npm run guide:shots` writes docs/guide/img/<lang>/<name>-<laptop|phone>.jpg
// (GUIDE_LANGS=om, or am,om, takes only those languages).
// A screen that is not in the app yet is skipped with a message saying which; the rest are still taken.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGE_NAMES } from '@cartela/contract/languages';
import type { Browser, Page } from '@playwright/test';
import { callOrder, firstWin, type RoomStateAnswer, range } from '../../e2e/support/draw';
import {
  DEMO,
  E2E_PASSWORD,
  saveLanguageOf,
  signInAs,
  tokenFor,
  useDeviceLanguage,
} from '../../e2e/support/pages';
import { expect, test } from '../../e2e/support/test';
import { englishOnly, type Lang, textsOf } from '../../e2e/support/texts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const IMG = path.join(ROOT, 'docs/guide/img');
const LANGS: Lang[] = (process.env.GUIDE_LANGS?.split(',') as Lang[] | undefined) ?? ['en', 'am', 'om'];

type Device = 'laptop' | 'phone';
const DEVICES = {
  laptop: { viewport: { width: 1366, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;

/** A new browser context on the worker's server, in `lang`: the device's choice and the signed-in user's. */
async function open(browser: Browser, baseURL: string, device: Device, lang: Lang) {
  const context = await browser.newContext({ baseURL, ...DEVICES[device], deviceScaleFactor: 1 });
  const page = await context.newPage();
  // Before the app's scripts on every page of the context: the device's language (the sign-in screen's, the public
  // page's); a signed-in page takes the account's saved language (signInIn).
  await useDeviceLanguage(page, lang);
  return { context, page };
}

/**
 * Opens `path` signed in as a demo account whose saved language is `lang`, as its language switch would have left
 * it (the app applies the account's language at start, over the device's).
 */
async function signInIn(page: Page, who: keyof typeof DEMO, lang: Lang, path: string) {
  await saveLanguageOf(page.request, who, lang);
  await signInAs(page, who, path);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** Waits for the screen to settle (data, fonts, animations), then writes the JPEG. */
async function snap(page: Page, lang: Lang, name: string, options: { keepToasts?: boolean } = {}) {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  // The step's picture shows the step, not the last one's news (the celebration does not wait: it lasts 8 s).
  if (!options.keepToasts) {
    // A pointer resting on a toast holds it (and hovers show in the picture): the pointer goes to a corner.
    await page.mouse.move(1, page.viewportSize()!.height - 1);
    await toastsGone(page);
  }
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(600);
  // Again: a toast can arrive late, sonner being fetched with a session's first toast and showing it once loaded
  // (the first password's 'Login successful!' was still on screen, in the account's language).
  if (!options.keepToasts) await toastsGone(page);
  const device: Device = page.viewportSize()!.width < 800 ? 'phone' : 'laptop';
  await untranslated(page, lang, `${name}-${device}`);
  mkdirSync(path.join(IMG, lang), { recursive: true });
  await page.screenshot({
    path: path.join(IMG, lang, `${name}-${device}.jpg`),
    type: 'jpeg',
    quality: 70,
    fullPage: false,
    animations: 'disabled',
    caret: 'hide',
  });
}

/** Waits (up to 10 s) until no loading text ('Loading agents...', 'በመጫን ላይ...', 'Fe'aa jira...') is on screen. */
async function settled(page: Page) {
  await page
    .waitForFunction(() => !/(\.\.\.|…)$/m.test(document.body.innerText), undefined, { timeout: 10_000 })
    .catch(() => {});
}

/** Waits (up to 8 s) for the toasts on screen to leave: a step's picture shows the step, not the last one's news. */
async function toastsGone(page: Page) {
  await page
    .waitForFunction(() => document.querySelectorAll('[data-sonner-toast]').length === 0, undefined, {
      timeout: 8_000,
    })
    .catch(() => {});
}

/**
 * Says in the run's output, and in the report, which English texts of the screens a picture in another language
 * shows as whole lines (a text left untranslated, or a screen that did not take the language): a person looks.
 */
const ENGLISH = new Map<Lang, Set<string>>();
async function untranslated(page: Page, lang: Lang, shot: string) {
  if (lang === 'en') return;
  const english = ENGLISH.get(lang) ?? englishOnly(lang);
  ENGLISH.set(lang, english);
  const lines = (await page.evaluate(() => document.body.innerText)).split('\n').map((line) => line.trim());
  const shown = [...new Set(lines.filter((line) => english.has(line)))];
  if (shown.length === 0) return;
  const message = `guide shot "${shot}" (${lang}) shows English: ${shown.map((text) => `'${text}'`).join(', ')}`;
  console.warn(message);
  test.info().annotations.push({ type: 'english on screen', description: message });
}

/** Says in the run's output, and in the report, which shot was left out and why. */
function skip(name: string, why: string) {
  const message = `guide shot "${name}" skipped: ${why}`;
  console.warn(message);
  test.info().annotations.push({ type: 'skipped shot', description: message });
}

/** The app's page addresses, read from the code, to know whether a screen has landed yet. */
const pathsSource = readFileSync(path.join(ROOT, 'apps/web/src/lib/paths.ts'), 'utf8');
const HAS = {
  coinStatement: /\bcoins:\s*'\/coins'/.test(pathsSource) && /\bagentCoins\b/.test(pathsSource),
  verify: existsSync(path.join(ROOT, 'apps/web/verify.html')),
};

/** The note of the coin top-up: the receipt's number, in the run's language. */
const RECEIPT: Record<Lang, string> = { en: 'Receipt 1024', am: 'ደረሰኝ 1024', om: 'Nagahee 1024' };

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

test('sign-in and the first password change (admin)', async ({ browser, baseURL }) => {
  // Each language signs in with the published demo password and meets 'Choose your own password'; the last
  // chooses E2E_PASSWORD, which the other shots' sessions then use (e2e/support/pages.ts).
  for (const [i, lang] of LANGS.entries()) {
    const t = textsOf(lang);
    const { context, page } = await open(browser, baseURL!, 'laptop', lang);
    await page.goto('/login');
    await expect(page.getByLabel(t('app:auth.username'))).toBeVisible();
    await page.getByLabel(t('app:auth.username')).fill(DEMO.admin.username);
    await page.getByLabel(t('app:auth.password'), { exact: true }).fill(DEMO.admin.password);
    await snap(page, lang, 'sign-in');
    await page.getByRole('button', { name: t('app:auth.signIn') }).click();
    // The sign-in applies the account's saved language: the switch in the bar sets the run's (and saves it).
    const title = page.getByText(t('settings:profile.mustChangeTitle'), { exact: true });
    const landed = await page
      .waitForURL(/\/settings\/profile/, { timeout: 15_000 })
      .then(async () => {
        // The bar's switch shows 'OM' and is named 'OM Afaan Oromoo': its name ends with the language's.
        await page
          .getByRole('button', { name: new RegExp(`${LANGUAGE_NAMES[lang]}$`) })
          .first()
          .click();
        await title.waitFor({ timeout: 15_000 });
        return true;
      })
      .catch((error: Error) => error.message.split('\n')[0]);
    if (landed !== true) {
      skip('first-password', `the admin no longer has its demo password on this server? (${landed})`);
      await context.close();
      continue;
    }
    await snap(page, lang, 'first-password');
    if (i === LANGS.length - 1) {
      await page.getByLabel(t('settings:profile.currentPassword')).fill(DEMO.admin.password);
      await page.getByLabel(t('settings:profile.newPassword'), { exact: true }).fill(E2E_PASSWORD);
      await page.getByLabel(t('settings:profile.confirmPassword')).fill(E2E_PASSWORD);
      await page.getByRole('button', { name: t('settings:profile.updatePassword') }).click();
      await expect(title).toBeHidden();
    }
    await context.close();
  }
});

for (const lang of LANGS) {
  test(`the admin's first day (${lang})`, async ({ browser, baseURL }) => {
    const t = textsOf(lang);
    const { context, page } = await open(browser, baseURL!, 'laptop', lang);

    await signInIn(page, 'admin', lang, '/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('dl dd').first()).toBeVisible();
    await snap(page, lang, 'admin-dashboard');

    await page.goto('/agents');
    const row = page.getByRole('row').filter({ hasText: DEMO.agent1.username }).first();
    await expect(row).toBeVisible();
    await snap(page, lang, 'agents');

    await row.getByRole('button', { name: t('agents:actions.addCoins') }).click();
    const coins = page.getByRole('dialog', { name: t('agents:coins.title') });
    await coins.getByLabel(t('agents:coins.amount')).fill('500');
    await coins.getByLabel(t('agents:coins.coins'), { exact: true }).fill('500');
    await coins.getByLabel(t('agents:coins.notes')).fill(RECEIPT[lang]);
    await snap(page, lang, 'add-coins');
    await coins.getByRole('button', { name: t('agents:coins.submit') }).click();
    await expect(coins).toBeHidden();

    if (HAS.coinStatement) {
      await row.getByRole('button', { name: t('agents:actions.coinStatement') }).click();
      await expect(h1(page, t('coins:title'))).toBeVisible();
      await expect(page.getByRole('table', { name: t('coins:caption') })).toBeVisible();
      await snap(page, lang, 'coin-statement-admin');
      await page.goto('/agents');
    } else skip('coin-statement-admin', 'no coin statement page in apps/web/src/lib/paths.ts yet');

    await row.getByRole('button', { name: t('agents:actions.cartelas') }).click();
    await expect(h1(page, t('agents:editor.title', { name: DEMO.agent1.username }))).toBeVisible();
    await snap(page, lang, 'agent-cartelas');
    await page.getByRole('button', { name: t('agents:editor.assign') }).click();
    const assign = page.getByRole('dialog', {
      name: t('agents:assign.title', { agent: DEMO.agent1.username }),
    });
    await assign.getByLabel(t('agents:picker.from'), { exact: true }).fill('201');
    await assign.getByLabel(t('agents:picker.to'), { exact: true }).fill('210');
    await assign.getByRole('button', { name: t('agents:picker.addRange') }).click();
    await snap(page, lang, 'assign-cartelas');
    await page.keyboard.press('Escape');

    await page.goto('/agents?tab=cartelas&print=1-4');
    await expect(page.getByRole('region', { name: t('agents:print.title') })).toBeVisible();
    await snap(page, lang, 'print-preview');

    for (const [where, name] of [
      ['/commission', 'commission'],
      ['/balance', 'balance'],
      ['/super-agent-management', 'super-agents'],
    ] as const) {
      await page.goto(where);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await settled(page);
      await snap(page, lang, name);
    }
    await context.close();
  });
}

/** A round from the wizard to its winner, as the agent runs it, with the shots of each step. */
async function evening(browser: Browser, baseURL: string, lang: Lang, device: Device, from: number) {
  const t = textsOf(lang);
  const { context, page } = await open(browser, baseURL, device, lang);
  const request = page.request;
  await signInIn(page, 'agent1', lang, '/dashboard');
  const token = await tokenFor(request, 'agent1');
  if (device === 'laptop') {
    await expect(page.locator('dl dd').first()).toBeVisible();
    await snap(page, lang, 'agent-dashboard');
  }

  // The wizard: a stake, a pattern, the cartelas sold.
  await page.goto('/game');
  await page
    .getByRole('button', { name: t('games:list.create') })
    .first()
    .click();
  const wizard = page.getByRole('dialog', { name: t('games:wizard.title') });
  const step = (n: number, key: string) =>
    wizard.getByText(t('games:wizard.progress', { step: n, name: t(`games:wizard.steps.${key}`) }));
  await expect(step(1, 'money')).toBeVisible();
  await wizard
    // 'ETB 20' in English, 'ብር 20' in Amharic, 'Br 20' in Afaan Oromoo.
    .getByRole('button', { name: /\b20$/ })
    .first()
    .click();
  await snap(page, lang, 'wizard-1');
  await wizard.getByRole('button', { name: t('games:wizard.continue') }).click();
  await expect(step(2, 'pattern')).toBeVisible();
  await wizard.getByRole('combobox', { name: t('games:wizard.pattern.label') }).selectOption('any-vertical');
  await snap(page, lang, 'wizard-2');
  await wizard.getByRole('button', { name: t('games:wizard.next') }).click();
  await expect(step(3, 'cartelas')).toBeVisible();
  await wizard.getByLabel(t('games:wizard.cartelas.from'), { exact: true }).fill(String(from));
  await wizard.getByLabel(t('games:wizard.cartelas.to'), { exact: true }).fill(String(from + 19));
  await wizard.getByRole('button', { name: t('games:wizard.cartelas.addRange') }).click();
  await expect(wizard.getByText(t('games:wizard.cartelas.selected_other', { count: 20 }))).toBeVisible();
  await snap(page, lang, 'wizard-3');
  await wizard.getByRole('button', { name: t('games:wizard.start') }).click();
  await expect(page).toHaveURL(/\/game\/G[0-9A-Z]{10}$/);
  const gameId = page.url().split('/').at(-1)!;

  // The room before the first call.
  const controls = page.getByRole('region', { name: t('room:controls.label') });
  const button = (key: string) => controls.getByRole('button', { name: t(key), exact: true });
  const calls = (n: number) => page.getByText(`${n}/75`, { exact: true });
  await expect(page.getByText(t('room:sync.synced'), { exact: true })).toBeVisible({ timeout: 20_000 });
  await snap(page, lang, 'room-before');

  // The first call is the server's; from then on the room knows the whole order.
  await button('room:controls.callNext').click();
  await expect(calls(1)).toBeVisible({ timeout: 15_000 });
  const answer = await (
    await request.get(`/api/games/${gameId}/state`, { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  const order = callOrder(answer as RoomStateAnswer);
  const win = firstWin(order, (answer as RoomStateAnswer).state.cartelas);
  const winner = win.winners[0]!;
  const callTo = async (n: number) => {
    for (let k = (await currentCalls(page)) + 1; k <= n; k++) {
      await expect(button('room:controls.callNext')).toBeEnabled();
      await button('room:controls.callNext').click();
      await expect(calls(k)).toBeVisible({ timeout: 15_000 });
    }
  };
  const during = Math.max(2, Math.min(win.calls - 3, 8));
  await callTo(during - 1);

  // The TV (the laptop's second screen): the board, the last calls and the QR code of the public check.
  if (device === 'laptop') {
    const display = await context.newPage();
    await display.goto(`/game/${gameId}/display`);
    await page.bringToFront();
    await callTo(during);
    await expect(display.getByText(t('display:verify.title')).first())
      .toBeVisible({ timeout: 15_000 })
      .catch(() => skip('tv', 'the display shows no QR code of the public check yet'));
    await display.bringToFront();
    await snap(display, lang, 'tv');
    await display.close();
    await page.bringToFront();
  } else await callTo(during);
  await snap(page, lang, 'room-during');

  // The network drops: the round goes on, the calls wait on the device.
  await context.setOffline(true);
  await expect(page.getByText(t('room:offline'), { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  await callTo(during + 1);
  await snap(page, lang, 'offline');
  await context.setOffline(false);
  await expect(page.getByText(t('room:sync.synced'), { exact: true })).toBeVisible({ timeout: 30_000 });

  // A false claim before the winning ball: a cartela that has not won is blocked.
  const loser = range(from, from + 19).find((n) => !win.winners.includes(n))!;
  const validate = async (cartela: number) => {
    await button('room:controls.validate').click();
    const dialog = page.getByRole('dialog', { name: t('room:validate.title') });
    await dialog.getByLabel(t('room:validate.cartela')).fill(String(cartela));
    return dialog;
  };
  if (win.calls > during + 2) {
    await callTo(win.calls - 1);
    const dialog = await validate(loser);
    await dialog.getByRole('button', { name: t('room:validate.show') }).click();
    const modal = page.getByRole('dialog', { name: t('room:modal.title', { n: loser }) });
    await expect(modal.getByRole('button', { name: t('room:modal.block') })).toBeVisible();
    await snap(page, lang, 'false-claim');
    await modal.getByRole('button', { name: t('room:modal.block') }).click();
    await expect(page.getByText(t('room:modal.blocked')).first()).toBeVisible();
    await page.keyboard.press('Escape');
    const resume = button('room:controls.resume');
    if (await resume.isVisible()) await resume.click();
  }

  // The winning ball, the claim, GOOD BINGO, the celebration.
  await callTo(win.calls);
  const dialog = await validate(winner);
  await snap(page, lang, 'validate');
  await dialog.getByRole('button', { name: t('room:validate.show') }).click();
  const modal = page.getByRole('dialog', { name: t('room:modal.title', { n: winner }) });
  await expect(modal.getByRole('button', { name: t('room:modal.goodBingo') })).toBeVisible();
  await snap(page, lang, 'good-bingo');
  await modal.getByRole('button', { name: t('room:modal.goodBingo') }).click();
  await expect(page.getByText(t('room:winner.body', { n: winner })).first()).toBeVisible();
  await page.waitForTimeout(1_500);
  await snap(page, lang, 'winner', { keepToasts: true });
  await page.keyboard.press('Escape');

  await button('room:controls.finish').click();
  await page
    .getByRole('dialog', { name: t('room:finishDialog.title') })
    .getByRole('button', { name: t('room:finishDialog.confirm') })
    .click();
  const next = controls.getByRole('link', { name: t('room:controls.nextGame') });
  await expect(next).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(t('room:sync.synced'), { exact: true })).toBeVisible({ timeout: 30_000 });

  // The next round: the wizard on its last step with the same stake, pattern and cartelas.
  await next.click();
  await expect(step(3, 'cartelas')).toBeVisible();
  await snap(page, lang, 'next-game');

  // The game's history with its fairness proof, checked in the browser.
  await page.goto(`/game-history/${gameId}`);
  const verify = page.getByRole('button', { name: t('games:history.fairness.verify'), exact: true });
  await expect(verify).toBeVisible({ timeout: 15_000 });
  await snap(page, lang, 'history');
  await verify.click();
  const verdict = page.getByText(t('games:history.fairness.verdictOk', { n: win.calls }));
  await expect(verdict).toBeVisible();
  // The commitment, the seed, the verdict and the first calls checked, in one picture.
  await verdict.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await snap(page, lang, 'fairness');

  // The agent's coins: every change, newest first, the game just played on top.
  if (device === 'laptop') {
    if (HAS.coinStatement) {
      await page.goto('/coins');
      await expect(page.getByRole('table', { name: t('coins:caption') })).toBeVisible();
      await snap(page, lang, 'coin-statement');
    } else skip('coin-statement', 'no coin statement page in apps/web/src/lib/paths.ts yet');
  }
  await context.close();

  // A player's phone (or the laptop) opens the QR code's address, without a session.
  if (!HAS.verify) return skip('verify', 'no public /verify page (apps/web/verify.html) yet');
  const player = await open(browser, baseURL, device, lang);
  await player.page.goto(`/verify/${gameId}?lang=${lang}`);
  await expect(player.page.getByText(t('verify:verdict.ok', { n: win.calls }))).toBeVisible({
    timeout: 20_000,
  });
  await snap(player.page, lang, 'verify');
  await player.context.close();
}

/** The room's call count as it shows it ('12/75'). */
async function currentCalls(page: Page): Promise<number> {
  const shown = await page
    .getByText(/^\d+\/75$/)
    .first()
    .textContent();
  return Number(shown?.split('/')[0] ?? 0);
}

// Each evening on cartelas of its own (agent1 holds 1-100). Oromo's laptop evening sells 1-20 again, the first
// cartelas of the grid as English's: the evenings run one after the other and each finishes its game, whose cartelas
// can then be sold again.
const FROM: Record<`${Lang}-${Device}`, number> = {
  'en-laptop': 1,
  'am-laptop': 21,
  'en-phone': 41,
  'am-phone': 61,
  'om-laptop': 1,
  'om-phone': 81,
};
for (const device of ['laptop', 'phone'] as const) {
  for (const lang of LANGS) {
    test(`the agent's evening (${lang}, ${device})`, async ({ browser, baseURL }) => {
      await evening(browser, baseURL!, lang, device, FROM[`${lang}-${device}`]);
    });
  }
}

for (const lang of LANGS) {
  test(`the super agent's view (${lang})`, async ({ browser, baseURL }) => {
    const t = textsOf(lang);
    const { context, page } = await open(browser, baseURL!, 'laptop', lang);
    await signInIn(page, 'super1', lang, '/super-agent-dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await snap(page, lang, 'super-agent');
    await page.getByRole('tab', { name: t('superAgentDashboard:tabs.earnings'), exact: true }).click();
    await settled(page);
    await snap(page, lang, 'super-agent-earnings');
    await context.close();
  });
}
