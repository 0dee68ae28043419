import { mainNav, signInAs } from './support/pages';
import { expect, test } from './support/test';

test.describe('English and Amharic', () => {
  test('[AGENT] the Amharic switch translates the shell and is kept as the user language', async ({
    page,
  }) => {
    const password = await signInAs(page, 'agent2');
    await expect(page).toHaveURL(/\/dashboard$/);
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true }).first()).toBeVisible();

    await page.getByRole('group', { name: 'Language' }).first().getByRole('button', { name: 'አማርኛ' }).click();
    await expect(nav.getByRole('link', { name: 'ዳሽቦርድ' }).first()).toBeVisible();
    await expect(nav.getByRole('link', { name: 'ጨዋታ' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'ውጣ' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'am');

    // Saved on the server: a new device (fresh storage) signing in as the same user gets Amharic.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await page.getByLabel('የተጠቃሚ ስም').or(page.getByLabel('Username')).fill('agent2');
    await page
      .getByLabel('የይለፍ ቃል', { exact: true })
      .or(page.getByLabel('Password', { exact: true }))
      .fill(password);
    await page.getByRole('button', { name: /^(ግባ|Sign in)$/ }).click();
    await expect(nav.getByRole('link', { name: 'ዳሽቦርድ' }).first()).toBeVisible();

    // Back to English, so the account is as the other tests expect it.
    await page
      .getByRole('group', { name: /Language|ቋንቋ/ })
      .first()
      .getByRole('button', { name: 'English' })
      .click();
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true }).first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
