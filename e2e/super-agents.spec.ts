import type { Page } from '@playwright/test';
import { signInAs } from './support/pages';
import { expect, test } from './support/test';

/** The agreements tab's rows of one agent, as "super agent: status" in the table's order (newest first). */
async function historyOf(page: Page, agent: string): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Agreements, active and ended' });
  await expect(table).toBeVisible();
  const rows = table
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell', { name: agent, exact: true }) });
  const out: string[] = [];
  for (const row of await rows.all()) {
    const cells = row.getByRole('cell');
    out.push(`${await cells.nth(1).innerText()}: ${await cells.nth(3).innerText()}`);
  }
  return out;
}

test.describe('super agent management', () => {
  test('[ADMIN] creates a super agent and assigns an agent to it; the agreement shows in the history when reassigned', async ({
    page,
  }) => {
    const name = `north-${Date.now().toString(36)}`;
    await signInAs(page, 'admin', '/super-agent-management');
    await expect(page.getByRole('heading', { level: 1, name: 'Super Agent Management' })).toBeVisible();

    // Create: the platform rate starts at 50.
    await page.getByRole('button', { name: 'Create Super Agent' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create Super Agent' });
    await expect(create.getByLabel('Platform commission rate (%)')).toHaveValue('50');
    await create.getByLabel('Username').fill(name);
    await create.getByLabel('Password', { exact: true }).fill('north-secret-1');
    await create.getByLabel('Platform commission rate (%)').fill('40');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText(`Super Agent ${name} created`)).toBeVisible();
    await expect(create).toBeHidden();
    const row = page.getByRole('table', { name: 'Super agents' }).getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('40%');
    await expect(row).toContainText('Active');

    // Assign agent1 (the demo data has it under super1): the dialog says that agreement ends.
    await row.getByRole('button', { name: `Assign agent to ${name}` }).click();
    const assign = page.getByRole('dialog', { name: 'Assign Agent' });
    await expect(assign.getByLabel('Super agent commission rate (%)')).toHaveValue('20');
    await assign.getByLabel('Agent', { exact: true }).selectOption({ label: 'agent1' });
    await expect(assign.getByText(/^agent1 is under super1 at 20%/)).toBeVisible();
    await assign.getByLabel('Super agent commission rate (%)').fill('25');
    await assign.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(page.getByText(`agent1 assigned to ${name}`)).toBeVisible();
    await expect(row.getByRole('cell').nth(3)).toHaveText('1');

    await page.getByRole('tab', { name: 'Agent Assignments' }).click();
    await expect(page).toHaveURL(/tab=assignments$/);
    expect((await historyOf(page, 'agent1')).slice(0, 2)).toEqual([`${name}: Active`, 'super1: Ended']);

    // Back to super1: the agreement with the new super agent ends and stays in the history.
    await page.getByRole('button', { name: 'Assign Agent' }).first().click();
    await assign.getByLabel('Agent', { exact: true }).selectOption({ label: 'agent1' });
    await expect(assign.getByText(new RegExp(`^agent1 is under ${name} at 25%`))).toBeVisible();
    await assign.getByLabel('Super agent', { exact: true }).selectOption({ label: 'super1' });
    await assign.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(page.getByText('agent1 assigned to super1')).toBeVisible();
    await expect(async () =>
      expect((await historyOf(page, 'agent1')).slice(0, 3)).toEqual([
        'super1: Active',
        `${name}: Ended`,
        'super1: Ended',
      ]),
    ).toPass();
    const ended = page
      .getByRole('table', { name: 'Agreements, active and ended' })
      .getByRole('row')
      .filter({ hasText: name });
    await expect(ended.getByRole('cell').nth(5)).not.toHaveText('—');

    // The filter shows the ended ones only.
    await page.getByLabel('Show').selectOption({ label: 'Ended only' });
    await expect(
      page.getByRole('table', { name: 'Agreements, active and ended' }).getByText('Active', { exact: true }),
    ).toHaveCount(0);
  });
});
