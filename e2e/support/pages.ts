import { expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { username: 'admin', password: 'admin123' },
  agent1: { username: 'agent1', password: 'agent123' },
  agent2: { username: 'agent2', password: 'agent123' },
  super1: { username: 'super1', password: 'super123' },
} as const;

/**
 * The password the suite chooses for a demo account at its first sign-in: the demo passwords are printed in
 * the README, so the server makes each account replace its own before anything else.
 */
export const E2E_PASSWORD = 'e2e-chosen-password';

/** The unified sign-in screen. */
export class LoginPage {
  /** `baseURL`: another server than the run's (a fresh one); the run's by default. */
  constructor(
    private readonly page: Page,
    private readonly baseURL = '',
  ) {}

  async open() {
    await this.page.goto(`${this.baseURL}/login`);
    await expect(this.page.getByLabel('Username')).toBeVisible();
  }

  async signIn(username: string, password: string) {
    await this.page.getByLabel('Username').fill(username);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
}

/** Settings > Profile, when it asks an account that still has its demo password for a new one. */
export class ChooseOwnPasswordPage {
  constructor(private readonly page: Page) {}

  readonly title = () => this.page.getByText('Choose your own password', { exact: true });

  async choose(current: string, next: string) {
    await this.page.getByLabel('Current password').fill(current);
    await this.page.getByLabel('New password', { exact: true }).fill(next);
    await this.page.getByLabel('Confirm new password').fill(next);
    await this.page.getByRole('button', { name: 'Update password' }).click();
  }
}

/** Where a signed-in user lands: the h1 of their dashboard ('Dashboard', 'Admin Dashboard', ...). */
const home = (page: Page) => page.getByRole('heading', { level: 1, name: /Dashboard$/ });

// What this worker has learnt of the run's server: an account whose demo password it replaced. (A worker
// restarted after a failure starts empty, and learns it again from one refused sign-in.)
const replaced = new Set<string>();

/**
 * Signs in as a demo account and returns the password that worked. Whichever test signs an account in first
 * meets the demo-password step and sets E2E_PASSWORD; later ones use E2E_PASSWORD. So tests can run in any
 * order (and alone) on the one server of a run, without piling up failed sign-ins (they are rate limited).
 */
export async function signInAs(page: Page, who: keyof typeof DEMO): Promise<string> {
  const { username, password: demoPassword } = DEMO[who];
  const login = new LoginPage(page);
  const ownPassword = new ChooseOwnPasswordPage(page);
  const refused = page.getByRole('alert').filter({ hasText: 'Invalid username or password' });
  let password = replaced.has(username) ? E2E_PASSWORD : demoPassword;

  await login.open();
  await login.signIn(username, password);
  await expect(home(page).or(ownPassword.title()).or(refused)).toBeVisible();

  if (await refused.isVisible()) {
    password = password === E2E_PASSWORD ? demoPassword : E2E_PASSWORD;
    await login.signIn(username, password);
    await expect(home(page).or(ownPassword.title())).toBeVisible();
  }
  if (await ownPassword.title().isVisible()) {
    await ownPassword.choose(demoPassword, E2E_PASSWORD);
    await expect(home(page)).toBeVisible();
    password = E2E_PASSWORD;
  }
  if (password === E2E_PASSWORD) replaced.add(username);
  return password;
}

export const mainNav = (page: Page) => page.getByRole('navigation', { name: /^(Main navigation|ዋና ማውጫ)$/ });
