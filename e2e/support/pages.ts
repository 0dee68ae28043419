import { expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { username: 'admin', password: 'admin123' },
  agent1: { username: 'agent1', password: 'agent123' },
  agent2: { username: 'agent2', password: 'agent123' },
  super1: { username: 'super1', password: 'super123' },
} as const;

/** The unified sign-in screen. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/login');
    await expect(this.page.getByLabel('Username')).toBeVisible();
  }

  async signIn(username: string, password: string) {
    await this.page.getByLabel('Username').fill(username);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
}

export async function signInAs(page: Page, who: keyof typeof DEMO) {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(DEMO[who].username, DEMO[who].password);
}

export const mainNav = (page: Page) => page.getByRole('navigation', { name: /^(Main navigation|ዋና ማውጫ)$/ });
