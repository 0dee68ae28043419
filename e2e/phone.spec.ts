import { expect, test } from '@playwright/test';
import { mainNav, signInAs } from './support/pages';

test.describe('on a phone @phone', () => {
  test('[AGENT] the menu collapses behind a button, shows the coins and closes on item click', async ({
    page,
  }) => {
    await signInAs(page, 'agent1');
    await expect(page).toHaveURL(/\/dashboard$/);
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(
      mainNav(page).getByRole('link', { name: 'Reports', exact: true }).filter({ visible: true }),
    ).toHaveCount(0);

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    // Its balance (other tests' games may have spent some of the demo's 1,000 coins).
    await expect(page.getByText(/^\d{1,3}(,\d{3})* coins?$/).filter({ visible: true })).toBeVisible();
    await page.getByRole('link', { name: 'Reports', exact: true }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  test('[ADMIN] signs in on a phone and logs out from the menu', async ({ page }) => {
    await signInAs(page, 'admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Logged out successfully')).toBeVisible();
  });
});
