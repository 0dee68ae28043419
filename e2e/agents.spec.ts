import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { LoginPage, signInAs } from './support/pages';
import { expect, test } from './support/test';

type Card = number[][];

/** A new account's name: unique per run, as the server of a run keeps every agent created. */
const uniqueName = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The session token the web app keeps, for asking the API what the screen should show. */
async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token, 'a signed-in page keeps its token').toBeTruthy();
  return token as string;
}

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

async function apiPost<T>(request: APIRequestContext, token: string, path: string, data: object): Promise<T> {
  const response = await request.post(path, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.status(), `POST ${path}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** A card as the screen shows it: the numbers as text, the centre 'FREE' (the label is upper-cased by CSS). */
const asShown = (card: Card) =>
  card.map((row, r) => row.map((value, c) => (r === 2 && c === 2 ? 'FREE' : String(value))));

/** The 5 x 5 cells of a drawn bingo card (a table named 'Cartela n'), as they read on the screen. */
async function cellsOf(table: Locator): Promise<string[][]> {
  const texts = (await table.locator('tbody').getByRole('cell').allInnerTexts()).map((t) => t.trim());
  expect(texts).toHaveLength(25);
  return range(0, 4).map((r) => texts.slice(r * 5, r * 5 + 5));
}

/** The cartela numbers of a grid of cartelas, in screen order. */
async function numbersIn(page: Page): Promise<number[]> {
  const texts = await page
    .getByRole('list', { name: 'Cartela numbers' })
    .getByRole('button', { name: /^Cartela \d+$/ })
    .allInnerTexts();
  return texts.map(Number);
}

/** Signs in an account the admin created (not a demo one: it has no demo password to replace). */
async function signInAsNewAgent(page: Page, username: string, password: string) {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(username, password);
  await expect(page.getByRole('heading', { level: 1, name: /Dashboard$/ })).toBeVisible();
  await expect(page.getByText('Choose your own password', { exact: true })).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The page count of a PDF, from its page tree (Chromium writes it uncompressed). */
function pdfPageCount(pdf: Buffer): number {
  const text = pdf.toString('latin1');
  const leaves = text.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
  const tree =
    /\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)/.exec(text) ??
    /\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages\b/.exec(text);
  expect(tree, 'the PDF has a page tree').not.toBeNull();
  expect(Number(tree?.[1]), 'the page tree counts every page object').toBe(leaves);
  return leaves;
}

test.describe('agents and cartelas', () => {
  test('[ADMIN] creates a virtual-coin agent under a super agent, sells it coins and assigns 20 balanced cartelas, which the agent then sees as the API gives them', async ({
    page,
    browser,
  }) => {
    // A whole journey, two devices and twenty cards: more than the usual 30 s on a slow machine.
    test.slow();
    const name = uniqueName('hall');
    const password = 'hall-secret-1';
    const numbers = range(201, 220);
    await signInAs(page, 'admin', '/agents');
    await expect(page.getByRole('heading', { level: 1, name: 'Agents and Cartelas' })).toBeVisible();

    // Create Agent, step 1 of 2: basic info; virtual coins is the default model.
    await page.getByRole('button', { name: 'Create Agent' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create Agent' });
    await expect(create.getByText('Step 1 of 2: Basic Info')).toBeVisible();
    await create.getByLabel('Username').fill(name);
    await create.getByLabel('Password', { exact: true }).fill(password);
    await expect(create.getByRole('radio', { name: /^Virtual coins/ })).toBeChecked();
    await create.getByRole('button', { name: 'Next' }).click();

    // Step 2 of 2: the super agent, with its rate (20% by default).
    await expect(create.getByText('Step 2 of 2: Super Agent Assignment')).toBeVisible();
    await expect(create.getByText(`${name} · Virtual coins · 19 winning patterns`)).toBeVisible();
    await create.getByLabel('Super agent', { exact: true }).selectOption({ label: 'super1' });
    await expect(create.getByLabel('Super agent rate (%)')).toHaveValue('20');
    await create.getByRole('button', { name: 'Create Agent' }).click();
    await expect(page.getByText('Agent created successfully')).toBeVisible();
    await expect(create).toBeHidden();

    const row = page.getByRole('row', { name, exact: true });
    await expect(row).toContainText('Virtual coins');
    await expect(row).toContainText('super1');
    await expect(row).toContainText('Rate 20%');
    await expect(row).toContainText('0 cartelas');
    await expect(row.getByRole('cell').nth(4)).toHaveText('0');
    await expect(row.getByRole('cell').nth(6)).toHaveText('Active');

    // Add Virtual Coins: the balance now and after, before anything is saved.
    await row.getByRole('button', { name: 'Add coins' }).click();
    const coins = page.getByRole('dialog', { name: 'Add Virtual Coins' });
    const balances = coins.getByRole('definition');
    await expect(coins.getByRole('term')).toHaveText(['Current balance', 'New balance']);
    await expect(balances).toHaveText(['0 coins', '—']);
    await coins.getByLabel('Amount paid (ETB)').fill('750');
    await coins.getByLabel('Coins', { exact: true }).fill('1500');
    await expect(balances).toHaveText(['0 coins', '1,500 coins']);
    await coins.getByLabel('Notes').fill('Receipt 42');
    await coins.getByRole('button', { name: 'Add coins' }).click();
    await expect(page.getByText(`Added 1,500 coins (750.00 ETB) to ${name}`)).toBeVisible();
    await expect(coins).toBeHidden();
    await expect(row.getByRole('cell').nth(4)).toHaveText('1,500');

    // The cartela editor: 20 free numbers (the demo agents hold 1-200), each with a new balanced card.
    await row.getByRole('button', { name: 'Edit cartelas' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Cartelas of ${name}` })).toBeVisible();
    const agentId = new URL(page.url()).searchParams.get('agent');
    expect(agentId).toBeTruthy();
    await expect(page.getByText(`${name} has no cartelas yet`)).toBeVisible();
    await page.getByRole('button', { name: 'Assign cartelas' }).click();
    const assign = page.getByRole('dialog', { name: `Assign cartelas to ${name}` });
    await expect(assign.getByRole('radio', { name: /^Balanced/ })).toBeChecked();
    await expect(assign.getByRole('button', { name: /^Assign \d+ cartelas?$/ })).toBeDisabled();
    await assign.getByLabel('From').fill('201');
    await assign.getByLabel('To').fill('220');
    await assign.getByRole('button', { name: 'Add range' }).click();
    await expect(assign.getByText('20 selected')).toBeVisible();
    await expect(assign.getByRole('button', { name: 'Cartela 201', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(assign.getByRole('button', { name: 'Cartela 221', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await assign.getByRole('button', { name: 'Assign 20 cartelas' }).click();
    await expect(page.getByText(`Assigned 20 cartelas to ${name}`)).toBeVisible();
    await expect(assign).toBeHidden();
    await expect(page.getByText('20 cartelas', { exact: true })).toBeVisible();
    await expect(async () => expect(await numbersIn(page)).toEqual(numbers)).toPass();

    // The agent, on its own device: no password to replace (only the demo accounts have one), its cartelas
    // view only, and each card the one the server checks its games against.
    const agentContext = await browser.newContext();
    try {
      const agentPage = await agentContext.newPage();
      await signInAsNewAgent(agentPage, name, password);
      await agentPage.goto('/agents');
      await expect(agentPage.getByRole('heading', { level: 1, name: /^Cartelas/ })).toBeVisible();
      await expect(agentPage.getByText('View Only', { exact: true })).toBeVisible();
      await expect(agentPage.getByText('20 cartelas', { exact: true })).toBeVisible();
      await expect(async () => expect(await numbersIn(agentPage)).toEqual(numbers)).toPass();
      await expect(agentPage.getByRole('button', { name: 'Assign cartelas' })).toHaveCount(0);
      await expect(agentPage.getByRole('tab')).toHaveCount(0);

      const mine = await apiGet<{ assignedCartelas: { cartelaNumber: number; bingoCard: Card }[] }>(
        agentPage.request,
        await tokenOf(agentPage),
        '/api/cartelas/my-cartelas',
      );
      expect(mine.assignedCartelas.map((c) => c.cartelaNumber)).toEqual(numbers);
      for (const [i, { cartelaNumber, bingoCard }] of mine.assignedCartelas.entries()) {
        await agentPage.getByRole('button', { name: `Cartela ${cartelaNumber}`, exact: true }).click();
        const view = agentPage.getByRole('dialog', { name: `Cartela ${cartelaNumber}` });
        const card = view.getByRole('table', { name: `Cartela ${cartelaNumber}` });
        if (i === 0) {
          await expect(card.getByRole('columnheader')).toHaveText(
            ['B 1-15', 'I 16-30', 'N 31-45', 'G 46-60', 'O 61-75'],
            { useInnerText: true },
          );
          // View only: nothing to change under the card.
          await expect(view.getByRole('button')).toHaveCount(1);
          await expect(view.getByRole('button')).toHaveAccessibleName('Close');
        }
        expect(await cellsOf(card), `the card of cartela ${cartelaNumber}`).toEqual(asShown(bingoCard));
        await agentPage.keyboard.press('Escape');
        await expect(view).toBeHidden();
      }
    } finally {
      await agentContext.close();
    }
  });

  test('[ADMIN] deactivates an agent after confirming, and the agent is sent to the sign-in screen at its next call', async ({
    page,
    browser,
  }) => {
    // Two devices and four sign-ins (each a deliberately slow password hash): more than 30 s on a busy machine.
    test.slow();
    const name = uniqueName('door');
    const password = 'door-secret-1';
    await signInAs(page, 'admin');
    await apiPost(page.request, await tokenOf(page), '/api/users/agents', { username: name, password });

    const agentContext = await browser.newContext();
    try {
      const agentPage = await agentContext.newPage();
      await signInAsNewAgent(agentPage, name, password);
      await agentPage.goto('/agents');
      await expect(agentPage.getByText('No cartelas assigned yet')).toBeVisible();

      await page.goto('/agents');
      const row = page.getByRole('row', { name, exact: true });
      const status = row.getByRole('cell').nth(6);
      await expect(status).toHaveText('Active');
      await row.getByRole('button', { name: 'Deactivate' }).click();
      const confirm = page.getByRole('dialog', { name: `Deactivate ${name}?` });
      await expect(confirm).toContainText('The agent is signed out at once');
      // Nothing happens on Cancel (the safe choice has the focus).
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      await expect(status).toHaveText('Active');

      await row.getByRole('button', { name: 'Deactivate' }).click();
      await confirm.getByRole('button', { name: 'Deactivate' }).click();
      await expect(page.getByText('Agent deactivated')).toBeVisible();
      await expect(confirm).toBeHidden();
      await expect(status).toHaveText('Inactive');
      await expect(row.getByRole('button', { name: 'Activate' })).toBeVisible();

      // The agent's next call is refused: its session ends and it lands on the sign-in screen.
      await agentPage.reload();
      await expect(agentPage).toHaveURL(/\/login$/);
      await expect(agentPage.getByLabel('Username')).toBeVisible();
      expect(await agentPage.evaluate(() => localStorage.getItem('token'))).toBeNull();
      // And it cannot come back until activated.
      await new LoginPage(agentPage).signIn(name, password);
      await expect(
        agentPage
          .getByRole('alert')
          .filter({ hasText: 'Account is deactivated. Please contact the administrator.' }),
      ).toBeVisible();
      await expect(agentPage).toHaveURL(/\/login$/);
    } finally {
      await agentContext.close();
    }
  });

  test('[ADMIN] prints the system cartelas four to an A4 page: the cards as the API gives them, one page for 4, two for 5', async ({
    page,
  }) => {
    await signInAs(page, 'admin', '/agents');
    const token = await tokenOf(page);
    await page.getByRole('tab', { name: 'Cartelas' }).click();
    await expect(page).toHaveURL(/tab=cartelas$/);
    await expect(page.getByText('300 cartelas', { exact: true })).toBeVisible();

    // Four cartelas, chosen one by one: one page.
    const four = [3, 57, 150, 299];
    await page.getByRole('button', { name: 'Print cartelas' }).click();
    const choose = page.getByRole('dialog', { name: 'Print cartelas' });
    await expect(choose.getByRole('button', { name: /^Preview \d+ pages?$/ })).toBeDisabled();
    for (const n of four) await choose.getByRole('button', { name: `Cartela ${n}`, exact: true }).click();
    await expect(choose.getByText('4 selected')).toBeVisible();
    await choose.getByRole('button', { name: 'Preview 1 page' }).click();

    const preview = page.getByRole('region', { name: 'Print preview' });
    await expect(preview.getByRole('heading', { level: 1, name: 'Print preview' })).toBeVisible();
    await expect(preview.getByText('System cartelas · 4 cartelas · 1 A4 page')).toBeVisible();
    const sheet = preview.getByRole('region', { name: 'Page 1 of 1' });
    await expect(sheet.locator('.cartela-print-card')).toHaveCount(4);
    for (const [i, n] of four.entries()) {
      const { cartela } = await apiGet<{ cartela: { bingoCard: Card } }>(
        page.request,
        token,
        `/api/cartelas/${n}`,
      );
      const printed = sheet.locator('.cartela-print-card').nth(i);
      await expect(printed).toHaveAttribute('data-cartela', String(n));
      await expect(printed.locator('header')).toHaveText(`CARTELA ${n}`, { useInnerText: true });
      const card = printed.getByRole('table', { name: `Cartela ${n}` });
      await expect(card.getByRole('columnheader')).toHaveText(['B', 'I', 'N', 'G', 'O']);
      expect(await cellsOf(card), `the printed card of cartela ${n}`).toEqual(asShown(cartela.bingoCard));
    }
    expect(pdfPageCount(await page.pdf({ preferCSSPageSize: true }))).toBe(1);

    // Back to the list; five cartelas, a range this time: two pages, the fifth card alone on the second.
    await preview.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/tab=cartelas$/);
    await page.getByRole('button', { name: 'Print cartelas' }).click();
    await choose.getByLabel('From').fill('10');
    await choose.getByLabel('To').fill('14');
    await choose.getByRole('button', { name: 'Add range' }).click();
    await expect(choose.getByText('5 selected')).toBeVisible();
    await choose.getByRole('button', { name: 'Preview 2 pages' }).click();
    await expect(preview.getByText('System cartelas · 5 cartelas · 2 A4 pages')).toBeVisible();
    await expect(
      preview.getByRole('region', { name: 'Page 1 of 2' }).locator('.cartela-print-card'),
    ).toHaveCount(4);
    const second = preview.getByRole('region', { name: 'Page 2 of 2' }).locator('.cartela-print-card');
    await expect(second).toHaveCount(1);
    await expect(second).toHaveAttribute('data-cartela', '14');
    expect(pdfPageCount(await page.pdf({ preferCSSPageSize: true }))).toBe(2);
  });
});

test.describe('agents and cartelas on a phone @phone', () => {
  test('[AGENT] previews its own cartelas for printing, the whole A4 sheet within the screen', async ({
    page,
  }) => {
    await signInAs(page, 'agent1', '/agents');
    await expect(page.getByText('View Only', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Print cartelas' }).click();
    const choose = page.getByRole('dialog', { name: 'Print cartelas' });
    await choose.getByLabel('From').fill('1');
    await choose.getByLabel('To').fill('4');
    await choose.getByRole('button', { name: 'Add range' }).click();
    await choose.getByRole('button', { name: 'Preview 1 page' }).click();

    const preview = page.getByRole('region', { name: 'Print preview' });
    await expect(preview.getByText('My cartelas · 4 cartelas · 1 A4 page')).toBeVisible();
    const sheet = preview.getByRole('region', { name: 'Page 1 of 1' });
    await expect(sheet.locator('.cartela-print-card')).toHaveCount(4);
    const box = await sheet.boundingBox();
    if (!box) throw new Error('the sheet is not on the screen');
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  });
});
