import type { Role, SessionUser } from '@cartela/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, makeUser, openAs, superAgentUser } from '@/test/utils';
import { menuEntries, PAGES } from './pages';
import { redirectFor } from './route-guard';

const USERS: Record<Role, () => SessionUser> = {
  admin: adminUser,
  agent: makeUser,
  'super-agent': superAgentUser,
};

/** Every (role, page) pair of the menus: what each role sees in its navigation bar. */
const MENU_ENTRIES = PAGES.flatMap((page) => {
  const { path, access } = page;
  if (access === 'public') return [];
  return menuEntries(page).flatMap((menu) => menu.roles.map((role) => [role, path, access] as const));
});

describe('the page table', () => {
  it('has the menus of product/roles.md#menus, no page twice, and no menu entry to a public page', () => {
    expect(MENU_ENTRIES.length).toBe(15);
    expect(PAGES.filter((page) => page.access === 'public' && page.menu)).toEqual([]);
    const paths = PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each(MENU_ENTRIES)('lets the %s into their menu entry %s (access %s)', async (role, path, access) => {
    const user = USERS[role]();
    // The guard's own rule, for every role that sees the entry...
    expect(redirectFor(access, user, path)).toBeNull();

    // ...and the whole app: signed in as that role, the page opens where the link points.
    openAs(user, path);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${path}$`)));
  });
});
