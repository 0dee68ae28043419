import type { APIRequestContext, Page } from '@playwright/test';
import { signInAs } from './support/pages';
import { expect, test } from './support/test';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token, 'a signed-in page keeps its token').toBeTruthy();
  return token as string;
}

async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string) {
  const response = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), `${method} ${path}`).toBe(200);
  return (await response.json()) as T;
}

interface GameAnswer {
  game: {
    gameId: string;
    stake: number;
    numberOfPlayers: number;
    cartelaNumbers: number[];
    selectedWinningPattern: string;
    calledNumbers: number[];
    status: string;
    drawSeed: string | null;
    coinCost: number;
  };
}

/**
 * The agent's journey through the wizard, from the games page (/game): a money level, a pattern, a range of
 * cartelas, Start Game.
 */
async function createThroughWizard(
  page: Page,
  { stake, from, to }: { stake: number; from: number; to: number },
) {
  await page
    .getByRole('button', { name: /Create (New|Your First) Game/ })
    .first()
    .click();
  const wizard = page.getByRole('dialog', { name: 'Create New Game' });
  await expect(wizard.getByText('Step 1 of 3: Money Level')).toBeVisible();
  await wizard.getByRole('button', { name: new RegExp(`^ETB\\s${stake}$`) }).click();
  await wizard.getByRole('button', { name: 'Continue' }).click();

  await expect(wizard.getByText('Step 2 of 3: Pattern')).toBeVisible();
  await wizard.getByRole('combobox', { name: 'Winning pattern' }).selectOption('four-corners');
  await wizard.getByRole('button', { name: 'Next' }).click();

  await expect(wizard.getByText('Step 3 of 3: Cartelas')).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'Start Game' })).toBeDisabled();
  await wizard.getByLabel('From').fill(String(from));
  await wizard.getByLabel('To', { exact: true }).fill(String(to));
  await wizard.getByRole('button', { name: 'Add range' }).click();
  await expect(wizard.getByText(`${to - from + 1} cartelas selected`)).toBeVisible();
  await wizard.getByRole('button', { name: 'Start Game' }).click();

  await expect(page.getByText('Game created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/game\/G[0-9A-Z]{10}$/);
  return page.url().split('/').at(-1) as string;
}

test.describe('games', () => {
  test('[AGENT] creates a game through the wizard, finds it in Game Management, and Verify proves its finished draw', async ({
    page,
    request,
  }) => {
    test.slow();
    await signInAs(page, 'agent1', '/game');
    const gameId = await createThroughWizard(page, { stake: 50, from: 11, to: 30 });

    // The room (a placeholder until the room lands) shows the new game.
    await expect(page.getByRole('heading', { level: 1, name: 'Game Room' })).toBeVisible();
    await expect(page.getByText(`Game #${gameId.slice(-8)}`)).toBeVisible();

    // The server made exactly what the wizard asked for.
    const token = await tokenOf(page);
    const { game } = await api<GameAnswer>(request, token, 'GET', `/api/games/${gameId}`);
    expect(game).toMatchObject({
      gameId,
      stake: 50,
      numberOfPlayers: 20,
      cartelaNumbers: range(11, 30),
      selectedWinningPattern: 'four-corners',
      status: 'active',
      drawSeed: null,
    });

    // Game Management lists it, newest first.
    await page.getByRole('link', { name: 'Back to Games' }).click();
    await expect(page).toHaveURL(/\/game$/);
    const firstRow = page.getByRole('table', { name: 'Games' }).getByRole('row').nth(1);
    await expect(firstRow).toContainText(gameId.slice(-8));
    await expect(firstRow).toContainText('Active');

    // Twelve calls and a finish through the API.
    for (let i = 0; i < 12; i++) await api(request, token, 'POST', `/api/games/${gameId}/call-number`);
    await api(request, token, 'POST', `/api/games/${gameId}/finish`);
    const finished = (await api<GameAnswer>(request, token, 'GET', `/api/games/${gameId}`)).game;
    expect(finished.status).toBe('finished');
    expect(finished.calledNumbers).toHaveLength(12);
    expect(finished.drawSeed).toMatch(/^[0-9a-f]{64}$/);

    // The list shows it finished once the tab is seen again, and leads to its history.
    await page.reload();
    await expect(firstRow).toContainText('Finished');
    await firstRow.getByRole('link', { name: `History of game ${gameId.slice(-8)}` }).click();
    await expect(page).toHaveURL(new RegExp(`/game-history/${gameId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Game History' })).toBeVisible();

    // The calls in order, as the server recorded them.
    const calls = page.getByRole('list', { name: 'Called numbers' }).getByRole('listitem');
    await expect(calls).toHaveCount(12);
    const letter = (n: number) => 'BINGO'[Math.floor((n - 1) / 15)];
    expect(await calls.evaluateAll((items) => items.map((li) => li.getAttribute('aria-label')))).toEqual(
      finished.calledNumbers.map((n, i) => `Call ${i + 1}: ${letter(n)}-${n}`),
    );

    // Verify recomputes the order in this browser from the revealed seed.
    await expect(page.getByText(finished.drawSeed as string)).toBeVisible();
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByText('The seed matches the commitment')).toBeVisible();
    await expect(page.getByText('Verified: every one of the 12 calls follows from the seed.')).toBeVisible();
    await expect(page.getByRole('listitem', { name: /, matches$/ })).toHaveCount(12);
  });

  test('[AGENT] @phone a commission-share agent creates a game on a phone and it costs no coins', async ({
    page,
    request,
  }) => {
    test.slow();
    await signInAs(page, 'agent2', '/game');
    const gameId = await createThroughWizard(page, { stake: 20, from: 150, to: 154 });
    const { game } = await api<GameAnswer>(request, await tokenOf(page), 'GET', `/api/games/${gameId}`);
    expect(game).toMatchObject({ numberOfPlayers: 5, cartelaNumbers: range(150, 154), coinCost: 0 });
    await expect(page.getByText(`Game #${gameId.slice(-8)}`)).toBeVisible();
  });
});
