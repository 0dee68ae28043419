// A player checks a game (issue 23, decision 074) in Chromium on the built app: the hall display shows a QR code
// of the game's public /verify page from the first call on; opened without a session once the game is over, the
// page finds every call in the seed's order and the seed in the commitment; a tampered seed or a tampered call
// is named; an unknown id, a running and a cancelled game each say what they are. Screenshots (phone and laptop,
// English and Amharic) go to VERIFY_SHOTS when it is set.
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { apiCall } from './support/api';
import { signInAs, tokenFor } from './support/pages';
import { expect, test } from './support/test';

const LETTERS = 'BINGO';
const ballLabel = (n: number) => `${LETTERS[Math.floor((n - 1) / 15)]}-${n}`;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const SHOTS = process.env.VERIFY_SHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const api = apiCall;

interface GameAnswer {
  game: { gameId: string; calledNumbers: number[]; drawSeed: string | null; drawCommitment: string };
}

async function newGame(request: APIRequestContext, token: string, cartelas: number[]) {
  return (
    await api<{ gameId: string }>(request, token, 'POST', '/api/games', {
      stake: 20,
      cartelaNumbers: cartelas,
      selectedPattern: 'full-house',
    })
  ).gameId;
}

/** A page in a new context of the browser: no session, no storage, as a player's phone. */
async function playerPage(browser: Browser, baseURL: string | undefined, phone = false) {
  const context = await browser.newContext({
    baseURL,
    ...(phone
      ? { viewport: { width: 390, height: 844 }, isMobile: true }
      : { viewport: { width: 1366, height: 800 } }),
  });
  return context.newPage();
}

/** What a phone's camera reads from the QR code on the display: the SVG drawn on a canvas, decoded with jsQR. */
async function readQr(display: Page): Promise<string | null> {
  const { width, height, data } = await display.evaluate(async () => {
    const svg = document.querySelector('svg[data-qr]')!;
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 400;
    const ctx = canvas.getContext('2d')!;
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(image, 0, 0, 400, 400);
    return { width: 400, height: 400, data: Array.from(ctx.getImageData(0, 0, 400, 400).data) };
  });
  return jsQR(Uint8ClampedArray.from(data), width, height)?.data ?? null;
}

test.describe('a player checks a game', () => {
  test('[PLAYER] the QR of the display opens the check without a session: every call matches, tampering is named', async ({
    page,
    context,
    request,
    browser,
    baseURL,
  }) => {
    test.slow();
    const token = await tokenFor(request, 'agent1');
    const gameId = await newGame(request, token, range(81, 92));

    // The room makes the first call; the hall display (a TV, same browser) then shows the QR code.
    await signInAs(page, 'agent1', `/game/${gameId}`);
    const display = await context.newPage();
    await display.setViewportSize({ width: 1920, height: 1080 });
    await display.goto(`/game/${gameId}/display`);
    await expect(display.getByText('0/75', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(display.getByRole('region', { name: 'Check this game' })).toHaveCount(0);
    const callNext = page.getByRole('button', { name: 'Call Next', exact: true });
    await expect(callNext).toBeEnabled();
    await callNext.click();
    await expect(display.getByText('1/75', { exact: true })).toBeVisible({ timeout: 15_000 });
    const qr = display.getByRole('region', { name: 'Check this game' });
    await expect(qr).toBeVisible();
    const origin = new URL(page.url()).origin;
    const address = `${origin}/verify/${gameId}`;
    await expect(qr.locator('svg[data-qr]')).toHaveAttribute('data-qr', address);
    await expect(qr.getByText(gameId, { exact: true })).toBeVisible();
    await expect(qr.getByText(address, { exact: true })).toBeVisible();
    expect(await readQr(display)).toBe(address);
    if (SHOTS) {
      await display.screenshot({ path: `${SHOTS}/display-qr-1920x1080.png` });
      await display.setViewportSize({ width: 1366, height: 768 });
      await display.screenshot({ path: `${SHOTS}/display-qr-1366x768.png` });
    }
    await page.close();
    await display.close();

    // The round goes on and ends.
    for (let i = 0; i < 19; i++) await api(request, token, 'POST', `/api/games/${gameId}/call-number`);
    const { game } = await api<GameAnswer>(request, token, 'POST', `/api/games/${gameId}/finish`);
    const calls = game.calledNumbers;
    expect(calls).toHaveLength(20);

    // A player's phone, no session: the QR's address.
    const player = await playerPage(browser, baseURL);
    await player.goto(address);
    await expect(player.getByRole('heading', { level: 1, name: `Game ${gameId}` })).toBeVisible();
    await expect(player.getByText('Fair: every one of the 20 calls follows from the seed.')).toBeVisible();
    await expect(
      player.getByText('SHA-256 of the seed matches the commitment published before the first call.'),
    ).toBeVisible();
    await expect(player.locator('li[data-call="ok"]')).toHaveCount(20);
    for (const [i, n] of calls.entries()) {
      await expect(player.getByText(`Call ${i + 1}: ${ballLabel(n)} — matches the seed`)).toBeVisible();
    }
    expect(await player.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await shot(player, 'verify-finished-1366-en');
    await player.getByRole('button', { name: 'አማርኛ' }).click();
    await expect(player.getByText('ፍትሐዊ ነው፦ 20ቱም ጥሪዎች ከዘሩ የመጡ ናቸው።')).toBeVisible();
    await shot(player, 'verify-finished-1366-am');

    // The data tampered on its way: a seed that is not the committed one...
    const tamper = (change: (g: Record<string, unknown>) => void) =>
      player.route('**/api/public/games/*', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        change(body.game);
        await route.fulfill({
          status: 200,
          json: body,
          headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
        });
      });
    await tamper((g) => {
      g.seed = 'ab'.repeat(32);
    });
    await player.goto(`${address}?lang=en`);
    const verdict = player.locator('[data-verdict]');
    await expect(verdict).toHaveAttribute('data-verdict', 'commitment');
    await expect(verdict).toContainText('this seed is not the one committed to before the first call');
    await expect(verdict).toContainText(/Call \d+ was [BINGO]-\d+; the seed gives [BINGO]-\d+\./);
    await expect(
      player.getByText('SHA-256 of the seed does not match the commitment published before the first call.'),
    ).toBeVisible();
    await expect(player.locator('li[data-call="mismatch"]')).toHaveCount(1);
    await shot(player, 'verify-tampered-seed-1366-en');

    // ...and a call changed: calls 3 and 6 swapped.
    await player.unrouteAll();
    await tamper((g) => {
      const c = g.calledNumbers as number[];
      [c[2], c[5]] = [c[5]!, c[2]!];
    });
    await player.reload();
    await expect(verdict).toHaveAttribute('data-verdict', 'mismatch');
    await expect(verdict).toHaveText(
      `Not fair: call 3 was ${ballLabel(calls[5]!)}; the seed gives ${ballLabel(calls[2]!)}.`,
    );
    await expect(player.locator('li[data-call="ok"]')).toHaveCount(2);
    await shot(player, 'verify-tampered-call-1366-en');
    await player.context().close();

    // The same on a phone, in Amharic.
    const phone = await playerPage(browser, baseURL, true);
    await phone.goto(`${address}?lang=am`);
    await expect(phone.getByText('ፍትሐዊ ነው፦ 20ቱም ጥሪዎች ከዘሩ የመጡ ናቸው።')).toBeVisible();
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot(phone, 'verify-finished-390-am');
    await phone.goto(`${address}?lang=en`);
    await expect(phone.getByText('Fair: every one of the 20 calls follows from the seed.')).toBeVisible();
    await shot(phone, 'verify-finished-390-en');
    await phone.context().close();
  });

  test('[PLAYER] a running game shows the calls so far; a cancelled one says so; an unknown id says so', async ({
    request,
    browser,
    baseURL,
  }) => {
    const token = await tokenFor(request, 'agent1');
    const running = await newGame(request, token, range(93, 96));
    for (let i = 0; i < 3; i++) await api(request, token, 'POST', `/api/games/${running}/call-number`);
    const cancelled = await newGame(request, token, range(97, 100));
    await api(request, token, 'POST', `/api/games/${cancelled}/cancel`, { reason: 'Wrong cartelas' });

    const player = await playerPage(browser, baseURL, true);
    await player.goto(`/verify/${running.toLowerCase()}`);
    await expect(player.getByRole('heading', { level: 1, name: `Game ${running}` })).toBeVisible();
    await expect(
      player.getByText(
        'The seed is revealed when the game ends; the commitment below was published before the first call.',
      ),
    ).toBeVisible();
    await expect(player.locator('li[data-call="plain"]')).toHaveCount(3);
    await expect(player.locator('[data-verdict]')).toHaveCount(0);
    await shot(player, 'verify-running-390-en');

    await player.goto(`/verify/${cancelled}`);
    await expect(
      player.getByText('This game was cancelled. The players got their stakes back.'),
    ).toBeVisible();
    await shot(player, 'verify-cancelled-390-en');

    await player.goto('/verify/GZZZZZZZZZZ?lang=am');
    await expect(player.getByText('GZZZZZZZZZZ የሚል መለያ ያለው ጨዋታ የለም', { exact: false })).toBeVisible();
    await shot(player, 'verify-unknown-390-am');
    await player.goto('/verify/GZZZZZZZZZZ?lang=en');
    await expect(player.getByText('No game has the id GZZZZZZZZZZ.', { exact: false })).toBeVisible();

    // /verify asks for the id the TV shows.
    await player.goto('/verify?lang=en');
    await expect(player.getByRole('heading', { level: 1, name: 'Check a game' })).toBeVisible();
    await shot(player, 'verify-ask-390-en');
    await player.getByLabel('Game id').fill(running.toLowerCase());
    await player.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(player).toHaveURL(new RegExp(`/verify/${running}`));
    await expect(player.getByRole('heading', { level: 1, name: `Game ${running}` })).toBeVisible();
    await player.context().close();

    const laptop = await playerPage(browser, baseURL);
    await laptop.goto(`/verify/${running}?lang=am`);
    await expect(laptop.getByText('እስካሁን የተጠሩ ኳሶች')).toBeVisible();
    await shot(laptop, 'verify-running-1366-am');
    await laptop.goto(`/verify/GZZZZZZZZZZ?lang=en`);
    await expect(laptop.getByText('No game has the id GZZZZZZZZZZ.', { exact: false })).toBeVisible();
    await shot(laptop, 'verify-unknown-1366-en');
    await laptop.context().close();

    // Played to its end: its cartelas are free for the worker's next tests (one unfinished game per cartela).
    await api(request, token, 'POST', `/api/games/${running}/finish`);
  });

  test('[ADMIN] the printed cartela sheets say where to check any game', async ({ page }) => {
    await signInAs(page, 'admin', '/agents?tab=cartelas');
    await expect(page.getByText('300 cartelas', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Print cartelas' }).click();
    const choose = page.getByRole('dialog', { name: 'Print cartelas' });
    for (const n of [1, 2, 3, 4])
      await choose.getByRole('button', { name: `Cartela ${n}`, exact: true }).click();
    await choose.getByRole('button', { name: 'Preview 1 page' }).click();
    const sheet = page.getByRole('region', { name: 'Page 1 of 1' });
    const origin = new URL(page.url()).origin;
    await expect(sheet.getByText(`Check any game at ${origin}/verify`, { exact: true })).toHaveCount(4);
    await shot(page, 'print-sheet-1366-en');

    // The app's service worker, now in charge of this browser, leaves /verify to the server: not the app's shell.
    await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
      timeout: 20_000,
    });
    await page.goto('/verify/GZZZZZZZZZZ?lang=en');
    await expect(page.getByText('No game has the id GZZZZZZZZZZ.', { exact: false })).toBeVisible();
    expect(await page.evaluate(() => document.getElementById('root'))).toBeNull();
  });
});
