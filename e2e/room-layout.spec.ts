// The room fits its screens (issue 19): at 1366x800 every control of the room is in the viewport without
// scrolling, in English and in Amharic; on a 390-wide phone nothing covers Fullscreen; the hall display on a
// 1920x1080 TV shows the cartela being checked. Screenshots go to .tmp/room-layout/ for a person to look.
import type { APIRequestContext, Page } from '@playwright/test';
import { signInAs, tokenFor } from './support/pages';
import { expect, test } from './support/test';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
// Outside test-results/, which Playwright empties at each run.
const SHOTS = '.tmp/room-layout';

async function newGame(request: APIRequestContext, token: string, cartelas: number[]) {
  const response = await request.post('/api/games', {
    headers: { Authorization: `Bearer ${token}` },
    data: { stake: 20, cartelaNumbers: cartelas, selectedPattern: 'full-house' },
  });
  expect(response.status()).toBeLessThan(300);
  return ((await response.json()) as { gameId: string }).gameId;
}

/** Ends a game the test leaves: finished once a ball is called, cancelled before (product/draw.md#cancelling). */
async function endGame(request: APIRequestContext, token: string, gameId: string, how: 'finish' | 'cancel') {
  const response = await request.post(`/api/games/${gameId}/${how}`, {
    headers: { Authorization: `Bearer ${token}` },
    ...(how === 'cancel' ? { data: {} } : {}),
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function language(page: Page, name: 'English' | 'አማርኛ') {
  await page
    .getByRole('group', { name: /Language|ቋንቋ/ })
    .first()
    .getByRole('button', { name })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', name === 'English' ? 'en' : 'am');
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type Box = { x: number; y: number; width: number; height: number };

/**
 * Every button and link of the room's controls lies inside the viewport (nothing below the fold), and the
 * floating settings button lies over none of them.
 */
async function expectControlsInView(page: Page, label: string, settings: string) {
  const fab = (await page.getByRole('button', { name: settings }).boundingBox())!;
  const viewport = page.viewportSize()!;
  const controls = page.getByRole('region', { name: label }).locator('button, a');
  const count = await controls.count();
  expect(count).toBeGreaterThan(5);
  const scrollY = await page.evaluate(() => window.scrollY);
  expect(scrollY).toBe(0);
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i);
    const box = (await control.boundingBox())!;
    const name = (await control.textContent())?.trim();
    expect(box, name).not.toBeNull();
    expect(box.x, `${name} left`).toBeGreaterThanOrEqual(0);
    expect(box.y, `${name} top`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} right`).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height, `${name} bottom`).toBeLessThanOrEqual(viewport.height);
    expect(overlap(box, fab), `${name} under the settings button`).toBe(false);
  }
}

/** Nothing lies over the button `name`: not the settings button, nor anything at its centre and corners. */
async function expectUncovered(page: Page, name: string) {
  const target = page.getByRole('button', { name, exact: true });
  await target.scrollIntoViewIfNeeded();
  const fab = (await page.getByRole('button', { name: 'Room settings' }).boundingBox())!;
  expect(overlap((await target.boundingBox())!, fab), `${name} under the settings button`).toBe(false);
  const covered = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const points = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + 4, r.top + 4],
      [r.right - 4, r.bottom - 4],
    ];
    return points.some(([x, y]) => {
      const hit = document.elementFromPoint(x!, y!);
      return !hit || !(el === hit || el.contains(hit));
    });
  });
  expect(covered, `${name} is covered`).toBe(false);
}

test.describe('The room fits its screens', () => {
  test('[AGENT] at 1366x800 every room control is visible without scrolling, in English and Amharic; the TV shows the claim', async ({
    page,
    context,
    request,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1366, height: 800 });
    const token = await tokenFor(request, 'agent1');
    const gameId = await newGame(request, token, range(86, 95));
    await signInAs(page, 'agent1', `/game/${gameId}`);
    await expect(page.getByText('Synced', { exact: true })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Call Next', exact: true }).click();
    await expect(page.getByText('1/75', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Finish Game' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/room-1366x800-en.png` });
    await expectControlsInView(page, 'Game controls', 'Room settings');

    // The hall display on a 1920x1080 TV, following the room; the agent checks a cartela: the TV shows it.
    const display = await context.newPage();
    await display.setViewportSize({ width: 1920, height: 1080 });
    await display.goto(`/game/${gameId}/display`);
    await expect(display.getByText('1/75', { exact: true })).toBeVisible({ timeout: 15_000 });
    await display.screenshot({ path: `${SHOTS}/display-1920x1080.png` });
    await page.getByRole('button', { name: 'Validate', exact: true }).click();
    await page.getByLabel('Cartela number').fill('86');
    await page.getByRole('button', { name: 'Show Bingo Card' }).click();
    const claim = display.getByTestId('claim');
    await expect(claim).toHaveAttribute('data-verdict', 'checking');
    await expect(claim).toContainText('Checking cartela 86');
    await display.screenshot({ path: `${SHOTS}/display-checking-1920x1080.png` });
    await page.getByRole('button', { name: 'BLOCK CARTELA' }).click();
    await expect(claim).toHaveAttribute('data-verdict', 'blocked');
    await expect(claim).toContainText('Pattern not complete');
    await display.screenshot({ path: `${SHOTS}/display-blocked-1920x1080.png` });
    await display.close();

    await language(page, 'አማርኛ');
    // The screenshot and the boxes with the Ethiopic font in, not a fallback's.
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    await page.screenshot({ path: `${SHOTS}/room-1366x800-am.png` });
    await expectControlsInView(page, 'የጨዋታ መቆጣጠሪያዎች', 'የክፍሉ ቅንብሮች');
    await language(page, 'English');

    // Played to its end: its cartelas are free for the worker's next tests (one unfinished game per cartela).
    await endGame(request, token, gameId, 'finish');
  });

  test('[AGENT] after the 75th ball the room says to check claims and finish; every control still fits 1366x800, in English and Amharic', async ({
    page,
    request,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1366, height: 800 });
    // agent2 (commission share) with cartelas 121-125: no other spec plays them.
    const token = await tokenFor(request, 'agent2');
    const gameId = await newGame(request, token, range(121, 125));
    for (let i = 0; i < 75; i++) {
      const called = await request.post(`/api/games/${gameId}/call-number`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(called.status()).toBe(200);
    }
    await signInAs(page, 'agent2', `/game/${gameId}`);
    await expect(page.getByText('75/75', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(
      page.getByText('All 75 balls have been called: check any claim, then Finish Game'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Call Next', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Validate', exact: true })).toBeEnabled();
    // The voices' preload bar goes once they are in (while it shows, the controls sit 2 px lower: noted).
    await expect(page.getByText('Preloading voices...')).toHaveCount(0, { timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/room-all-called-1366x800-en.png` });
    await expectControlsInView(page, 'Game controls', 'Room settings');
    await language(page, 'አማርኛ');
    await expect(page.getByText('75ቱም ኳሶች ተጠርተዋል', { exact: false })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/room-all-called-1366x800-am.png` });
    await expectControlsInView(page, 'የጨዋታ መቆጣጠሪያዎች', 'የክፍሉ ቅንብሮች');
    await language(page, 'English');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/room-all-called-phone.png` });
    await page.getByRole('button', { name: 'Finish Game', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Finish Game?' })
      .getByRole('button', { name: 'Finish Game' })
      .click();
    await expect(
      page.getByText('All 75 balls have been called: check any claim, then Finish Game'),
    ).toHaveCount(0);
  });

  test('[AGENT] @phone on a 390-wide phone nothing covers Fullscreen', async ({ page, request }) => {
    test.slow();
    const gameId = await newGame(request, await tokenFor(request, 'agent1'), range(96, 100));
    await signInAs(page, 'agent1', `/game/${gameId}`);
    await expect(page.getByText('Synced', { exact: true })).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: `${SHOTS}/room-phone-top.png` });
    // Finish Game is among the round's controls, above a phone's fold once the voices are in (decision 085).
    await expect(page.getByText('Preloading voices...')).toHaveCount(0, { timeout: 30_000 });
    const finish = (await page.getByRole('button', { name: 'Finish Game', exact: true }).boundingBox())!;
    expect(finish.y + finish.height, 'Finish Game bottom').toBeLessThanOrEqual(page.viewportSize()!.height);
    // S opens the settings in view wherever the page is: a sheet on the screen's bottom edge, not the page's.
    await page.keyboard.press('s');
    const sheet = page.getByRole('region', { name: 'Room settings' });
    await expect(sheet).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `${SHOTS}/room-phone-settings.png` });
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await expectUncovered(page, 'Fullscreen');
    await page.screenshot({ path: `${SHOTS}/room-phone-fullscreen.png` });
    await expectUncovered(page, 'Cancel game');
    // No ball was called: the game may still be cancelled, and its cartelas are free again.
    await endGame(request, await tokenFor(request, 'agent1'), gameId, 'cancel');
  });
});
