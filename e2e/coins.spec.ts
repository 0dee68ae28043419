import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { mainNav, signInAs, tokenFor } from './support/pages';
import { expect, test } from './support/test';

// The coin statement (decision 075): after a top-up by the admin, a game cancelled before its first call (refunded)
// and one finished after a call (spent: a game with calls is never cancelled, product/draw.md#cancelling),
// agent1's statement adds up to the balance its navigation bar shows, page after page; the admin reaches the same
// statement from the agents table; a commission-share agent has no statement in its menu.

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...headers },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/**
 * A game of agent1 on cartelas 91-95: cancelled before its first call (refunded), or finished after one (spent:
 * once a ball is called the game is played to its end).
 */
async function endedGame(request: APIRequestContext, token: string, afterACall: boolean) {
  const { game } = await call<{ game: { id: string } }>(
    request,
    token,
    'POST',
    '/api/games',
    { stake: 20, cartelaNumbers: [91, 92, 93, 94, 95], selectedPattern: 'full-house' },
    { 'Idempotency-Key': `coins-e2e-${Date.now()}-${afterACall}` },
  );
  if (afterACall) {
    await call(request, token, 'POST', `/api/games/${game.id}/call-number`);
    await call(request, token, 'POST', `/api/games/${game.id}/finish`);
  } else await call(request, token, 'POST', `/api/games/${game.id}/cancel`, {});
}

/** A number as the English screens print it ('1,234', '+5', '−5'); 0 for an empty cell. */
const numberIn = (text: string) => Number(text.replace(/[^\d]/g, '') || '0');

/** The statement's rows on screen: coins in, coins out, balance after (laptop: the table's columns). */
async function rowsOnScreen(table: Locator) {
  const rows = table.locator('tbody tr');
  const count = await rows.count();
  const found: { delta: number; after: number }[] = [];
  for (let i = 0; i < count; i++) {
    const cells = rows.nth(i).locator('td');
    const [coinsIn, coinsOut, after] = await Promise.all([2, 3, 4].map((n) => cells.nth(n).innerText()));
    found.push({ delta: numberIn(coinsIn!) - numberIn(coinsOut!), after: numberIn(after!) });
  }
  return found;
}

/** Every row of the statement on screen, page after page, newest first. */
async function wholeStatement(page: Page) {
  const table = page.getByRole('table', { name: 'Coin statement, newest first' });
  await expect(table).toBeVisible();
  const rows = await rowsOnScreen(table);
  const pages = page.getByRole('navigation', { name: 'Pages of the statement' });
  while ((await pages.count()) > 0 && (await pages.getByRole('button', { name: 'Next' }).isEnabled())) {
    const first = await table.locator('tbody tr').first().innerText();
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(table.locator('tbody tr').first()).not.toHaveText(first);
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    rows.push(...(await rowsOnScreen(table)));
  }
  return rows;
}

test.describe('the coin statement', () => {
  test('[AGENT] after a top-up, a cancelled game and a finished one, the statement adds up to the balance in the bar', async ({
    page,
    request,
  }) => {
    test.slow();
    const admin = await tokenFor(request, 'admin');
    const agent = await tokenFor(request, 'agent1');
    const { user } = await call<{ user: { id: string } }>(request, agent, 'GET', '/api/auth/me');
    await call(request, admin, 'POST', `/api/users/agents/${user.id}/add-coins`, {
      coins: 300,
      etbAmount: 600,
      notes: 'e2e top-up',
    });
    await endedGame(request, agent, false);
    await endedGame(request, agent, true);

    await signInAs(page, 'agent1');
    await mainNav(page).getByRole('link', { name: 'Coins' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Coin statement' })).toBeVisible();
    const inBar = numberIn(
      await mainNav(page)
        .getByText(/^[\d,]+ coins?$/)
        .locator('visible=true')
        .first()
        .innerText(),
    );
    await expect(page.getByTestId('statement-balance')).toHaveText(
      `${inBar.toLocaleString('en-US')} ${inBar === 1 ? 'coin' : 'coins'}`,
    );

    // The newest rows: the second game spent (finished after a call), the first refunded, both charged, the top-up.
    const table = page.getByRole('table', { name: 'Coin statement, newest first' });
    const newest = table.locator('tbody tr');
    await expect(newest.nth(0)).toContainText('Game');
    await expect(newest.nth(1)).toContainText('Refund');
    await expect(newest.nth(1)).toContainText('coins given back');
    await expect(newest.nth(2)).toContainText('Game');
    await expect(newest.nth(3)).toContainText('Top-up');
    await expect(newest.nth(3)).toContainText('ETB 600.00 paid · by admin');
    await expect(newest.nth(3)).toContainText('+300');

    const rows = await wholeStatement(page);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.reduce((sum, r) => sum + r.delta, 0)).toBe(inBar);
    expect(rows[0]!.after).toBe(inBar);
    for (let i = 0; i + 1 < rows.length; i++)
      expect(rows[i]!.after, `row ${i}`).toBe(rows[i + 1]!.after + rows[i]!.delta);

    // A game's row opens the game's history.
    await page.goto('/coins');
    await newest.nth(0).getByRole('link').click();
    await expect(page).toHaveURL(/\/game-history\/G[0-9A-Z]{10}$/);
  });

  test("[ADMIN] opens agent1's statement from the agents table", async ({ page }) => {
    await signInAs(page, 'admin', '/agents');
    const row = page.getByRole('row', { name: 'agent1' });
    const coins = numberIn(await row.locator('td').nth(4).innerText());
    await row.getByRole('button', { name: 'Coin statement' }).click();
    await expect(page).toHaveURL(/\/agents\/[0-9a-f-]{36}\/coins$/);
    await expect(page.getByText("Every change of agent1's coins, newest first.")).toBeVisible();
    await expect(page.getByTestId('statement-balance')).toHaveText(`${coins.toLocaleString('en-US')} coins`);
    const first = page
      .getByRole('table', { name: 'Coin statement, newest first' })
      .locator('tbody tr')
      .first();
    expect(numberIn(await first.locator('td').nth(4).innerText())).toBe(coins);
    // agent2 pays by commission share: no statement button on its row.
    await expect(
      page.getByRole('row', { name: 'agent2' }).getByRole('button', { name: 'Coin statement' }),
    ).toHaveCount(0);
  });

  test('[AGENT] a commission-share agent has no coin statement in its menu', async ({ page }) => {
    await signInAs(page, 'agent2');
    await expect(mainNav(page).getByRole('link', { name: 'Reports' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Coins' })).toHaveCount(0);
  });

  for (const language of ['en', 'am'] as const) {
    test(`[AGENT] [ADMIN] the statement's pages pass axe in ${language}`, async ({ page, request }) => {
      await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
      const admin = await tokenFor(request, 'admin');
      const { agents } = await call<{ agents: { id: string; username: string }[] }>(
        request,
        admin,
        'GET',
        '/api/users/agents',
      );
      const agent2 = agents.find((a) => a.username === 'agent2')!.id;
      await signInAs(page, 'agent1', '/coins');
      await expect(page.getByTestId('statement-balance')).toBeVisible();
      await expectAccessible(page, `agent1 /coins (${language})`);
      // The admin's view of a commission-share agent: its balance, the empty statement.
      await signInAs(page, 'admin', `/agents/${agent2}/coins`);
      await expect(page.getByTestId('statement-balance')).toBeVisible();
      await expectAccessible(page, `admin /agents/agent2/coins (${language})`);
    });
  }

  test('[AGENT] @phone the statement is a card per change on a phone', async ({ page }) => {
    await signInAs(page, 'agent1', '/coins');
    const table = page.getByRole('table', { name: 'Coin statement, newest first' });
    await expect(table).toBeVisible();
    // A card: the row's cells one under another, each with its column's name beside it (drawn by CSS).
    const card = table
      .locator('tbody tr')
      .filter({ has: page.getByRole('link') })
      .first();
    await expect(card).toHaveCSS('display', 'block');
    await expect(card.getByRole('link')).toHaveText(/^Game #[0-9A-Z]{8}$/);
    const box = await card.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
