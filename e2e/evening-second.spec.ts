// An evening in the hall, second pass (docs/decisions/082-085), on a laptop and on a phone, as an agent of the
// test's own: five rounds in a row, each started from the last one's 'Next game', with the hall's TV in the one
// window 'Open display' opened at the start.
//   1. manual calls 0.5 s apart, the voice pacing 'wait' (Call Next waits for the ball's clip);
//   2. manual calls 0.5 s apart, the pacing 'skip to current', and a tie: the winners with their shares stay on
//      the room and the TV after the 8 s celebration;
//   3. auto call at 2 s and the claim key pressed on the winning ball: the TV says 'Claim! Checking...' at once;
//   4. auto call with the network cut: the banner says so, auto call goes on locally, the calls reach the server
//      once the network is back;
//   5. auto call and a reload in the middle of it: auto call goes on by itself.
// Through it all the sound log (the voice manager's User Timing marks) never starts a ball's clip more than one
// call old, and the TV window follows every round.
//
// A tie by construction: the admin gives half of the agent's cartelas the twin of the other half (twinOf), so with
// 'Any Vertical Line' every win is on two cards on the same ball.
import type { APIRequestContext, Page } from '@playwright/test';
import { apiCall } from './support/api';
import { ballLabel, type Card, callOrder, firstWin, type RoomStateAnswer, twinOf } from './support/draw';
import { newAgent, type OwnAgent, signInAsOwn } from './support/own-agent';
import { tokenFor } from './support/pages';
import { expect, test } from './support/test';

const PAIRS = 8;
const STAKE = 10;
const PATTERN = 'any-vertical';
const SHOTS = '.tmp/evening-second';

interface GameAnswer {
  game: { gameId: string; status: string; prize: number; calledNumbers: number[] };
}

/** A mark of the voice manager: a clip asked for (its items) or started (its item), at its time. */
interface VoiceMark {
  name: 'cartela:voice-ask' | 'cartela:voice-start';
  at: number;
  detail: unknown;
}

/** The room's sound log so far: lost at a reload, so read before one. */
const soundLog = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('mark')
      .filter((m) => m.name === 'cartela:voice-ask' || m.name === 'cartela:voice-start')
      .map((m) => ({ name: m.name, at: m.startTime, detail: (m as PerformanceMark).detail })),
  ) as Promise<VoiceMark[]>;

/**
 * The balls of the log that started more than one call after they were asked: at each start of a ball's clip, the
 * balls asked for until then; the clip must be of the last one or the one before it.
 */
function lateClips(log: readonly VoiceMark[]): string[] {
  const asked: number[] = [];
  const late: string[] = [];
  for (const mark of log) {
    if (mark.name === 'cartela:voice-ask') {
      for (const item of mark.detail as unknown[]) if (typeof item === 'number') asked.push(item);
    } else if (typeof mark.detail === 'number') {
      const behind = asked.length - 1 - asked.lastIndexOf(mark.detail);
      if (behind > 1) late.push(`${ballLabel(mark.detail)} started ${behind} calls late`);
    }
  }
  return late;
}

const controls = (page: Page) => page.getByRole('region', { name: 'Game controls' });
const callsShown = (page: Page, n: number) => page.getByText(`${n}/75`, { exact: true });
const callCount = async (page: Page) =>
  Number(
    (await page
      .getByText(/^\d+\/75$/)
      .first()
      .textContent())!.split('/')[0],
  );

/** Waits, every frame, until the room shows `calls` calls (auto call would not wait for a poll). */
const untilCalls = (page: Page, calls: number) =>
  page.waitForFunction(
    (text) => [...document.querySelectorAll('dd, p, span')].some((el) => el.textContent === text),
    `${calls}/75`,
    { polling: 'raf', timeout: calls * 8_000 },
  );

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png` });

/** Half the agent's cartelas are the other half's twins. */
async function makeTwins(request: APIRequestContext, agent: OwnAgent): Promise<number[]> {
  const admin = await tokenFor(request, 'admin');
  const { assignedCartelas } = await apiCall<{
    assignedCartelas: { cartelaNumber: number; bingoCard: Card }[];
  }>(request, admin, 'GET', `/api/cartelas/agent/${agent.id}`);
  const numbers = agent.cartelas.slice(0, 2 * PAIRS);
  const cardOf = (n: number) => assignedCartelas.find((c) => c.cartelaNumber === n)!.bingoCard;
  for (let i = 0; i < PAIRS; i++) {
    await apiCall(request, admin, 'PUT', `/api/cartelas/agent/${agent.id}/cartela/${numbers[PAIRS + i]}`, {
      bingoCard: twinOf(cardOf(numbers[i]!)),
    });
  }
  return numbers;
}

/** The round's whole order and its first win, read once its first ball is called. */
async function drawOf(request: APIRequestContext, agent: OwnAgent, gameId: string) {
  const answer = await apiCall<RoomStateAnswer>(request, agent.token, 'GET', `/api/games/${gameId}/state`);
  const order = callOrder(answer);
  expect(order).toHaveLength(75);
  const win = firstWin(order, answer.state.cartelas);
  expect(win.winners.length).toBeGreaterThanOrEqual(2);
  return { order, win };
}

/** Validate, the cartela, Show Bingo Card, GOOD BINGO, its celebration closed. */
async function goodBingo(page: Page, cartela: number, { keyOpened = false } = {}) {
  if (!keyOpened) await controls(page).getByRole('button', { name: 'Validate', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Validate' });
  await dialog.getByLabel('Cartela number').fill(String(cartela));
  await dialog.getByRole('button', { name: 'Show Bingo Card' }).click();
  const modal = page.getByRole('dialog', { name: `Cartela #${cartela}` });
  await modal.getByRole('button', { name: 'GOOD BINGO' }).click();
  await expect(page.getByText(`Cartela #${cartela} wins`)).toBeVisible();
  await page.keyboard.press('Escape');
}

/** Finish Game, then 'Next game' and Start Game in the wizard: the next round's id. */
async function nextRound(page: Page, request: APIRequestContext, agent: OwnAgent, gameId: string) {
  await controls(page).getByRole('button', { name: 'Finish Game', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Finish Game?' })
    .getByRole('button', { name: 'Finish Game' })
    .click();
  await expect(page.getByText('Game finished')).toBeVisible();
  await expect
    .poll(
      async () =>
        (await apiCall<GameAnswer>(request, agent.token, 'GET', `/api/games/${gameId}`)).game.status,
      {
        timeout: 20_000,
      },
    )
    .toBe('finished');
  await controls(page).getByRole('link', { name: 'Next game' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create New Game' });
  await expect(wizard.getByText('The same as the last game')).toBeVisible();
  await wizard.getByRole('button', { name: 'Start Game' }).click();
  await expect(page).toHaveURL(/\/game\/G[0-9A-Z]{10}$/);
  const next = page.url().split('/').at(-1)!;
  expect(next).not.toBe(gameId);
  await expect(page.getByText('Synced', { exact: true })).toBeVisible({ timeout: 20_000 });
  return next;
}

async function setSpeed(page: Page, ms: number) {
  await page.getByRole('button', { name: 'Room settings' }).click();
  await page.getByRole('combobox', { name: 'Calling speed' }).selectOption(String(ms));
  await page.keyboard.press('Escape');
}

async function setPacing(page: Page, pacing: 'wait' | 'skip') {
  await page.getByRole('button', { name: 'Room settings' }).click();
  await page.getByRole('combobox', { name: 'Voice pacing' }).selectOption(pacing);
  await page.keyboard.press('Escape');
}

/** Call Next every 0.5 s (when it is enabled: 'wait' holds it while the ball's clip plays) until `calls`. */
async function callQuickly(page: Page, calls: number) {
  const next = controls(page).getByRole('button', { name: 'Call Next', exact: true });
  while ((await callCount(page)) < calls) {
    if (await next.isEnabled()) await next.click();
    await page.waitForTimeout(500);
  }
  await expect(callsShown(page, calls)).toBeVisible();
}

async function evening(page: Page, request: APIRequestContext, phone: boolean) {
  test.setTimeout(600_000);
  const agent = await newAgent(request, { cartelas: 2 * PAIRS, coins: 2_000 });
  const cartelas = await makeTwins(request, agent);
  let { gameId } = await apiCall<{ gameId: string }>(request, agent.token, 'POST', '/api/games', {
    stake: STAKE,
    cartelaNumbers: cartelas,
    selectedPattern: PATTERN,
  });
  await signInAsOwn(page, agent, `/game/${gameId}`);
  await expect(page.getByText('Synced', { exact: true })).toBeVisible({ timeout: 20_000 });

  // The hall's TV: one window, opened once, that every later 'Open display' brings back.
  const [tv] = await Promise.all([
    page.waitForEvent('popup'),
    controls(page).getByRole('button', { name: 'Open display' }).click(),
  ]);
  if (!phone) await tv.setViewportSize({ width: 1920, height: 1080 });
  await expect(tv).toHaveURL(new RegExp(`/game/${gameId}/display$`));
  const popups: Page[] = [];
  page.on('popup', (p) => popups.push(p));
  await page.bringToFront();
  const log: VoiceMark[] = [];

  // ---- Round 1: manual calls 0.5 s apart, the voice waited for -------------------------------------------------
  await setPacing(page, 'wait');
  await controls(page).getByRole('button', { name: 'Call Next', exact: true }).click();
  await expect(callsShown(page, 1)).toBeVisible({ timeout: 15_000 });
  let { order, win } = await drawOf(request, agent, gameId);
  await callQuickly(page, win.calls);
  await shot(page, 'r1-room-calls');
  await shot(tv, 'r1-tv-calls');
  await goodBingo(page, win.winners[0]!);
  await expect(page.getByRole('region', { name: 'Winner' })).toContainText(`Cartela #${win.winners[0]}`);

  gameId = await nextRound(page, request, agent, gameId);
  // The TV went on to the next round in the same window, and says what comes.
  await expect(tv).toHaveURL(new RegExp(`/game/${gameId}/display$`), { timeout: 10_000 });
  await expect(tv.getByText('Next game')).toBeVisible();
  await shot(tv, 'r2-tv-next-game');
  await page.bringToFront();

  // ---- Round 2: skip to the current ball, a tie, the winners stay ---------------------------------------------
  await setPacing(page, 'skip');
  await controls(page).getByRole('button', { name: 'Call Next', exact: true }).click();
  await expect(callsShown(page, 1)).toBeVisible({ timeout: 15_000 });
  ({ order, win } = await drawOf(request, agent, gameId));
  await callQuickly(page, win.calls);
  const [first, second] = win.winners as [number, number];
  await goodBingo(page, first);
  await goodBingo(page, second);
  // After the 8 s celebration who won is still there, each with its share, in the room and on the TV.
  await page.waitForTimeout(9_000);
  const winners = page.getByRole('region', { name: 'Winners' });
  await expect(winners).toContainText(`Cartela #${first}: ETB`);
  await expect(winners).toContainText(`Cartela #${second}: ETB`);
  await expect(page.getByText(/2 winners, ETB\s[\d.,]+ each/)).toBeVisible();
  await expect(tv.getByText(new RegExp(`Cartela ${first}\\b`)).first()).toBeVisible();
  await expect(tv.getByText(new RegExp(`Cartela ${second}\\b`)).first()).toBeVisible();
  await shot(page, 'r2-room-winners');
  await shot(tv, 'r2-tv-winners');

  gameId = await nextRound(page, request, agent, gameId);
  // Until the next round's first call the TV keeps the last winners beside the next game's card.
  await expect(tv).toHaveURL(new RegExp(`/game/${gameId}/display$`), { timeout: 10_000 });
  await expect(tv.getByText(new RegExp(`Cartela ${first}\\b`)).first()).toBeVisible();
  // 'Open display' again: the same window, no second one.
  await controls(page).getByRole('button', { name: 'Open display' }).click();
  await page.waitForTimeout(500);
  expect(popups).toHaveLength(0);
  await page.bringToFront();

  // ---- Round 3: auto call at 2 s, the claim key on the winning ball --------------------------------------------
  await setSpeed(page, 2000);
  await controls(page).getByRole('button', { name: 'Auto Call', exact: true }).click();
  await expect(callsShown(page, 1)).toBeVisible({ timeout: 15_000 });
  await expect(tv.getByText(new RegExp(`Cartela ${first}\\b`))).toHaveCount(0);
  ({ order, win } = await drawOf(request, agent, gameId));
  await untilCalls(page, win.calls);
  await page.keyboard.press('b');
  await expect(tv.getByTestId('claim-raised')).toContainText('Claim!', { timeout: 3_000 });
  await shot(tv, 'r3-tv-claim');
  await expect(callsShown(page, win.calls)).toBeVisible();
  await goodBingo(page, win.winners[0]!, { keyOpened: true });
  await expect(page.getByRole('region', { name: 'Current Ball' }).getByRole('status')).toContainText(
    ballLabel(order[win.calls - 1]!),
  );

  gameId = await nextRound(page, request, agent, gameId);
  await expect(tv).toHaveURL(new RegExp(`/game/${gameId}/display$`), { timeout: 10_000 });

  // ---- Round 4: auto call and the network cut -------------------------------------------------------------------
  await controls(page).getByRole('button', { name: 'Auto Call', exact: true }).click();
  await expect(callsShown(page, 1)).toBeVisible({ timeout: 15_000 });
  ({ order, win } = await drawOf(request, agent, gameId));
  await untilCalls(page, 2);
  await page.context().setOffline(true);
  const banner = page.getByRole('alert').filter({ hasText: 'No connection to the server' });
  await expect(banner).toBeVisible();
  await expect(page.getByText('Synced', { exact: true })).toHaveCount(0);
  // Auto call goes on without the network: two more calls, kept on this device.
  const cut = await callCount(page);
  if (cut + 2 < win.calls) {
    await untilCalls(page, cut + 2);
    await expect(banner).toContainText(/\d+ actions? waiting/);
  }
  await shot(page, 'r4-room-offline');
  await page.context().setOffline(false);
  await expect(page.getByText('Synced', { exact: true })).toBeVisible({ timeout: 30_000 });
  await untilCalls(page, win.calls);
  await goodBingo(page, win.winners[0]!);
  const kept = (await apiCall<GameAnswer>(request, agent.token, 'GET', `/api/games/${gameId}`)).game;
  expect(kept.calledNumbers).toEqual(order.slice(0, win.calls));

  gameId = await nextRound(page, request, agent, gameId);
  await expect(tv).toHaveURL(new RegExp(`/game/${gameId}/display$`), { timeout: 10_000 });

  // ---- Round 5: auto call and a reload in the middle of it ---------------------------------------------------------
  await controls(page).getByRole('button', { name: 'Auto Call', exact: true }).click();
  await expect(callsShown(page, 1)).toBeVisible({ timeout: 15_000 });
  ({ order, win } = await drawOf(request, agent, gameId));
  await untilCalls(page, 2);
  // The marks of rounds 1-5 so far: a reload starts a new log.
  log.push(...(await soundLog(page)));
  await page.reload();
  await expect(controls(page).getByRole('button', { name: 'Stop Auto', exact: true })).toBeVisible({
    timeout: 20_000,
  });
  const after = await callCount(page);
  if (after < win.calls) await untilCalls(page, after + 1);
  await untilCalls(page, win.calls);
  await goodBingo(page, win.winners[0]!);
  await expect(tv.getByText(new RegExp(`Cartela ${win.winners[0]}\\b`)).first()).toBeVisible();
  await shot(tv, 'r5-tv-winner');
  log.push(...(await soundLog(page)));

  // The voice was never behind the board by more than the current ball; every round's balls were heard.
  expect(log.filter((m) => m.name === 'cartela:voice-start').length).toBeGreaterThan(10);
  expect(lateClips(log)).toEqual([]);
  // One TV window all evening.
  expect(popups).toHaveLength(0);

  // The evening's last moment in Amharic and Afaan Oromoo: the room, and the TV reloaded in the language (it reads
  // the device's language when it opens).
  for (const [code, name] of [
    ['am', 'አማርኛ'],
    ['om', 'Afaan Oromoo'],
  ] as const) {
    await switchTo(page, name, code);
    await tv.reload();
    await expect(tv.locator('html')).toHaveAttribute('lang', code);
    await shot(page, `r5-room-winner-${code}`);
    await shot(tv, `r5-tv-winner-${code}`);
  }
  await switchTo(page, 'English', 'en');
}

/** The language switch in the header (behind the menu on a phone). */
async function switchTo(page: Page, name: string, code: string) {
  const menu = page.getByRole('button', { name: /^(Menu|ማውጫ|Baafata)$/ });
  if (await menu.isVisible()) await menu.click();
  // The bar's compact switch names its buttons 'EN English'; the phone's panel 'English'.
  await page.getByRole('button', { name }).filter({ visible: true }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', code);
  if (await menu.isVisible()) await page.keyboard.press('Escape');
}

// @proof: five rounds take minutes, so they run with the slower proofs (`npm run proof`), not in `npm test`.
test.describe('an evening in the hall, second pass @proof', () => {
  test('[AGENT] five rounds: quick manual calls, a tie, the claim key, a network cut, a reload (laptop)', async ({
    page,
    request,
  }) => {
    await evening(page, request, false);
  });

  test('[AGENT] @phone five rounds: quick manual calls, a tie, the claim key, a network cut, a reload (phone)', async ({
    page,
    request,
  }) => {
    await evening(page, request, true);
  });
});
