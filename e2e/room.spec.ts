// The offline game room (issue 10) in Chromium on the built app: a whole game with a real winner and a false
// claim; the claim key (B) stopping auto call at once on a late claim; the round started online (the order is
// sealed until the first call, issue 18), then twenty-five calls made offline across reloads and a closed page,
// synced once each; shuffle offline; cancel with a refund; one caller per game and the hall display following the
// room. A game left with calls is finished at the end of its test: a cartela is in one unfinished game at a
// time (product/draw.md#invariants), and the worker's next tests use the same demo agents.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { apiCall } from './support/api';
import { signInAs, tokenFor } from './support/pages';
import { expect, test } from './support/test';

const LETTERS = 'BINGO';
const ballLabel = (n: number) => `${LETTERS[Math.floor((n - 1) / 15)]}-${n}`;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

interface RoomStateAnswer {
  lastSeq: number;
  state: {
    remaining: number[];
    orderSealed?: boolean;
    calledNumbers: number[];
    shuffles: number[];
    cartelas: { cartelaNumber: number; card: number[][] }[];
  };
}
interface GameAnswer {
  game: {
    gameId: string;
    status: string;
    calledNumbers: number[];
    winners: { cartelaNumber: number }[];
    lastSeq: number;
    coinCost: number;
    refundedCoins: number;
    cancelReason: string | null;
    shuffles: { afterCalls: number; reordered: boolean }[];
  };
}

const api = apiCall;

async function newGame(request: APIRequestContext, token: string, pattern: string, cartelas: number[]) {
  const created = await api<{ gameId: string }>(request, token, 'POST', '/api/games', {
    stake: 10,
    cartelaNumbers: cartelas,
    selectedPattern: pattern,
  });
  return created.gameId;
}

const room = (page: Page) => ({
  callNext: page.getByRole('button', { name: 'Call Next', exact: true }),
  currentBall: page.getByRole('region', { name: 'Current Ball' }).getByRole('status'),
  calls: (n: number) => page.getByText(`${n}/75`, { exact: true }),
});

/** Clicks Call Next and waits for the ball to show: the n-th call is `expected`. */
async function callNext(page: Page, n: number, expected: number) {
  const r = room(page);
  // Enabled once the voice has spoken the last ball (pacing 'wait', docs/decisions/082-voice-never-behind.md).
  await expect(r.callNext).toBeEnabled({ timeout: 20_000 });
  await r.callNext.click();
  await expect(r.calls(n)).toBeVisible();
  await expect(r.currentBall).toContainText(ballLabel(expected));
}

/**
 * Starts the round in the room (online: the first call is the server's, issue 18) and returns the whole call
 * order, which the room has from then on: the first ball and the rest.
 */
async function startRound(page: Page, request: APIRequestContext, token: string, gameId: string) {
  const before = await api<RoomStateAnswer>(request, token, 'GET', `/api/games/${gameId}/state`);
  expect(before.state).toMatchObject({ remaining: [], orderSealed: true });
  const r = room(page);
  // Enabled once the voice has spoken the last ball (pacing 'wait', docs/decisions/082-voice-never-behind.md).
  await expect(r.callNext).toBeEnabled({ timeout: 20_000 });
  await r.callNext.click();
  await expect(r.calls(1)).toBeVisible();
  const after = await api<RoomStateAnswer>(request, token, 'GET', `/api/games/${gameId}/state`);
  const order = [...after.state.calledNumbers, ...after.state.remaining];
  expect(order).toHaveLength(75);
  await expect(r.currentBall).toContainText(ballLabel(order[0]!));
  return { order, state: after };
}

/** The call after which a cartela first completes its four corners (it then wins on that ball). */
function firstCornerWin(order: number[], answer: RoomStateAnswer): { calls: number; cartela: number } {
  for (let k = 1; k <= order.length; k++) {
    const called = new Set(order.slice(0, k));
    for (const { cartelaNumber, card } of answer.state.cartelas) {
      const corners = [card[0]![0]!, card[0]![4]!, card[4]![0]!, card[4]![4]!];
      if (corners.every((n) => called.has(n))) return { calls: k, cartela: cartelaNumber };
    }
  }
  throw new Error('no cartela completes its corners');
}

async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout: 20_000,
  });
}

test.describe('the game room', () => {
  test('[AGENT] runs a game: calls in the committed order, blocks a false claim, confirms a real winner, finishes; the history agrees', async ({
    page,
    request,
  }) => {
    test.slow();
    const token = await tokenFor(request, 'agent1');
    const gameId = await newGame(request, token, 'four-corners', range(21, 40));

    await signInAs(page, 'agent1', `/game/${gameId}`);
    await expect(page.getByRole('heading', { name: 'Game Room' })).toBeVisible();
    await expect(page.getByText('Synced', { exact: true })).toBeVisible({ timeout: 20_000 });

    const { order, state: initial } = await startRound(page, request, token, gameId);
    const win = firstCornerWin(order, initial);
    for (let i = 1; i < win.calls; i++) await callNext(page, i + 1, order[i]!);

    // A false claim: a cartela whose corners are not all called is blocked.
    const called = new Set(order.slice(0, win.calls));
    const loser = initial.state.cartelas.find(
      ({ card }) => ![card[0]![0]!, card[0]![4]!, card[4]![0]!, card[4]![4]!].every((n) => called.has(n)),
    )!.cartelaNumber;
    await page.getByRole('button', { name: 'Validate', exact: true }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Cartela number').fill(String(loser));
    await dialog.getByRole('button', { name: 'Show Bingo Card' }).click();
    await page.getByRole('button', { name: 'BLOCK CARTELA' }).click();
    await expect(page.getByText('Cartela blocked - not a winner yet!').first()).toBeVisible();

    // The real winner.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Validate', exact: true }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Cartela number').fill(String(win.cartela));
    await dialog.getByRole('button', { name: 'Show Bingo Card' }).click();
    await page.getByRole('button', { name: 'GOOD BINGO' }).click();
    await expect(page.getByText('BINGO!')).toBeVisible();
    await expect(page.getByText(`Cartela #${win.cartela} wins`)).toBeVisible();

    // Finish.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Finish Game', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Finish Game?' })
      .getByRole('button', { name: 'Finish Game' })
      .click();
    // The finish reaches the server through the outbox ('Synced' may still show from before it was queued).
    await expect
      .poll(async () => (await api<GameAnswer>(request, token, 'GET', `/api/games/${gameId}`)).game.status, {
        timeout: 20_000,
      })
      .toBe('finished');
    await expect(page.getByText('Synced', { exact: true })).toBeVisible({ timeout: 20_000 });

    const { game } = await api<GameAnswer>(request, token, 'GET', `/api/games/${gameId}`);
    expect(game.calledNumbers).toEqual(order.slice(0, win.calls));
    expect(game.winners.map((w) => w.cartelaNumber)).toEqual([win.cartela]);

    await page.goto(`/game-history/${gameId}`);
    const calls = page.getByRole('list', { name: 'Called numbers' }).getByRole('listitem');
    await expect(calls).toHaveCount(win.calls);
    await expect(page.getByText(`Cartela ${win.cartela}`).first()).toBeVisible();
  });

  test('[AGENT] starts the round online, calls 20 numbers offline, survives two reloads and a closed page, calls 5 more, and the server gets the 26 once each', async ({
    page,
    context,
    request,
  }) => {
    test.slow();
    const token = await tokenFor(request, 'agent1');
    const gameId = await newGame(request, token, 'full-house', range(41, 50));

    await signInAs(page, 'agent1', `/game/${gameId}`);
    await expect(page.getByText('Synced', { exact: true })).toBeVisible({ timeout: 20_000 });
    await waitForServiceWorker(page);
    const { order } = await startRound(page, request, token, gameId);

    await context.setOffline(true);
    await expect(page.getByText('Offline Mode')).toBeVisible();
    for (let i = 1; i < 21; i++) await callNext(page, i + 1, order[i]!);
    // The banner of a dropped network says how many wait, and so does the header (decision 084).
    await expect(page.getByRole('alert').getByText('20 actions waiting', { exact: true })).toBeVisible();
    await expect(page.getByText('Offline since', { exact: false })).toContainText('20 actions waiting');

    for (let reload = 0; reload < 2; reload++) {
      await page.reload();
      await expect(room(page).calls(21)).toBeVisible({ timeout: 15_000 });
      await expect(room(page).currentBall).toContainText(ballLabel(order[20]!));
    }
    await page.close();
    const again = await context.newPage();
    await again.goto(`/game/${gameId}`);
    await expect(room(again).calls(21)).toBeVisible({ timeout: 15_000 });
    for (let i = 21; i < 26; i++) await callNext(again, i + 1, order[i]!);

    await context.setOffline(false);
    await expect(again.getByText('Synced', { exact: true })).toBeVisible({ timeout: 45_000 });
    const { game } = await api<GameAnswer>(request, token, 'GET', `/api/games/${gameId}`);
    expect(game.calledNumbers).toEqual(order.slice(0, 26));
    expect(game.lastSeq).toBe(26);
    await api(request, token, 'POST', `/api/games/${gameId}/finish`);
  });

  test('[AGENT] before the first call: offline the room says to connect and shuffles; online the round starts and the shuffle changed nothing', async ({
    page,
    context,
    request,
  }) => {
    test.slow();
    const token = await tokenFor(request, 'agent1');
    const gameId = await newGame(request, token, 'full-house', range(56, 60));

    await signInAs(page, 'agent1', `/game/${gameId}`);
    await expect(page.getByText('Synced', { exact: true })).toBeVisible({ timeout: 20_000 });

    await context.setOffline(true);
    const notice = page.getByText(
      'Connect to start the round; once it has started it goes on without the network',
      { exact: true },
    );
    await expect(notice).toBeVisible();
    await expect(room(page).callNext).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Auto (No Network)' })).toBeDisabled();
    // A shuffle is the hall's moment: offline too, kept in the outbox.
    await page.getByRole('button', { name: 'Shuffle', exact: true }).click();
    await expect(page.getByRole('alert').getByText('1 action waiting', { exact: true })).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText('Synced', { exact: true })).toBeVisible({ timeout: 45_000 });
    await expect(notice).toBeHidden();
    const { order } = await startRound(page, request, token, gameId);
    const { game } = await api<GameAnswer>(request, token, 'GET', `/api/games/${gameId}`);
    expect(game.shuffles).toEqual([expect.objectContaining({ afterCalls: 0, reordered: false })]);
    expect(game.calledNumbers).toEqual(order.slice(0, 1));
    expect(game.lastSeq).toBe(2);
    await api(request, token, 'POST', `/api/games/${gameId}/finish`);
  });

  test('[AGENT] cancels a game before its first call: the coins come back and the history says why', async ({
    page,
    request,
  }) => {
    test.slow();
    const token = await tokenFor(request, 'agent1');
    const gameId = await newGame(request, token, 'full-house', range(61, 65));
    const { game: created } = await api<GameAnswer>(request, token, 'GET', `/api/games/${gameId}`);

    await signInAs(page, 'agent1', `/game/${gameId}`);
    await expect(page.getByText('Synced', { exact: true })).toBeVisible({ timeout: 20_000 });
    // Before the first call, Cancel game sits beside the controls (issue 19), not only in the settings panel.
    await page
      .getByRole('region', { name: 'Game controls' })
      .getByRole('button', { name: 'Cancel game' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this game?' });
    await expect(dialog).toContainText(`the game's ${created.coinCost} coins are refunded`);
    await dialog.getByLabel('Reason (optional)').fill('Wrong cartelas chosen');
    await dialog.getByRole('button', { name: 'Cancel game' }).click();

    await expect(page).toHaveURL(new RegExp(`/game-history/${gameId}$`));
    await expect(page.getByText(`Game cancelled: ${created.coinCost} coins refunded`)).toBeVisible();
    await expect(
      page.getByText(`Cancelled before the first call: ${created.coinCost} coins refunded`),
    ).toBeVisible();
    await expect(page.getByText('Reason: Wrong cartelas chosen')).toBeVisible();
    const { game } = await api<GameAnswer>(request, token, 'GET', `/api/games/${gameId}`);
    expect(game).toMatchObject({
      status: 'cancelled',
      refundedCoins: created.coinCost,
      cancelReason: 'Wrong cartelas chosen',
    });
  });

  test('[AGENT] one caller per game: a second tab follows read-only, and the hall display follows the room', async ({
    page,
    context,
    request,
  }) => {
    test.slow();
    const token = await tokenFor(request, 'agent1');
    const gameId = await newGame(request, token, 'full-house', range(51, 55));

    await signInAs(page, 'agent1', `/game/${gameId}`);
    await expect(page.getByText('Synced', { exact: true })).toBeVisible({ timeout: 20_000 });
    const { order } = await startRound(page, request, token, gameId);

    const second = await context.newPage();
    await second.goto(`/game/${gameId}`);
    await expect(
      second.getByText('Another tab or window is calling this game.', { exact: false }),
    ).toBeVisible();
    await expect(room(second).callNext).toBeDisabled();

    const display = await openDisplay(context, gameId);
    await expect(display.getByRole('img', { name: ballLabel(order[0]!) }).first()).toBeVisible({
      timeout: 15_000,
    });

    await callNext(page, 2, order[1]!);
    await expect(room(second).currentBall).toContainText(ballLabel(order[1]!));
    await expect(display.getByRole('img', { name: ballLabel(order[1]!) }).first()).toBeVisible();

    // The display reopens in step after a reload.
    await display.reload();
    await expect(display.getByRole('img', { name: ballLabel(order[1]!) }).first()).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText('Synced', { exact: true })).toBeVisible({ timeout: 20_000 });
    await api(request, token, 'POST', `/api/games/${gameId}/finish`);
  });

  test('[AGENT] the claim key B stops auto call at once and pins the ball on screen; a late claim says on which ball the card was completed', async ({
    page,
    context,
    request,
  }) => {
    // Every call by hand waits for its ball to be spoken (~1-2.6 s): up to some 40 of them.
    test.setTimeout(240_000);
    // agent2 (commission share) with cartelas 126-135: no other spec plays them.
    const token = await tokenFor(request, 'agent2');
    const gameId = await newGame(request, token, 'four-corners', range(126, 135));
    await signInAs(page, 'agent2', `/game/${gameId}`);
    await expect(page.getByText('Synced', { exact: true })).toBeVisible({ timeout: 20_000 });
    const { order, state: initial } = await startRound(page, request, token, gameId);
    const display = await openDisplay(context, gameId);
    await page.bringToFront();

    // By hand up to the ball that completes a card's four corners: a claim on it would win.
    const win = firstCornerWin(order, initial);
    for (let i = 1; i < win.calls; i++) await callNext(page, i + 1, order[i]!);

    // Then auto call at 2 s, muted (its rhythm is the interval alone), and the player shouts one ball late: the
    // agent presses B the moment the next ball shows.
    await page.getByRole('button', { name: 'Room settings' }).click();
    await page.getByRole('combobox', { name: 'Calling speed' }).selectOption('2000');
    const voice = page
      .getByRole('region', { name: 'Room settings' })
      .getByRole('button', { name: 'Voice', exact: true });
    await voice.click();
    await expect(voice).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Auto Call', exact: true }).click();
    await page.waitForFunction(
      (text) => [...document.querySelectorAll('dd, p, span')].some((el) => el.textContent === text),
      `${win.calls + 1}/75`,
      { polling: 'raf', timeout: 15_000 },
    );
    await page.keyboard.press('b');

    // The check names the ball on screen, and calling has stopped: two intervals later no ball has followed.
    const dialog = page.getByRole('dialog', { name: 'Validate' });
    await expect(dialog).toBeVisible();
    const pin = (await dialog.getByTestId('claim-pin').innerText()).match(
      /^Claim on ([BINGO]-\d+), ball (\d+)$/,
    );
    expect(pin, 'the pinned ball').not.toBeNull();
    const claimed = Number(pin![2]);
    expect(claimed).toBeGreaterThan(win.calls);
    expect(pin![1]).toBe(ballLabel(order[claimed - 1]!));
    await page.waitForTimeout(4_500);
    await expect(room(page).calls(claimed)).toBeVisible();
    await expect
      .poll(
        async () => (await api<GameAnswer>(request, token, 'GET', `/api/games/${gameId}`)).game.calledNumbers,
      )
      .toEqual(order.slice(0, claimed));

    // The card completed on an earlier ball: a late claim, and the check says on which.
    await dialog.getByLabel('Cartela number').fill(String(win.cartela));
    await dialog.getByRole('button', { name: 'Show Bingo Card' }).click();
    const modal = page.getByRole('dialog', { name: `Cartela #${win.cartela}` });
    await expect(modal.getByTestId('claim-pin')).toHaveText(`Claim on ${pin![1]}, ball ${claimed}`);
    await expect(modal).toContainText('Late claim');
    const story = `Completed on ball ${win.calls} (${ballLabel(order[win.calls - 1]!)}), claimed on ball ${claimed}`;
    await expect(modal.getByTestId('claim-story')).toHaveText(story);
    await expect(modal.getByRole('button', { name: 'GOOD BINGO' })).toHaveCount(0);
    await modal.getByRole('button', { name: 'BLOCK CARTELA' }).click();
    await expect(page.getByText('Cartela blocked - not a winner yet!').first()).toBeVisible();
    // The TV says it too.
    await expect(display.getByTestId('claim').getByTestId('claim-story')).toHaveText(story, {
      timeout: 10_000,
    });

    // Finished without a winner; the history keeps why the claim lost.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Finish Game', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Finish Game?' })
      .getByRole('button', { name: 'Finish Game' })
      .click();
    await expect
      .poll(async () => (await api<GameAnswer>(request, token, 'GET', `/api/games/${gameId}`)).game.status, {
        timeout: 20_000,
      })
      .toBe('finished');
    await page.goto(`/game-history/${gameId}`);
    await expect(page.getByRole('table', { name: 'Claims' }).getByTestId('claim-story')).toHaveText(story);
  });
});

async function openDisplay(context: BrowserContext, gameId: string): Promise<Page> {
  const display = await context.newPage();
  await display.goto(`/game/${gameId}/display`);
  return display;
}
