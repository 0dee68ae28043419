// An agent of a test's own, made through the admin's API on the worker's server: its own cartelas, coins and
// games, so no other test reads what it spends or changes what it reads (the demo accounts stay for the tests
// about the demo). Signed in by writing its session where the app keeps it, as signInAs does for demo accounts.
import type { APIRequestContext, Page } from '@playwright/test';
import { apiCall } from './api';
import { tokenFor } from './pages';
import { expect } from './test';

export interface OwnAgent {
  id: string;
  username: string;
  token: string;
  /** The worker server's origin, where the app keeps the session. */
  origin: string;
  user: Record<string, unknown> & { id: string };
  /** The cartela numbers the admin assigned it, ascending. */
  cartelas: number[];
}

const OWN_PASSWORD = 'own-agent-password-1';
let made = 0;

/**
 * A new agent of the admin's: `cartelas` cards auto-assigned (the next free numbers), `coins` virtual coins,
 * the financial model asked for; signed in through the API.
 */
export async function newAgent(
  request: APIRequestContext,
  {
    cartelas = 30,
    coins = 5_000,
    financialModel = 'virtual-coin',
    language,
  }: {
    cartelas?: number;
    coins?: number;
    financialModel?: 'virtual-coin' | 'commission-share';
    language?: 'en' | 'am' | 'om';
  } = {},
): Promise<OwnAgent> {
  const admin = await tokenFor(request, 'admin');
  made += 1;
  const username = `own${Date.now().toString(36)}${process.pid.toString(36)}${made}`.slice(0, 30);
  const { agent } = await apiCall<{ agent: { id: string } }>(request, admin, 'POST', '/api/users/agents', {
    username,
    password: OWN_PASSWORD,
    financialModel,
  });
  const { assignedCartelas } = await apiCall<{ assignedCartelas: { cartelaNumber: number }[] }>(
    request,
    admin,
    'POST',
    `/api/cartelas/agent/${agent.id}/auto-assign`,
    { count: cartelas },
  );
  if (coins > 0 && financialModel === 'virtual-coin') {
    await apiCall(request, admin, 'POST', `/api/users/agents/${agent.id}/add-coins`, {
      coins,
      etbAmount: coins,
    });
  }
  const login = await request.post('/api/auth/login', { data: { username, password: OWN_PASSWORD } });
  expect(login.status(), `sign-in of ${username}`).toBe(200);
  const body = (await login.json()) as { token: string; user: OwnAgent['user'] };
  if (language) {
    const saved = await request.put('/api/auth/profile', {
      headers: { Authorization: `Bearer ${body.token}` },
      data: { language },
    });
    expect(saved.status()).toBe(200);
    body.user = { ...body.user, language };
  }
  return {
    id: agent.id,
    username,
    token: body.token,
    origin: new URL(login.url()).origin,
    user: body.user,
    cartelas: assignedCartelas.map((c) => c.cartelaNumber).sort((a, b) => a - b),
  };
}

/** Opens the app as `agent` on `path` (call it on a new page, first: it replaces the context's storage). */
export async function signInAsOwn(page: Page, agent: OwnAgent, path: string): Promise<void> {
  await page.context().setStorageState({
    cookies: [],
    origins: [
      {
        origin: agent.origin,
        localStorage: [
          { name: 'token', value: agent.token },
          { name: 'user', value: JSON.stringify(agent.user) },
        ],
      },
    ],
  });
  await page.goto(path);
}
