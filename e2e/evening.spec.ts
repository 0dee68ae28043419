// An evening in the hall (issue 19), on a laptop and on a phone: a whole round called by auto call at 2 s, two
// cartelas that complete on the same ball (a tie: the prize is split, in the room, on the TV, in the history and
// on the server), the finish, then 'Next game' opens the wizard with the same stake, pattern and cartelas and
// the next round starts.
//
// A tie by construction, not by luck: the admin gives ten of the agent's cartelas a twin, the same card with two
// cells of the B column swapped. A twin's columns hold the same numbers as its original's, so with 'Any
// Vertical Line' every completed column completes on both cards on the same ball, whichever order the draw has.
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import {
  ballLabel,
  type Card,
  callOrder,
  firstWin,
  type RoomStateAnswer,
  range,
  twinOf,
} from './support/draw';
import { signInAs } from './support/pages';
import { expect, test } from './support/test';

const PAIRS = 10;
const STAKE = 20;
const PATTERN = 'any-vertical';

interface GameAnswer {
  game: {
    gameId: string;
    status: string;
    stake: number;
    prize: number;
    cartelaNumbers: number[];
    selectedWinningPattern: string;
    calledNumbers: number[];
    winners: { cartelaNumber: number; prizeShare: number }[];
  };
}

async function api<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: object,
) {
  const response = await request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

const tokenOf = async (page: Page) => (await page.evaluate(() => localStorage.getItem('token'))) as string;

/** The admin gives cartelas from+PAIRS .. from+2*PAIRS-1 the twins of from .. from+PAIRS-1. */
async function makeTwins(browser: Browser, request: APIRequestContext, agentId: string, from: number) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInAs(admin, 'admin');
  const token = await tokenOf(admin);
  await context.close();
  const { assignedCartelas } = await api<{ assignedCartelas: { cartelaNumber: number; bingoCard: Card }[] }>(
    request,
    token,
    'GET',
    `/api/cartelas/agent/${agentId}`,
  );
  const cardOf = (n: number) => assignedCartelas.find((c) => c.cartelaNumber === n)!.bingoCard;
  for (let i = 0; i < PAIRS; i++) {
    const twin = twinOf(cardOf(from + i));
    if (JSON.stringify(cardOf(from + PAIRS + i)) === JSON.stringify(twin)) continue; // a retry
    await api(request, token, 'PUT', `/api/cartelas/agent/${agentId}/cartela/${from + PAIRS + i}`, {
      bingoCard: twin,
    });
  }
}

// Outside test-results/, which Playwright empties at each run: for a person to look at.
const SHOTS = '.tmp/evening';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });

/** The language switch in the header (behind the menu on a phone). */
async function switchTo(page: Page, name: 'English' | 'አማርኛ') {
  const menu = page.getByRole('button', { name: /^(Menu|ማውጫ)$/ });
  if (await menu.isVisible()) await menu.click();
  // The bar's compact switch names its buttons 'EN English'; the phone's panel 'English'.
  await page.getByRole('button', { name }).filter({ visible: true }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', name === 'English' ? 'en' : 'am');
  if (await menu.isVisible()) await page.keyboard.press('Escape');
}

const controls = (page: Page) => page.getByRole('region', { name: 'Game controls' });
const callsShown = (page: Page, n: number) => page.getByText(`${n}/75`, { exact: true });

/** Validates a claim in the room and confirms it GOOD BINGO. */
async function goodBingo(page: Page, cartela: number) {
  await controls(page).getByRole('button', { name: 'Validate', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Validate' });
  await dialog.getByLabel('Cartela number').fill(String(cartela));
  await dialog.getByRole('button', { name: 'Show Bingo Card' }).click();
  const modal = page.getByRole('dialog', { name: `Cartela #${cartela}` });
  await expect(modal).toBeVisible();
  return modal;
}

async function openDisplay(context: BrowserContext, gameId: string): Promise<Page> {
  const display = await context.newPage();
  await display.goto(`/game/${gameId}/display`);
  return display;
}

async function evening(
  page: Page,
  context: BrowserContext,
  browser: Browser,
  request: APIRequestContext,
  who: 'agent1' | 'agent2',
  from: number,
) {
  await signInAs(page, who);
  const token = await tokenOf(page);
  const { user } = await api<{ user: { id: string } }>(request, token, 'GET', '/api/auth/me');
  await makeTwins(browser, request, user.id, from);
  const cartelas = range(from, from + 2 * PAIRS - 1);
  const { gameId } = await api<{ gameId: string }>(request, token, 'POST', '/api/games', {
    stake: STAKE,
    cartelaNumbers: cartelas,
    selectedPattern: PATTERN,
  });

  await page.goto(`/game/${gameId}`);
  await expect(page.getByText('Synced', { exact: true })).toBeVisible({ timeout: 20_000 });
  // The hall's TV follows the room.
  const display = await openDisplay(context, gameId);
  // A hall's TV is 1920x1080 (the laptop run); the phone run keeps the phone's size.
  if (page.viewportSize()!.width > 1000) await display.setViewportSize({ width: 1920, height: 1080 });
  await page.bringToFront();

  // Calling speed 2 s, then Auto Call: the first ball goes online, the rest follow every 2 s (or when the voice
  // has finished, if later).
  await page.getByRole('button', { name: 'Room settings' }).click();
  await page.getByRole('combobox', { name: 'Calling speed' }).selectOption('2000');
  await page.keyboard.press('Escape');
  await controls(page).getByRole('button', { name: 'Auto Call', exact: true }).click();
  await expect(callsShown(page, 1)).toBeVisible({ timeout: 15_000 });

  const answer = await api<RoomStateAnswer>(request, token, 'GET', `/api/games/${gameId}/state`);
  const order = callOrder(answer);
  expect(order).toHaveLength(75);
  const win = firstWin(order, answer.state.cartelas);
  // Twins win together: a tie, whatever the order.
  expect(win.winners.length).toBeGreaterThanOrEqual(2);
  expect(win.winners.length % 2).toBe(0);
  const [first, second] = [win.winners[0]!, win.winners.find((n) => n !== win.winners[0])!];

  // The players shout on the winning ball: Validate stops auto call at once (watched every frame, not polled).
  await page.waitForFunction(
    (text) => [...document.querySelectorAll('dd, p, span')].some((el) => el.textContent === text),
    `${win.calls}/75`,
    { polling: 'raf', timeout: win.calls * 8_000 },
  );
  let modal = await goodBingo(page, first);
  await expect(callsShown(page, win.calls)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Current Ball' }).getByRole('status')).toContainText(
    ballLabel(order[win.calls - 1]!),
  );
  await modal.getByRole('button', { name: 'GOOD BINGO' }).click();
  await expect(page.getByText(`Cartela #${first} wins`)).toBeVisible();
  await page.keyboard.press('Escape');

  // The second card of the same ball: the modal says before the decision that it shares the prize.
  modal = await goodBingo(page, second);
  await expect(modal).toContainText('Another cartela already won on this ball: GOOD BINGO shares the prize');
  await modal.getByRole('button', { name: 'GOOD BINGO' }).click();
  await expect(page.getByText(`Cartela #${second} wins`)).toBeVisible();
  await expect(page.getByText(/shared by 2 winners/).first()).toBeVisible();
  // Auto call never went past the winning ball.
  await expect(callsShown(page, win.calls)).toBeVisible();

  // The TV showed the second claim: GOOD BINGO with its share of the prize.
  await expect(display.getByText('GOOD BINGO').first()).toBeVisible({ timeout: 10_000 });
  await expect(display.getByText(/^Prize: ETB/).first()).toBeVisible();
  await shot(display, 'tv-tie-en');
  await shot(page, 'room-tie-en');

  // Finish; the server keeps both winners, each with half of the prize.
  await page.keyboard.press('Escape');
  await controls(page).getByRole('button', { name: 'Finish Game', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Finish Game?' })
    .getByRole('button', { name: 'Finish Game' })
    .click();
  await expect
    .poll(async () => (await api<GameAnswer>(request, token, 'GET', `/api/games/${gameId}`)).game.status, {
      timeout: 20_000,
    })
    .toBe('finished');
  const { game } = await api<GameAnswer>(request, token, 'GET', `/api/games/${gameId}`);
  expect(game.calledNumbers).toEqual(order.slice(0, win.calls));
  expect(game.winners.map((w) => w.cartelaNumber)).toEqual([first, second]);
  const [a, b] = game.winners.map((w) => w.prizeShare);
  expect(Math.round((a! + b!) * 100)).toBe(Math.round(game.prize * 100));
  expect(Math.abs(a! - b!)).toBeLessThanOrEqual(0.01);

  // Next game: the wizard opens on its last step with the same cartelas, stake and pattern (each still
  // editable: Back shows them chosen); Start Game starts the next round.
  await controls(page).getByRole('link', { name: 'Next game' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create New Game' });
  await expect(wizard.getByText('Step 3 of 3: Cartelas')).toBeVisible();
  await expect(wizard.getByText(`${cartelas.length} cartelas selected`)).toBeVisible();
  // Nothing behind the wizard (the games list) is wider than the screen: a phone would zoom out.
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await wizard.getByRole('button', { name: 'Back' }).click();
  await expect(wizard.getByRole('combobox', { name: 'Winning pattern' })).toHaveValue(PATTERN);
  await wizard.getByRole('button', { name: 'Back' }).click();
  await expect(wizard.getByRole('button', { name: new RegExp(`^ETB\\s${STAKE}$`) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText(`${cartelas.length} cartelas selected`)).toBeVisible();
  await wizard.getByRole('button', { name: 'Start Game' }).click();
  await expect(page).toHaveURL(/\/game\/G[0-9A-Z]{10}$/);
  const nextId = page.url().split('/').at(-1)!;
  expect(nextId).not.toBe(gameId);
  await expect(page.getByText('Synced', { exact: true })).toBeVisible({ timeout: 20_000 });
  await controls(page).getByRole('button', { name: 'Call Next', exact: true }).click();
  await expect(callsShown(page, 1)).toBeVisible({ timeout: 15_000 });
  const next = (await api<GameAnswer>(request, token, 'GET', `/api/games/${nextId}`)).game;
  expect(next).toMatchObject({
    stake: STAKE,
    cartelaNumbers: cartelas,
    selectedWinningPattern: PATTERN,
    status: 'active',
  });
  expect(next.calledNumbers).toHaveLength(1);
  // The next round is not this test's to play: finished, its cartelas are free again (a cartela is in one
  // unfinished game at a time, product/draw.md#invariants).
  await api(request, token, 'POST', `/api/games/${nextId}/finish`);

  // The history of the tied game names both winners and the split.
  await page.goto(`/game-history/${gameId}`);
  await expect(page.getByText(/shared by 2 winners on the same ball/).first()).toBeVisible();
  await expect(page.getByText(`Cartela ${first}`).first()).toBeVisible();
  await expect(page.getByText(`Cartela ${second}`).first()).toBeVisible();
  await shot(page, 'history-tie-en');
  await switchTo(page, 'አማርኛ');
  await expect(page.getByText(/2 አሸናፊዎች/).first()).toBeVisible();
  await shot(page, 'history-tie-am');
  await display.reload();
  await expect(display.locator('html')).toHaveAttribute('lang', 'am');
  await shot(display, 'tv-finished-am');
  await switchTo(page, 'English');
}

// @proof: a whole evening takes minutes, so it runs with the slower proofs (`npm run proof`), not in `npm test`.
test.describe('an evening in the hall @proof', () => {
  test('[AGENT] a round by auto call at 2 s, a tie split on the same ball, the finish, then Next game (laptop)', async ({
    page,
    context,
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    await evening(page, context, browser, request, 'agent1', 66);
  });

  test('[AGENT] @phone a round by auto call at 2 s, a tie split on the same ball, the finish, then Next game (phone)', async ({
    page,
    context,
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    await evening(page, context, browser, request, 'agent2', 166);
  });
});
