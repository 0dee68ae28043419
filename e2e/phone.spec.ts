import type { Page } from '@playwright/test';
import { mainNav, signInAs, signInThroughForm } from './support/pages';
import { expect, test } from './support/test';

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
    await signInThroughForm(page, 'admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Logged out successfully')).toBeVisible();
  });

  // Nothing wider than the phone: a page that overflows makes the phone zoom out and buttons unreachable (the games
  // list's 'Next game' sat beside 'View history', two full widths, issue 19).
  const fits = async (page: Page, path: string) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const { scroll, width } = await page.evaluate(() => ({
      scroll: document.scrollingElement!.scrollWidth,
      width: document.documentElement.clientWidth,
    }));
    expect(scroll, `${path} is ${scroll}px wide on a ${width}px screen`).toBeLessThanOrEqual(width);
  };

  test('[AGENT] every page of an agent fits a 390-wide phone, in English, Amharic and Oromo', async ({
    page,
  }) => {
    test.slow();
    await signInAs(page, 'agent1');
    // English last, so that the account is left in English for the tests after this one (the language is kept).
    for (const language of ['አማርኛ', 'Afaan Oromoo', 'English']) {
      await page.getByRole('button', { name: /^(Menu|ማውጫ|Baafata)$/ }).click();
      await page.getByRole('button', { name: language }).filter({ visible: true }).click();
      await page.keyboard.press('Escape');
      for (const path of ['/dashboard', '/game', '/reports', '/settings']) await fits(page, path);
    }
  });

  test('[ADMIN] every page of the admin fits a 390-wide phone, in English, Amharic and Oromo', async ({
    page,
  }) => {
    test.slow();
    await signInAs(page, 'admin');
    // English last, so that the account is left in English for the tests after this one (the language is kept).
    for (const language of ['አማርኛ', 'Afaan Oromoo', 'English']) {
      await page.getByRole('button', { name: /^(Menu|ማውጫ|Baafata)$/ }).click();
      await page.getByRole('button', { name: language }).filter({ visible: true }).click();
      await page.keyboard.press('Escape');
      for (const path of [
        '/dashboard',
        '/agents',
        '/commission',
        '/balance',
        '/super-agent-management',
        '/voice-packs',
        '/admin/reports',
        '/game',
        '/settings',
      ]) {
        await fits(page, path);
      }
    }
  });
});
