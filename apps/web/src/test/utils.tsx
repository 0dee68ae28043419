import type { SessionUser } from '@cartela/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeAll, vi } from 'vitest';
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

export type Routes = Parameters<typeof mockApi>[0];
export type FetchMock = ReturnType<typeof mockApi>;

/**
 * A signed-in `user`: the session stored, its check at start answering with them (a super agent's through its
 * own profile route), and the other answers in `routes`.
 */
export function signedIn(user: SessionUser, routes: Routes = {}) {
  storeSession(user);
  return mockApi({
    ...(user.role === 'super-agent'
      ? { 'GET /api/super-agents/profile': json(200, { superAgent: user }) }
      : { 'GET /api/auth/me': json(200, { user }) }),
    ...routes,
  });
}

/** The app at `path` for a signed-in `user` (`signedIn`, with the answers of `routes`): the calls' mock. */
export function openAs(user: SessionUser, path: string, routes: Routes = {}) {
  const fetchMock = signedIn(user, routes);
  renderApp(path);
  return fetchMock;
}

/** Every call of a route, whatever its query: its address and its body. */
export function callsTo(fetchMock: FetchMock, route: Route) {
  const [method, path] = route.split(' ');
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url).split('?')[0] === path && (init?.method ?? 'GET') === method)
    .map(([url, init]) => ({
      url: String(url),
      body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
    }));
}

/** The texts of a table's column headers, in order. */
export const columnNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);

/** A page's chunk is compiled on first use in a test run: its first screen gets more time. */
export const slow = { timeout: 5000 };

/**
 * Compile the lazy chunks a file's tests open once, before them, rather than inside the first test's wait for
 * its screen.
 */
export function compileFirst(...chunks: (() => Promise<unknown>)[]) {
  beforeAll(async () => {
    await Promise.all(chunks.map((load) => load()));
  }, 30_000);
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
  return renderInApp(
    <>
      <AppRoutes />
      <LocationProbe />
    </>,
    path,
  );
}

/** One component (a feature's dialog, say) inside the app's providers: query cache, router, toasts. */
export function renderInApp(ui: ReactElement, path = '/') {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      <ToasterHost />
    </QueryClientProvider>,
  );
}
