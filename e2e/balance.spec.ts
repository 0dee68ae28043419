import { signInAs } from './support/pages';
import { expect, test } from './support/test';

test.describe('balance manager', () => {
  test('[ADMIN] sees the balance figures and regenerates the cartelas after confirming', async ({ page }) => {
    await signInAs(page, 'admin', '/balance');
    await expect(page.getByRole('heading', { level: 1, name: 'Balance Manager' })).toBeVisible();

    const figures = page.getByRole('region', { name: 'Balance figures' });
    await expect(figures.getByText('Total cartelas')).toBeVisible();
    await expect(figures.locator('dd').first()).toHaveText('300');
    await expect(page.getByRole('heading', { name: 'Recommendations' })).toBeVisible();
    // The charts arrive in their own chunk, the numbers are there without them.
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await expect(page.locator('.recharts-bar-rectangle')).not.toHaveCount(0);
    const distribution = page.getByRole('table', { name: 'Balance score distribution' });
    await page.getByText('Show the figures as a table').first().click();
    await expect(distribution.getByRole('rowheader', { name: '0.4–0.6' })).toBeVisible();
    await page.getByText('Show the figures as a table').last().click();
    await expect(page.getByRole('table', { name: 'Top 20 numbers' }).locator('tbody tr')).toHaveCount(20);

    // Nothing happens without the confirmation, which says what is replaced and what is not.
    await page.getByRole('button', { name: 'Regenerate 300 cartelas' }).click();
    const confirm = page.getByRole('dialog', { name: 'Regenerate all 300 cartelas?' });
    await expect(confirm).toContainText("Agents' own printed copies are not touched.");
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();

    const regenerated = page.waitForResponse(
      (res) => res.url().endsWith('/api/balance/regenerate') && res.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Regenerate 300 cartelas' }).click();
    await confirm.getByRole('button', { name: 'Regenerate', exact: true }).click();
    expect((await regenerated).status()).toBe(200);
    await expect(page.getByText('Regenerated: 300 new balanced cartelas.')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(figures.locator('dd').first()).toHaveText('300');
  });
});
