import type { SessionUser } from '@cartela/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppRoutes } from '@/app/routes';
import { queryClient } from '@/lib/query-client';
import { ToasterHost } from '@/lib/toast';

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  const id = overrides.id ?? 'u-agent1';
  return {
    id,
    _id: id,
    username: 'agent1',
    role: 'agent',
    isActive: true,
    language: 'en',
    contact: null,
    createdAt: '2025-01-15T09:00:00.000Z',
    financialModel: 'virtual-coin',
    virtualCoins: 1000,
    commissionPercentage: 10,
    minCommissionPercentage: 10,
    systemCommissionShare: null,
    totalEarnings: 0,
    lastPaymentDate: null,
    platformCommissionRate: null,
    winningPatterns: ['full-house', 'four-corners', 'any-one-line'],
    mustChangePassword: false,
    ...overrides,
  };
}

export const adminUser = (overrides: Partial<SessionUser> = {}) =>
  makeUser({
    id: 'u-admin',
    username: 'admin',
    role: 'admin',
    financialModel: null,
    virtualCoins: 0,
    commissionPercentage: null,
    minCommissionPercentage: null,
    winningPatterns: null,
    ...overrides,
  });
export const superAgentUser = (overrides: Partial<SessionUser> = {}) =>
  makeUser({
    id: 'u-super1',
    username: 'super1',
    role: 'super-agent',
    financialModel: null,
    virtualCoins: 0,
    commissionPercentage: null,
    minCommissionPercentage: null,
    platformCommissionRate: 50,
    winningPatterns: null,
    ...overrides,
  });

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export type Route = `${'GET' | 'POST' | 'PUT' | 'DELETE'} ${string}`;
type Handler = Response | ((request: { body: unknown; headers: Headers }) => Response | Promise<Response>);

/**
 * Replace fetch with a table of answers keyed by 'METHOD /path'. An unlisted call fails the test loudly.
 * Returns the mock so a test can inspect the calls.
 */
export function mockApi(routes: Partial<Record<Route, Handler>>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}` as Route;
    const handler = routes[key];
    if (!handler) throw new Error(`Unexpected call ${key}`);
    if (handler instanceof Response) return handler.clone();
    return handler({
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      headers: new Headers(init.headers),
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Store a signed-in session the way a sign-in leaves it. */
export function storeSession(user: SessionUser, token = 'token-1'): void {
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify(user));
  if (user.role === 'super-agent') localStorage.setItem('userType', 'super-agent');
}

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/** The whole app (routes, guard, shell, toasts) at `path`. */
export function renderApp(path: string) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
      <ToasterHost />
    </QueryClientProvider>,
  );
}
