import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminUser, json, makeUser, mockApi, openAs, renderApp, storeSession } from '@/test/utils';

describe('settings: profile', () => {
  it('shows the account: username, role, status and creation date', async () => {
    const agent = makeUser({ createdAt: '2025-01-15T09:00:00.000Z' });
    openAs(agent, '/settings/profile');
    expect(await screen.findByText('Account information')).toBeInTheDocument();
    expect(screen.getByText('Game management access')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Jan 15, 2025')).toBeInTheDocument();
  });

  it("describes the admin's role as full system access", async () => {
    openAs(adminUser(), '/settings/profile');
    expect(await screen.findByText('Full system access')).toBeInTheDocument();
  });

  it('saves language and contact, then switches the language', async () => {
    const agent = makeUser();
    const fetchMock = openAs(agent, '/settings/profile', {
      'PUT /api/auth/profile': ({ body }) =>
        json(200, { message: 'Profile updated successfully', user: { ...agent, ...(body as object) } }),
    });
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();

    await user.type(screen.getByLabelText('Contact'), ' 0911 223344 ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'am');
    await user.click(save);

    expect(await screen.findByText('መገለጫው በተሳካ ሁኔታ ተዘምኗል')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([url]) => url === '/api/auth/profile')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ language: 'am', contact: '0911 223344' });
    await waitFor(() => expect(document.documentElement.lang).toBe('am'));
  });

  it('checks the new password before sending it', async () => {
    const fetchMock = openAs(makeUser(), '/settings/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update password' }));
    expect(screen.getByText('Enter your current password')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Current password'), 'agent123');
    await user.type(screen.getByLabelText('New password'), 'longer-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'longer-secreT');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/profile')).toBe(false);
  });

  it('changes the password and keeps the new token', async () => {
    const agent = makeUser();
    const fetchMock = openAs(agent, '/settings/profile', {
      'PUT /api/auth/profile': json(200, {
        message: 'Profile updated successfully',
        user: agent,
        token: 'new-token',
      }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'agent123');
    await user.type(screen.getByLabelText('New password'), 'agent456');
    await user.type(screen.getByLabelText('Confirm new password'), 'agent456');
    await user.click(screen.getByRole('button', { name: 'Update password' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('new-token');
    const put = fetchMock.mock.calls.find(([url]) => url === '/api/auth/profile')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      currentPassword: 'agent123',
      newPassword: 'agent456',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it("shows the server's message when the update fails, or 'Update failed'", async () => {
    storeSession(makeUser());
    let answer = json(400, { message: 'Current password is incorrect', code: 'VALIDATION_FAILED' });
    mockApi({
      'GET /api/auth/me': json(200, { user: makeUser() }),
      'PUT /api/auth/profile': () => answer,
    });
    renderApp('/settings/profile');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'wrong-one');
    await user.type(screen.getByLabelText('New password'), 'agent456');
    await user.type(screen.getByLabelText('Confirm new password'), 'agent456');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();

    answer = new Response('', { status: 502 });
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
  });

  it.each([
    [
      'currentPassword',
      'Current password',
      'currentPassword: Current password is incorrect',
      'Current password is incorrect',
    ],
    [
      'newPassword',
      'New password',
      'newPassword: The new password must be different from the current one',
      'The new password must be different from the current one',
    ],
  ])('shows the server error about %s under its input', async (field, label, message, shown) => {
    openAs(makeUser(), '/settings/profile', {
      'PUT /api/auth/profile': json(400, { message, code: 'VALIDATION_FAILED', field }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'agent123');
    await user.type(screen.getByLabelText('New password'), 'agent123');
    await user.type(screen.getByLabelText('Confirm new password'), 'agent123');
    await user.click(screen.getByRole('button', { name: 'Update password' }));

    const input = screen.getByLabelText(label);
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(shown);
    expect(input).toHaveFocus();
    // Under the input only, not in a toast as well.
    expect(screen.getAllByText(shown)).toHaveLength(1);
  });

  describe('with the demo password still in place', () => {
    it('asks for a new password first, then continues to the dashboard with the full menu', async () => {
      let admin = adminUser({ mustChangePassword: true });
      storeSession(admin);
      const fetchMock = mockApi({
        'GET /api/auth/me': () => json(200, { user: admin }),
        'PUT /api/auth/profile': () => {
          admin = { ...admin, mustChangePassword: false };
          return json(200, { message: 'Profile updated successfully', user: admin, token: 'own-token' });
        },
      });
      renderApp('/settings/profile');

      const notice = await screen.findByRole('alert');
      expect(within(notice).getByText('Choose your own password')).toBeInTheDocument();
      const nav = within(screen.getByRole('navigation', { name: 'Main navigation' }));
      expect(nav.queryByRole('link', { name: 'Agents' })).not.toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Settings sections' })).not.toBeInTheDocument();
      // Nothing but the password is asked for.
      expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();

      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Current password'), 'admin123');
      await user.type(screen.getByLabelText('New password'), 'my-own-secret');
      await user.type(screen.getByLabelText('Confirm new password'), 'my-own-secret');
      await user.click(screen.getByRole('button', { name: 'Update password' }));

      expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
      expect(nav.getByRole('link', { name: 'Agents' })).toBeInTheDocument();
      expect(localStorage.getItem('token')).toBe('own-token');
      const put = fetchMock.mock.calls.find(([url]) => url === '/api/auth/profile')!;
      expect(JSON.parse(String(put[1]!.body))).toEqual({
        currentPassword: 'admin123',
        newPassword: 'my-own-secret',
      });
    });

    it('shows the message in Amharic', async () => {
      const agent = makeUser({ mustChangePassword: true, language: 'am' });
      openAs(agent, '/dashboard');
      expect(await screen.findByText('የራስዎን የይለፍ ቃል ይምረጡ')).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings\/profile$/);
    });
  });
});
