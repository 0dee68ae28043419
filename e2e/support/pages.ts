import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

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

/** A session as the web app keeps it after a sign-in (apps/web/src/lib/storage.ts). */
interface Session {
  origin: string;
  token: string;
  user: { role: string };
}

// This worker's sessions, one per demo account, made on first use: every test of the worker that needs the
// account starts from it, as a person who stays signed in would. No test ends them: the tests that sign out
// sign in through the form, which makes a session of their own.
const sessions = new Map<keyof typeof DEMO, Promise<Session>>();

/**
 * Signs a demo account in through the API; the first time, it replaces the published demo password by
 * E2E_PASSWORD first, as the form makes every demo account do before anything else.
 */
async function signInByApi(request: APIRequestContext, who: keyof typeof DEMO): Promise<Session> {
  const { username, password: demoPassword } = DEMO[who];
  const superAgent = who === 'super1';
  const login = async (password: string): Promise<(Session & { mustChangePassword?: boolean }) | null> => {
    const res = await request.post(superAgent ? '/api/super-agents/login' : '/api/auth/login', {
      data: { username, password },
    });
    if (res.status() === 401) return null;
    expect(res.status(), `sign-in of ${username}`).toBe(200);
    const body = await res.json();
    // The same user the form would keep (features/auth/api/login-decision.ts).
    const user = superAgent ? { ...body.superAgent, role: 'super-agent' } : body.user;
    return {
      origin: new URL(res.url()).origin,
      token: body.token,
      user,
      mustChangePassword: user.mustChangePassword,
    };
  };
  const first = (await login(demoPassword)) ?? (await login(E2E_PASSWORD));
  if (!first) throw new Error(`${username} signs in with neither its demo password nor E2E_PASSWORD`);
  if (!first.mustChangePassword) return first;
  const changed = await request.put('/api/auth/profile', {
    headers: { Authorization: `Bearer ${first.token}` },
    data: { currentPassword: demoPassword, newPassword: E2E_PASSWORD },
  });
  expect(changed.status(), `${username} replaces its demo password`).toBe(200);
  // The change ends every session of the account: a new one, as any later sign-in would have it.
  const session = await login(E2E_PASSWORD);
  if (!session) throw new Error(`${username} does not sign in with its new password`);
  return session;
}

/** The worker's session of a demo account, made on first use. */
function sessionOf(request: APIRequestContext, who: keyof typeof DEMO): Promise<Session> {
  let session = sessions.get(who);
  if (!session) {
    session = signInByApi(request, who);
    sessions.set(who, session);
    // A failed attempt is not kept: the next test tries again.
    session.catch(() => sessions.delete(who));
  }
  return session;
}

/** The token of the worker's session of a demo account, for the API calls a test makes beside the screen. */
export async function tokenFor(request: APIRequestContext, who: keyof typeof DEMO): Promise<string> {
  return (await sessionOf(request, who)).token;
}

/**
 * Opens the app signed in as a demo account, on `path` or else on its dashboard, and returns its password
 * (E2E_PASSWORD). The session is the worker's (made once through the API), written where the app keeps it: the
 * sign-in form is the subject of auth.spec.ts (`signInThroughForm`), not a step of every test. Call it on a new
 * page, before anything else: it replaces the context's storage.
 */
export async function signInAs(page: Page, who: keyof typeof DEMO, path?: string): Promise<string> {
  const { origin, token, user } = await sessionOf(page.request, who);
  const localStorage = [
    { name: 'token', value: token },
    { name: 'user', value: JSON.stringify(user) },
    ...(user.role === 'super-agent' ? [{ name: 'userType', value: 'super-agent' }] : []),
  ];
  await page.context().setStorageState({ cookies: [], origins: [{ origin, localStorage }] });
  if (path) {
    // Straight to the page under test, not through the dashboard: the test's own checks wait for it.
    await page.goto(path);
    return E2E_PASSWORD;
  }
  await page.goto('/');
  await expect(home(page)).toBeVisible();
  return E2E_PASSWORD;
}

/**
 * Signs in as a demo account through the sign-in form, for the tests about signing in (and the ones that sign
 * out: their session is their own). The account's demo password is replaced first if it still has it.
 */
export async function signInThroughForm(page: Page, who: keyof typeof DEMO): Promise<string> {
  await sessionOf(page.request, who);
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(DEMO[who].username, E2E_PASSWORD);
  await expect(home(page)).toBeVisible();
  return E2E_PASSWORD;
}

export const mainNav = (page: Page) => page.getByRole('navigation', { name: /^(Main navigation|ዋና ማውጫ)$/ });

/** A figure card of a description list: its value (the first dd) and its hint (the second). */
export function figure(scope: Page | Locator, label: string) {
  // The inner locator of `has` is relative to the card, so it is made from the page, not from `scope`.
  const page = 'goto' in scope ? scope : scope.page();
  const card = scope.locator('dl > *').filter({ has: page.locator('dt').getByText(label, { exact: true }) });
  return { value: card.locator('dd').first(), hint: card.locator('dd').nth(1) };
}

/** The account's saved language, as its language switch saves it (a signed-in page applies it over the device's). */
export async function saveLanguageOf(request: APIRequestContext, who: keyof typeof DEMO, language: string) {
  const saved = await request.put('/api/auth/profile', {
    headers: { Authorization: `Bearer ${await tokenFor(request, who)}` },
    data: { language },
  });
  expect(saved.status(), `${who} speaks ${language}`).toBe(200);
}

/**
 * Every page of the page's context in `language` from its first script: the device's choice, and the copy of the
 * signed-in user the app keeps (signInAs writes the suite's copy, made in English).
 */
export async function useDeviceLanguage(page: Page, language: string) {
  await page.context().addInitScript((lang) => {
    localStorage.setItem('language', lang);
    const user = localStorage.getItem('user');
    if (user) localStorage.setItem('user', JSON.stringify({ ...JSON.parse(user), language: lang }));
  }, language);
}
