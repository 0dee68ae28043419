import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminUser, json, makeUser, openAs, superAgentUser } from '@/test/utils';

async function mainNav() {
  return within(await screen.findByRole('navigation', { name: 'Main navigation' }));
}

/** The desktop menu: the list of links inside the bar (the phone panel renders only when opened). */
async function menuLinks() {
  const nav = await mainNav();
  return nav
    .getAllByRole('link')
    .filter((link) => link.getAttribute('href') !== '/dashboard' || link.textContent !== 'Cartela')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('navigation bar', () => {
  it('gives the admin their eight menu items', async () => {
    openAs(adminUser(), '/dashboard');
    expect(await menuLinks()).toEqual([
      ['Dashboard', '/dashboard'],
      ['Agents', '/agents'],
      ['Commission', '/commission'],
      ['Balance', '/balance'],
      ['Super Agents', '/super-agent-management'],
      ['Reports', '/admin/reports'],
      ['Voice Packs', '/voice-packs'],
      ['Settings', '/settings'],
    ]);
  });

  it('gives a virtual-coin agent Dashboard, Game, Cartelas, Reports, Coins and Settings', async () => {
    openAs(makeUser(), '/dashboard');
    expect(await menuLinks()).toEqual([
      ['Dashboard', '/dashboard'],
      ['Game', '/game'],
      // Its own cartelas and their print sheets (decision 085).
      ['Cartelas', '/agents'],
      ['Reports', '/reports'],
      ['Coins', '/coins'],
      ['Settings', '/settings'],
    ]);
  });

  it('gives a commission-share agent Dashboard, Game, Cartelas, Reports and Settings: it has no coins', async () => {
    openAs(makeUser({ financialModel: 'commission-share' }), '/dashboard');
    expect(await menuLinks()).toEqual([
      ['Dashboard', '/dashboard'],
      ['Game', '/game'],
      ['Cartelas', '/agents'],
      ['Reports', '/reports'],
      ['Settings', '/settings'],
    ]);
  });

  it('gives a super agent only their dashboard', async () => {
    openAs(superAgentUser(), '/super-agent-dashboard');
    expect(await menuLinks()).toEqual([['Dashboard', '/super-agent-dashboard']]);
  });

  it('has a logo linking to /dashboard', async () => {
    openAs(makeUser(), '/game');
    const nav = await mainNav();
    expect(nav.getByRole('link', { name: 'Cartela' })).toHaveAttribute('href', '/dashboard');
  });

  it('highlights the item of the current path, sub-pages included', async () => {
    openAs(makeUser(), '/settings/profile');
    const nav = await mainNav();
    await screen.findByText('Account information');
    expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(nav.getByRole('link', { name: 'Reports' })).not.toHaveAttribute('aria-current');
  });

  it('shows the username and role', async () => {
    openAs(adminUser(), '/dashboard');
    const nav = await mainNav();
    expect(nav.getByText('admin')).toBeInTheDocument();
    expect(nav.getByText('Admin')).toBeInTheDocument();
  });

  it('shows the coin count of a virtual-coin agent', async () => {
    openAs(makeUser({ virtualCoins: 1000 }), '/dashboard');
    const nav = await mainNav();
    expect(nav.getByText('1,000 coins')).toBeInTheDocument();
  });

  it('shows no coins for a commission-share agent or the admin', async () => {
    openAs(makeUser({ financialModel: 'commission-share', virtualCoins: 0 }), '/dashboard');
    const nav = await mainNav();
    expect(nav.getByText('agent1')).toBeInTheDocument();
    expect(nav.queryByText(/coins?$/)).not.toBeInTheDocument();
  });

  it('keeps the coin count fresh when the window regains focus', async () => {
    let coins = 1000;
    openAs(makeUser(), '/dashboard', {
      'GET /api/auth/me': () => json(200, { user: makeUser({ virtualCoins: coins }) }),
    });
    const nav = await mainNav();
    expect(await nav.findByText('1,000 coins')).toBeInTheDocument();

    coins = 940;
    // What the browser sends when the agent comes back to the tab.
    window.dispatchEvent(new Event('visibilitychange'));
    expect(await nav.findByText('940 coins')).toBeInTheDocument();
  });

  it('logs out: tells the server, clears token, user and userType, says so and goes to /login', async () => {
    const fetchMock = openAs(superAgentUser(), '/super-agent-dashboard', {
      'POST /api/auth/logout': json(200, { message: 'Logged out successfully' }),
    });
    const nav = await mainNav();
    await userEvent.setup().click(nav.getByRole('button', { name: 'Logout' }));

    const logoutCall = fetchMock.mock.calls.find(([url]) => url === '/api/auth/logout')!;
    expect(logoutCall[1]!.method).toBe('POST');
    expect(new Headers(logoutCall[1]!.headers).get('Authorization')).toBe('Bearer token-1');

    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('userType')).toBeNull();
  });

  it('logs out at once even when the server does not answer', async () => {
    openAs(makeUser(), '/dashboard', { 'POST /api/auth/logout': () => new Promise<Response>(() => {}) });
    const nav = await mainNav();
    await userEvent.setup().click(nav.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  describe('on a small screen', () => {
    it('opens a menu that closes when an item is chosen', async () => {
      openAs(makeUser(), '/dashboard');
      const user = userEvent.setup();
      const nav = await mainNav();
      const menuButton = nav.getByRole('button', { name: 'Menu' });
      expect(menuButton).toHaveAttribute('aria-expanded', 'false');

      await user.click(menuButton);
      expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      const panel = within(document.getElementById(menuButton.getAttribute('aria-controls')!)!);
      expect(panel.getByText('1,000 coins')).toBeInTheDocument();
      expect(panel.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

      await user.click(panel.getByRole('link', { name: 'Reports' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
      expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      expect(document.getElementById(menuButton.getAttribute('aria-controls')!)).toBeNull();
    });

    it('closes the menu with Escape and returns focus to the button', async () => {
      openAs(makeUser(), '/dashboard');
      const user = userEvent.setup();
      const menuButton = (await mainNav()).getByRole('button', { name: 'Menu' });
      await user.click(menuButton);
      expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      await user.keyboard('{Escape}');
      expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      expect(menuButton).toHaveFocus();
    });

    it('closes the menu on logout', async () => {
      openAs(makeUser(), '/dashboard');
      const user = userEvent.setup();
      const menuButton = (await mainNav()).getByRole('button', { name: 'Menu' });
      await user.click(menuButton);
      const panel = within(document.getElementById(menuButton.getAttribute('aria-controls')!)!);
      await user.click(panel.getByRole('button', { name: 'Logout' }));
      expect(await screen.findByLabelText('Username')).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    });
  });

  describe('language switch', () => {
    it('translates the shell at once and saves the language to the profile', async () => {
      const agent = makeUser();
      const fetchMock = openAs(agent, '/dashboard', {
        'PUT /api/auth/profile': ({ body }) =>
          json(200, { message: 'Profile updated successfully', user: { ...agent, ...(body as object) } }),
      });
      const nav = await mainNav();
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
      // The bar's switch is compact: the short names on screen, each button named by both (decision 078).
      const languages = nav.getByRole('group', { name: 'Language' });
      expect(
        within(languages)
          .getAllByRole('button')
          .map((b) => [b.textContent, b.getAttribute('aria-label')]),
      ).toEqual([
        ['EN', 'EN English'],
        ['አማ', 'አማ አማርኛ'],
        ['OM', 'OM Afaan Oromoo'],
      ]);

      await userEvent.setup().click(nav.getByRole('button', { name: 'አማ አማርኛ' }));

      expect(await nav.findByRole('button', { name: 'ውጣ' })).toBeInTheDocument();
      expect(nav.getByRole('link', { name: 'ዳሽቦርድ' })).toHaveAttribute('aria-current', 'page');
      expect(nav.getByRole('link', { name: 'ጨዋታ' })).toBeInTheDocument();
      expect(nav.getByRole('link', { name: 'ሪፖርቶች' })).toBeInTheDocument();
      expect(nav.getByRole('link', { name: 'ቅንብሮች' })).toBeInTheDocument();
      expect(nav.getByText('1,000 ሳንቲሞች')).toBeInTheDocument();
      expect(nav.getByRole('button', { name: 'ማውጫ' })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'ዋና ማውጫ' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'ዳሽቦርድ' })).toBeInTheDocument();
      expect(document.documentElement.lang).toBe('am');

      await waitFor(() =>
        expect(fetchMock).toHaveBeenCalledWith(
          '/api/auth/profile',
          expect.objectContaining({ method: 'PUT', body: JSON.stringify({ language: 'am' }) }),
        ),
      );
      await waitFor(() => expect(JSON.parse(localStorage.getItem('user')!).language).toBe('am'));
    });

    it('keeps the new language and reports the failure when saving fails', async () => {
      openAs(makeUser(), '/dashboard', {
        'PUT /api/auth/profile': json(500, { message: 'Internal server error', code: 'INTERNAL' }),
      });
      const nav = await mainNav();
      await userEvent.setup().click(nav.getByRole('button', { name: 'አማ አማርኛ' }));
      expect(await nav.findByRole('button', { name: 'ውጣ' })).toBeInTheDocument();
      expect(await screen.findByText('በአገልጋዩ ላይ ችግር ተፈጥሯል። እባክዎ እንደገና ይሞክሩ።')).toBeInTheDocument();
    });
  });
});
