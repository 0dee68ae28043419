import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, makeUser, mockApi, renderApp, storeSession, superAgentUser } from '@/test/utils';

const invalid = () => json(401, { message: 'Invalid credentials', code: 'INVALID_CREDENTIALS' });

async function fillIn(username: string, password: string) {
  const user = userEvent.setup();
  const field = await screen.findByLabelText('Username');
  if (username) await user.type(field, username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  return user;
}

async function signInAs(username: string, password: string) {
  const user = await fillIn(username, password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('sign-in screen', () => {
  it('has labelled fields and a disabled Sign in button until both are filled', async () => {
    const fetchMock = mockApi({});
    renderApp('/login');
    const button = await screen.findByRole('button', { name: 'Sign in' });
    expect(button).toBeDisabled();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'agent1');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'agent123');
    expect(button).toBeEnabled();
    await user.clear(screen.getByLabelText('Username'));
    expect(button).toBeDisabled();

    // Enter in a field with the other one empty does nothing either.
    await user.type(screen.getByLabelText('Password'), '{Enter}');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('treats a username of spaces as empty', async () => {
    mockApi({});
    renderApp('/login');
    await fillIn('   ', 'agent123');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  });

  it('shows and hides the password', async () => {
    mockApi({});
    renderApp('/login');
    const user = await fillIn('', 'secret');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it("runs both logins in parallel and reads 'Signing in...' while busy", async () => {
    let release: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = mockApi({
      'POST /api/auth/login': async () => {
        await gate;
        return invalid();
      },
      'POST /api/super-agents/login': async () => {
        await gate;
        return invalid();
      },
    });
    renderApp('/login');
    await signInAs('agent1', 'wrong');

    // Both requests left before either answered.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const busy = screen.getByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');

    release?.();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('signs in a regular user, stores the session and goes to /dashboard (regular login wins)', async () => {
    const agent = makeUser();
    mockApi({
      'POST /api/auth/login': json(200, { token: 'regular-token', user: agent }),
      'POST /api/super-agents/login': json(200, { token: 'super-token', superAgent: superAgentUser() }),
    });
    renderApp('/login');
    await signInAs('agent1', 'agent123');

    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(localStorage.getItem('token')).toBe('regular-token');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ username: 'agent1', role: 'agent' });
    expect(localStorage.getItem('userType')).toBeNull();
  });

  it('signs in a super agent and goes to /super-agent-dashboard', async () => {
    mockApi({
      'POST /api/auth/login': invalid(),
      'POST /api/super-agents/login': json(200, { token: 'super-token', superAgent: superAgentUser() }),
    });
    renderApp('/login');
    await signInAs('super1', 'super123');

    expect(await screen.findByText('Super Agent login successful!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/super-agent-dashboard'));
    expect(localStorage.getItem('token')).toBe('super-token');
    expect(localStorage.getItem('userType')).toBe('super-agent');
  });

  it("shows 'Invalid username or password' when both say 'Invalid credentials'", async () => {
    mockApi({ 'POST /api/auth/login': invalid(), 'POST /api/super-agents/login': invalid() });
    renderApp('/login');
    await signInAs('nobody', 'nothing');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("shows the server's message for an inactive account", async () => {
    mockApi({
      'POST /api/auth/login': json(401, { message: 'Account is inactive', code: 'ACCOUNT_INACTIVE' }),
      'POST /api/super-agents/login': invalid(),
    });
    renderApp('/login');
    await signInAs('agent3', 'agent123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Account is inactive');
  });

  it("shows the server's rate-limit message", async () => {
    const limited = () =>
      json(429, { message: 'Too many login attempts, try again later', code: 'RATE_LIMITED' });
    mockApi({ 'POST /api/auth/login': limited(), 'POST /api/super-agents/login': limited() });
    renderApp('/login');
    await signInAs('agent1', 'guess');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many login attempts, try again later');
  });

  it('says the server cannot be reached on a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderApp('/login');
    await signInAs('agent1', 'agent123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot reach the server');
  });

  it("says 'Login failed' when the failures carry no message", async () => {
    const bare = () => new Response('', { status: 500 });
    mockApi({ 'POST /api/auth/login': bare(), 'POST /api/super-agents/login': bare() });
    renderApp('/login');
    await signInAs('agent1', 'agent123');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
  });

  it('sends a signed-in user on to their home page', async () => {
    storeSession(superAgentUser());
    mockApi({ 'GET /api/super-agents/profile': json(200, { superAgent: superAgentUser() }) });
    renderApp('/login');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/super-agent-dashboard'));
  });

  it('applies the saved language of the user who signs in', async () => {
    mockApi({
      'POST /api/auth/login': json(200, { token: 't', user: makeUser({ language: 'am' }) }),
      'POST /api/super-agents/login': invalid(),
    });
    renderApp('/login');
    await signInAs('agent1', 'agent123');
    expect(await screen.findByText('በተሳካ ሁኔታ ገብተዋል!')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'ውጣ' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('am');
  });

  it('switches the sign-in screen to Amharic', async () => {
    mockApi({});
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'አማርኛ' }));
    expect(await screen.findByLabelText('የተጠቃሚ ስም')).toBeInTheDocument();
    expect(screen.getByLabelText('የይለፍ ቃል')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ግባ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'አማርኛ' })).toHaveAttribute('aria-pressed', 'true');
  });
});
