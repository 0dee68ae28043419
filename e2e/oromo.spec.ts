// Afaan Oromoo (issue 24, decision 078) in Chromium, on a phone and a laptop: the switch offers it, the sign-in
// screen, the agent's dashboard, the wizard, the room (with the Oromo voice pack), the TV display and the admin's
// dashboard speak it, write dates in the Ethiopian calendar with Oromo month names and birr as 'Br', and show no
// English text of the screens. Screenshots for a person to look at go to .tmp/oromo/.
import type { Page } from '@playwright/test';
import { type DEMO, saveLanguageOf, signInAs, tokenFor, useDeviceLanguage } from './support/pages';
import { expect, test } from './support/test';
import { englishOnly, textsOf } from './support/texts';

const t = textsOf('om');
const ENGLISH = englishOnly('om');
const OROMO_MONTH =
  /(Fulbaana|Onkoloolessa|Sadaasa|Muddee|Amajjii|Guraandhala|Bitootessa|Ebla|Caamsaa|Waxabajjii|Adoolessa|Hagayya|Qaammee) \d{1,2}, 20\d\d/;

const DEVICES = {
  laptop: { viewport: { width: 1366, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;

// Outside test-results/, which Playwright empties at each run.
const shot = (page: Page, name: string, device: string) =>
  page.screenshot({ path: `.tmp/oromo/${name}-${device}.png`, fullPage: true });

/** The lines of the page's visible text that are English texts of the screens (none may be). */
async function englishShown(page: Page): Promise<string[]> {
  const lines = (await page.locator('body').innerText()).split('\n').map((line) => line.trim());
  return [...new Set(lines.filter((line) => ENGLISH.has(line)))];
}

/** Signed in as `who` in Oromo: the account's language and this device's. */
async function signInInOromo(page: Page, who: keyof typeof DEMO, path: string) {
  await saveLanguageOf(page.request, who, 'om');
  await useDeviceLanguage(page, 'om');
  await signInAs(page, who, path);
  await expect(page.locator('html')).toHaveAttribute('lang', 'om');
}

for (const [device, options] of Object.entries(DEVICES)) {
  test.describe(`Afaan Oromoo on a ${device}`, () => {
    test.use(options);

    test.afterEach(async ({ request }) => {
      // The accounts as the other tests of the worker expect them.
      for (const who of ['agent1', 'admin'] as const) await saveLanguageOf(request, who, 'en');
    });

    test('[AGENT] the switch offers it on the sign-in screen, which then speaks it', async ({ page }) => {
      await page.goto('/login');
      const languages = page.getByRole('group', { name: 'Language' });
      await expect(languages.getByRole('button')).toHaveText(['English', 'አማርኛ', 'Afaan Oromoo']);
      await languages.getByRole('button', { name: 'Afaan Oromoo' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'om');
      await expect(page.getByLabel(t('app:auth.username'))).toBeVisible();
      await expect(page.getByLabel(t('app:auth.password'), { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: t('app:auth.signIn'), exact: true })).toBeVisible();
      // Every button of the switch fits on the screen.
      for (const button of await languages.getByRole('button').all()) await expect(button).toBeInViewport();
      expect(await englishShown(page)).toEqual([]);
      await shot(page, 'sign-in', device);
    });

    test('[AGENT] an evening in Oromo: dashboard, wizard, the room with the Oromo voice, the TV display', async ({
      page,
      context,
      request,
    }) => {
      test.slow();
      await signInInOromo(page, 'agent1', '/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: t('dashboard:title') })).toBeVisible();
      await expect(page.getByText(OROMO_MONTH).first()).toBeVisible();
      await expect(page.getByText(/Br\s?[\d,]+\.\d\d/).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await englishShown(page)).toEqual([]);
      await shot(page, 'agent-dashboard', device);

      // The wizard, as the agent runs it.
      await page.goto('/game');
      await page
        .getByRole('button', { name: t('games:list.create') })
        .first()
        .click();
      const wizard = page.getByRole('dialog', { name: t('games:wizard.title') });
      const step = (n: number, name: string) =>
        wizard.getByText(t('games:wizard.progress', { step: n, name: t(`games:wizard.steps.${name}`) }));
      await expect(step(1, 'money')).toBeVisible();
      await wizard.getByRole('button', { name: /^Br\s?20$/ }).click();
      expect(await englishShown(page)).toEqual([]);
      await shot(page, 'wizard-money', device);
      await wizard.getByRole('button', { name: t('games:wizard.continue') }).click();
      await expect(step(2, 'pattern')).toBeVisible();
      await wizard.getByRole('button', { name: t('games:wizard.next') }).click();
      await expect(step(3, 'cartelas')).toBeVisible();
      await wizard.getByLabel(t('games:wizard.cartelas.from'), { exact: true }).fill('71');
      await wizard.getByLabel(t('games:wizard.cartelas.to'), { exact: true }).fill('80');
      await wizard.getByRole('button', { name: t('games:wizard.cartelas.addRange') }).click();
      await expect(wizard.getByText(t('games:wizard.cartelas.selected_other', { count: 10 }))).toBeVisible();
      expect(await englishShown(page)).toEqual([]);
      await shot(page, 'wizard-cartelas', device);

      // The room loads the Oromo pack: the agent speaks Oromo and has not chosen another.
      const oromoVoice = page.waitForRequest(/\/assets\/voices\/om\/b-voices\/b\d+\.mp3$/);
      await wizard.getByRole('button', { name: t('games:wizard.start') }).click();
      await expect(page).toHaveURL(/\/game\/G[0-9A-Z]{10}$/);
      await oromoVoice;
      const gameId = page.url().split('/').pop()!;
      const callNext = page.getByRole('button', { name: t('room:controls.callNext'), exact: true });
      await expect(callNext).toBeEnabled({ timeout: 20_000 });
      for (let i = 1; i <= 3; i++) {
        await callNext.click();
        await expect(page.locator('main [data-called]')).toHaveCount(i, { timeout: 10_000 });
      }
      expect(await englishShown(page)).toEqual([]);
      await shot(page, 'room', device);

      // The hall's TV, opened beside the room.
      const display = await context.newPage();
      await display.goto(`/game/${gameId}/display`);
      await expect(display.locator('html')).toHaveAttribute('lang', 'om');
      await expect(display.getByText(t('display:calls'), { exact: true }).first()).toBeVisible();
      expect(await englishShown(display)).toEqual([]);
      await shot(display, 'tv-display', device);
      await display.close();

      // The game is finished (a game with calls is never cancelled), its cartelas free for the worker's other
      // tests: a cartela is in one unfinished game at a time (product/draw.md#invariants).
      await expect(page.getByText(t('room:sync.synced'), { exact: true })).toBeVisible({ timeout: 20_000 });
      const finish = await request.post(`/api/games/${gameId}/finish`, {
        headers: { Authorization: `Bearer ${await tokenFor(request, 'agent1')}` },
      });
      expect(finish.status(), await finish.text()).toBe(200);
    });

    test("[ADMIN] the admin's dashboard in Oromo", async ({ page }) => {
      await signInInOromo(page, 'admin', '/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(OROMO_MONTH).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await englishShown(page)).toEqual([]);
      await shot(page, 'admin-dashboard', device);
    });
  });
}
