// The demo's first start (issue 23, decision 076): the worker's own server was started on a new data folder, so
// its hall holds the demo's 30 days of history, made through the same use cases as the routes. Every dashboard
// must show a hall at work on it: figures that are not zero, and charts with data. What the figures are exactly
// is the server tests' business (apps/server/src/db/demo-history.test.ts); here, what a new hall sees.
import type { Locator, Page } from '@playwright/test';
import { figure, signInAs } from './support/pages';
import { expect, test } from './support/test';

/** An amount as the English screens print it, other than zero: 'ETB 1,234.50' (or whole birr; a table's space
 * is a no-break one). */
const SOME_ETB = /^ETB\s(?!0(\.00)?$)[\d,]+(\.\d{2})?$/;
/** An amount other than zero inside a longer text. */
const SOME_ETB_IN_TEXT = /ETB\s(?!0(\.00)?\b)[\d,]+/;
/** A count other than zero: '12', '1,204'. */
const SOME_COUNT = /^[1-9][\d,]*$/;

/** Bars drawn by the dashboard's chart (recharts), once it has loaded. */
const bars = (scope: Page | Locator) => scope.locator('.recharts-bar-rectangle');

/** The 7-day tiles of a dashboard: every one of the last 7 days had its evening. */
async function expectSevenEvenings(page: Page, region: string) {
  const tiles = page.getByRole('region', { name: region }).getByRole('listitem');
  await expect(tiles).toHaveCount(7);
  for (let i = 0; i < 7; i++) await expect(tiles.nth(i).locator(':scope > span').last()).toHaveText(SOME_ETB);
}

/** An agent's dashboard: its period's earnings, games and players, and its last 7 days. */
async function expectAgentMonth(page: Page) {
  await expect(figure(page, 'Total Earnings').value).toHaveText(SOME_ETB);
  await expect(figure(page, 'Total Games').value).toHaveText(SOME_COUNT);
  await expect(figure(page, 'Total Players').value).toHaveText(SOME_COUNT);
  await expectSevenEvenings(page, '7-Day Income Overview');
}

test.describe("the demo's first start", () => {
  test('[ADMIN] the dashboard shows the month of both agents: revenue, games, top agents, the daily chart', async ({
    page,
  }) => {
    await signInAs(page, 'admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    // This week (the default period): today's session at least.
    await expect(figure(page, 'Total Revenue').value).toHaveText(SOME_ETB);
    await expect(figure(page, 'Total Games').value).toHaveText(SOME_COUNT);
    // (The worker's earlier tests may have added agents and games: the demo's are among them.)
    await expect(figure(page, 'Total Agents').value).toHaveText(SOME_COUNT);
    const top = page.getByRole('list', { name: 'Top Performing Agents' });
    await expect(top.getByRole('listitem').filter({ hasText: 'agent1' })).toContainText(SOME_ETB_IN_TEXT);
    await expect(top.getByRole('listitem').filter({ hasText: 'agent2' })).toContainText(SOME_ETB_IN_TEXT);
    await expectSevenEvenings(page, '7-Day Revenue Overview');

    // The charts of the 30 days ending today (revenue, games, coin purchases): a bar for each day's evening.
    await expect(bars(page).first()).toBeVisible({ timeout: 15_000 });
    expect(await bars(page).count()).toBeGreaterThanOrEqual(30);
  });

  test("[AGENT] agent1's dashboard shows its earnings, games, players, coins and newest games", async ({
    page,
  }) => {
    await signInAs(page, 'agent1');
    await expectAgentMonth(page);
    // 1,000 on the first start; the worker's earlier tests may have spent some.
    await expect(figure(page, 'Virtual Coins').value).toHaveText(SOME_COUNT);
    await expect(page.getByRole('table', { name: 'Recent games' }).getByRole('row')).toHaveCount(6);
  });

  test("[ADMIN] the commission page holds agent2's daily payments, the older paid and the last ones pending", async ({
    page,
  }) => {
    await signInAs(page, 'agent2');
    await expectAgentMonth(page);

    await signInAs(page, 'admin', '/commission');
    await expect(page.getByRole('heading', { level: 1, name: 'Commission Management' })).toBeVisible();
    const payments = page.getByRole('table', { name: 'Commission payments' });
    const rows = payments.getByRole('row').filter({ hasText: 'agent2' });
    await expect(rows.first()).toBeVisible();
    // Newest first: yesterday's payment waits for the agent's cash; the older ones were paid.
    await expect(rows.first()).toContainText('Pending');
    await expect(rows.filter({ hasText: 'Mark Pending' }).first()).toBeVisible();
    for (const row of await rows.all()) await expect(row.getByRole('cell').nth(3)).toHaveText(SOME_ETB);
  });

  test("[SUPER AGENT] super1's dashboard shows its earnings from agent1's coin purchases, paid and pending", async ({
    page,
  }) => {
    await signInAs(page, 'super1');
    await expect(page.getByRole('heading', { level: 1, name: 'Super Agent Dashboard' })).toBeVisible();
    const overview = page.getByRole('region', { name: 'Your figures' });
    await expect(figure(overview, 'Your Net Earnings').value).toHaveText(SOME_ETB);
    await expect(figure(overview, 'Active Agents').value).toHaveText(SOME_COUNT);
    await expect(figure(overview, 'Platform Share').value).toHaveText(SOME_ETB);
    await expect(page.getByText('No payments yet')).toHaveCount(0);

    await page.getByRole('tab', { name: 'Earnings' }).click();
    const earnings = page.getByRole('table', { name: 'Your earnings' });
    await expect(
      earnings.getByRole('row').filter({ hasText: 'Coin purchase by agent1' }).first(),
    ).toBeVisible();
    const totals = page.getByRole('region', { name: 'Totals for the period' });
    await expect(figure(totals, 'Your Net Earnings').value).toHaveText(SOME_ETB);
  });
});
