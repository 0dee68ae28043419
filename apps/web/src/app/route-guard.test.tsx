import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  adminUser,
  json,
  makeUser,
  mockApi,
  openAs,
  renderApp,
  storeSession,
  superAgentUser,
} from '@/test/utils';

const location = () => screen.getByTestId('location');

async function expectPageAt(path: string, heading: string) {
  // A page is a lazy chunk with its own texts: on a loaded machine the first import can take over a second.
  expect(
    await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 }),
  ).toBeInTheDocument();
  expect(location()).toHaveTextContent(new RegExp(`^${path}$`));
}

describe('route guard', () => {
  it("shows 'Loading...' while the session is being restored", async () => {
    storeSession(makeUser());
    mockApi({ 'GET /api/auth/me': () => new Promise<Response>(() => {}) });
    renderApp('/dashboard');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    expect(location()).toHaveTextContent('/dashboard');
  });

  it('sends a visitor without a session to /login', async () => {
    const fetchMock = mockApi({});
    renderApp('/game');
    await waitFor(() => expect(location()).toHaveTextContent('/login'));
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each(['/', '/no-such-page', '/settings/nothing'])(
    'sends %s to the dashboard or settings',
    async (path) => {
      openAs(makeUser(), path);
      const expected = path.startsWith('/settings') ? '/settings' : '/dashboard';
      await waitFor(() => expect(location()).toHaveTextContent(new RegExp(`^${expected}$`)));
    },
  );

  it('opens login-required pages for an agent', async () => {
    openAs(makeUser(), '/game');
    await expectPageAt('/game', 'Game Management');
  });

  it.each([
    ['/commission', 'Commission Management'],
    ['/balance', 'Balance Manager'],
    ['/super-agent-management', 'Super Agent Management'],
    ['/admin/reports', 'System Reports'],
  ])('opens the admin-only page %s for the admin', async (path, heading) => {
    openAs(adminUser(), path);
    await expectPageAt(path, heading);
  });

  it.each(['/commission', '/balance', '/super-agent-management', '/admin/reports'])(
    'sends an agent from the admin-only %s to /dashboard',
    async (path) => {
      openAs(makeUser(), path);
      await expectPageAt('/dashboard', 'Dashboard');
    },
  );

  it('sends an agent from the super-agent dashboard via /super-agent-login to their dashboard', async () => {
    openAs(makeUser(), '/super-agent-dashboard');
    await expectPageAt('/dashboard', 'Dashboard');
  });

  it('opens the super-agent dashboard for a super agent', async () => {
    openAs(superAgentUser(), '/super-agent-dashboard');
    await expectPageAt('/super-agent-dashboard', 'Super Agent Dashboard');
  });

  it.each(['/dashboard', '/game', '/settings/profile', '/commission'])(
    'keeps a super agent on their own dashboard when they open %s',
    async (path) => {
      openAs(superAgentUser(), path);
      await expectPageAt('/super-agent-dashboard', 'Super Agent Dashboard');
    },
  );

  it('shows the admin view of /dashboard to the admin', async () => {
    openAs(adminUser(), '/dashboard');
    await expectPageAt('/dashboard', 'Admin Dashboard');
    expect(screen.getByText('System overview and analytics')).toBeInTheDocument();
  });

  it('restores a super agent from the super-agent profile call', async () => {
    const fetchMock = openAs(superAgentUser(), '/super-agent-dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Super Agent Dashboard' });
    expect(fetchMock).toHaveBeenCalledWith('/api/super-agents/profile', expect.anything());
  });

  it('clears stored credentials and goes to /login when the session cannot be restored', async () => {
    storeSession(makeUser());
    mockApi({ 'GET /api/auth/me': json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }) });
    renderApp('/reports');
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('keeps the stored user when the server cannot be reached, so an offline hall keeps working', async () => {
    storeSession(makeUser());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderApp('/game');
    await expectPageAt('/game', 'Game Management');
    expect(localStorage.getItem('token')).toBe('token-1');
  });

  it.each([
    [
      'an aborted check (F5 right after Start Game)',
      () => Promise.reject(new DOMException('aborted', 'AbortError')),
    ],
    ['a 503', () => json(503, { message: 'Service unavailable', code: 'UNAVAILABLE' })],
  ])('keeps the stored user and the page on %s (decision 061)', async (_case, answer) => {
    storeSession(makeUser());
    mockApi({ 'GET /api/auth/me': answer });
    renderApp('/game');
    await expectPageAt('/game', 'Game Management');
    expect(localStorage.getItem('token')).toBe('token-1');
    expect(localStorage.getItem('user')).not.toBeNull();
  });

  it('ends the session and goes to /login when a later call answers 401', async () => {
    let meAnswers = 0;
    storeSession(makeUser());
    mockApi({
      'GET /api/auth/me': () =>
        ++meAnswers === 1
          ? json(200, { user: makeUser() })
          : json(401, { message: 'Token expired', code: 'TOKEN_EXPIRED' }),
    });
    renderApp('/game');
    await expectPageAt('/game', 'Game Management');

    // What the browser sends when the agent comes back to the tab.
    window.dispatchEvent(new Event('visibilitychange'));

    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  describe('an account that still has its demo password', () => {
    it.each(['/dashboard', '/agents', '/commission', '/settings', '/game/g-1', '/no-such-page'])(
      'is sent from %s to its profile, which asks for a new password',
      async (path) => {
        openAs(adminUser({ mustChangePassword: true }), path);
        expect(await screen.findByText('Choose your own password')).toBeInTheDocument();
        expect(location()).toHaveTextContent(/^\/settings\/profile$/);
        expect(
          screen.getByText(
            'This account still has the demo password everyone can read in the README. Choose a new password to continue.',
          ),
        ).toBeInTheDocument();
      },
    );

    it('is a super agent: sent to the profile too, not back and forth with their dashboard', async () => {
      openAs(superAgentUser({ mustChangePassword: true }), '/super-agent-dashboard');
      expect(await screen.findByText('Choose your own password')).toBeInTheDocument();
      expect(location()).toHaveTextContent(/^\/settings\/profile$/);
    });
  });
});
