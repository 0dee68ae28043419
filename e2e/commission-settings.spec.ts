import { signInAs } from './support/pages';
import { expect, test } from './support/test';

test.describe('commission settings', () => {
  test('[AGENT] saves its commission percentage', async ({ page }) => {
    await signInAs(page, 'agent1', '/settings/commission');
    const percentage = page.getByLabel('Commission percentage (%)');
    await expect(percentage).toHaveValue('10');
    await expect(page.getByText('You pay with virtual coins for each game')).toBeVisible();
    // The balance (1,000 on a fresh demo; less once a test of this worker has started a game).
    await expect(page.getByRole('main').getByText(/^\d{1,3}(,\d{3})* coins$/)).toBeVisible();

    await percentage.fill('12.5');
    await expect(
      page.getByText(/your commission is ETB\s25\.00 and the prize is ETB\s175\.00/),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Commission settings saved successfully!')).toBeVisible();

    // Kept by the server: a reload reads it back.
    await page.reload();
    await expect(page.getByLabel('Commission percentage (%)')).toHaveValue('12.5');

    // The demo's 10% again, for the tests that create games.
    await page.getByLabel('Commission percentage (%)').fill('10');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Commission settings saved successfully!').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
