import type { Page } from '@playwright/test';
import { startFreshServer } from './support/fresh-server';
import { expiredCopy } from './support/jwt';
import {
  ChooseOwnPasswordPage,
  DEMO,
  E2E_PASSWORD,
  LoginPage,
  mainNav,
  signInAs,
  signInThroughForm,
} from './support/pages';
import { E2E_JWT_SECRET, expect, test } from './support/test';

test.describe('sign-in and the navigation shell', () => {
  test('[ADMIN] must choose its own password before using the demo account', async ({ page }) => {
    // A server to start and three password checks (a deliberately slow hash): room beside a second worker.
    test.slow();
    // A server of its own, started now: its admin still has the published password, whatever ran before. The
    // demo's month of history is not what this test is about: the accounts alone (decision 076).
    const fresh = await startFreshServer({ env: { DEMO_HISTORY: '0' } });
    try {
      await mustChooseOwnPassword(page, fresh.baseURL);
    } finally {
      await fresh.stop();
    }
  });

  async function mustChooseOwnPassword(page: Page, baseURL: string) {
    const login = new LoginPage(page, baseURL);
    const ownPassword = new ChooseOwnPasswordPage(page);
    const refused = page.getByRole('alert').filter({ hasText: 'Invalid username or password' });
    await login.open();
    await login.signIn(DEMO.admin.username, DEMO.admin.password);
    await expect(ownPassword.title()).toBeVisible();

    await expect(page).toHaveURL(/\/settings\/profile$/);
    await expect(
      page.getByText(
        'This account still has the demo password everyone can read in the README. Choose a new password to continue.',
      ),
    ).toBeVisible();
    // Nothing else opens until then, not even by its address.
    await page.goto(`${baseURL}/agents`);
    await expect(ownPassword.title()).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/profile$/);

    await ownPassword.choose(DEMO.admin.password, E2E_PASSWORD);
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await mainNav(page).getByRole('link', { name: 'Agents', exact: true }).first().click();
    await expect(page).toHaveURL(/\/agents$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Agents and Cartelas' })).toBeVisible();

    // The demo password no longer opens the account.
    await page.getByRole('button', { name: 'Logout' }).click();
    await login.signIn(DEMO.admin.username, DEMO.admin.password);
    await expect(refused).toBeVisible();
  }

  test('[ADMIN] signs in and lands on the dashboard with the admin menu', async ({ page }) => {
    await signInThroughForm(page, 'admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    const nav = mainNav(page);
    for (const item of ['Agents', 'Commission', 'Balance', 'Reports', 'Settings']) {
      await expect(nav.getByRole('link', { name: item, exact: true }).first()).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Game', exact: true })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true }).first()).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await page.evaluate(() => localStorage.getItem('userType'))).not.toBe('super-agent');
  });

  test('[AGENT] signs in, lands on the dashboard and sees the coin balance', async ({ page }) => {
    await signInThroughForm(page, 'agent1');
    await expect(page).toHaveURL(/\/dashboard$/);
    const nav = mainNav(page);
    await expect(nav.getByRole('link', { name: 'Game', exact: true }).first()).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Agents', exact: true })).toHaveCount(0);
    // The balance as the server has it now (the worker's earlier tests may have spent some of the demo's 1,000).
    const me = await page.request.get('/api/auth/me', {
      headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
    });
    const { virtualCoins } = (await me.json()).user as { virtualCoins: number };
    await expect(nav.getByText(`${virtualCoins.toLocaleString('en-US')} coins`).first()).toBeVisible();
  });

  test('[AGENT] a commission-share agent sees no coin count', async ({ page }) => {
    await signInAs(page, 'agent2');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(mainNav(page).getByText(/coins/i)).toHaveCount(0);
  });

  test('[SUPER AGENT] signs in through the same form and lands on the super agent dashboard', async ({
    page,
  }) => {
    await signInThroughForm(page, 'super1');
    await expect(page).toHaveURL(/\/super-agent-dashboard$/);
    expect(await page.evaluate(() => localStorage.getItem('userType'))).toBe('super-agent');
    // Agent pages are not theirs.
    await page.goto('/game');
    await expect(page).not.toHaveURL(/\/game$/);
  });

  test('a wrong password shows "Invalid username or password" and stays on /login', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn(DEMO.admin.username, 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid username or password' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('the sign-in button stays disabled until both fields are filled', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    const button = page.getByRole('button', { name: 'Sign in' });
    await expect(button).toBeDisabled();
    await page.getByLabel('Username').fill('admin');
    await expect(button).toBeDisabled();
    await page.getByLabel('Password', { exact: true }).fill('x');
    await expect(button).toBeEnabled();
  });

  test('an expired token sends the user back to /login and clears the session', async ({ page }) => {
    await signInAs(page, 'agent1');
    await expect(page).toHaveURL(/\/dashboard$/);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const expired = expiredCopy(token as string, E2E_JWT_SECRET);
    await page.evaluate((t) => localStorage.setItem('token', t), expired);
    await page.goto('/reports');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  test('a signed-in user visiting /login is sent to their page, and logout ends the session', async ({
    page,
  }) => {
    // Through the form: its session is its own to end.
    await signInThroughForm(page, 'admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('unknown paths go to the dashboard; admin pages send agents to the dashboard', async ({ page }) => {
    await signInAs(page, 'agent1');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/balance');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
