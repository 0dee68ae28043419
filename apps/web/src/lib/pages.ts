import type { Role } from '@cartela/contract';
import type { ParseKeys } from 'i18next';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { featureTextsReady } from '@/i18n';

/**
 * Who may open a page (spec 01 section 2, "Route guard"): 'public' needs no session (the sign-in screen);
 * 'login' is any admin or agent; 'admin' is the admin only; 'super-agent' is a super agent only.
 */
export type Access = 'public' | 'login' | 'admin' | 'super-agent';

/** The menu icons (app/nav-icons.ts maps each to its drawing). */
export type MenuIcon =
  | 'dashboard'
  | 'users'
  | 'percent'
  | 'scale'
  | 'game'
  | 'chart'
  | 'settings'
  | 'user-cog'
  | 'audio-lines';

/** A page's place in the navigation bar. */
export interface MenuEntry {
  /** A translation key, e.g. 'nav.agents'. */
  label: ParseKeys;
  /**
   * The menu's icon by name (app/nav-icons.ts draws it): a name, not the icon, so that the icons load with the
   * navigation shell rather than in the entry chunk the sign-in page shares.
   */
  icon: MenuIcon;
  /** The roles whose menu shows it; each must be allowed in by the page's `access` (a test checks). */
  roles: readonly Role[];
  /** Position in the menu, smallest first (Dashboard is 10, Settings 90). */
  order: number;
}

export type LazyPage = LazyExoticComponent<ComponentType>;

/** A page inside another page's layout (its `<Outlet />`), e.g. the sections of /settings. */
export type ChildPage =
  | { index: true; page: LazyPage }
  | { path: string; page: LazyPage }
  /** Unknown sub-paths go back to the parent page, for instance. */
  | { path: string; redirect: string };

/**
 * One row of the page table: a feature's `routes.tsx` exports its pages as these, and the app builds the
 * router, the route guard and the menus from the same rows (app/pages.ts).
 */
export interface PageEntry {
  /** Absolute: a value of `paths` or `patterns` (lib/paths.ts). */
  path: string;
  access: Access;
  page: LazyPage;
  menu?: MenuEntry;
  children?: readonly ChildPage[];
}

/**
 * A page in its own chunk, fetched the first time its route is visited, so the sign-in screen downloads
 * only the entry and the sign-in page (decision 032).
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  return lazy(async () => {
    const module = await load();
    // The page's feature registered its texts while loading: show it once they are there.
    await featureTextsReady();
    return { default: pick(module) };
  });
}
