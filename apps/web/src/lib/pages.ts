import type { FinancialModel, Role } from '@cartela/contract';
import type { ParseKeys } from 'i18next';
import { type ComponentType, createContext, type LazyExoticComponent, lazy, useContext } from 'react';
import { featureTextsReady } from '@/i18n';
import { useSession } from '@/lib/session';

/**
 * Who may open a page, in the contract's words for who may call a route (`RouteAccess`): 'public' needs no
 * session (the sign-in screens, the hall display); a list of roles lets in a signed-in user with one of them.
 */
export type Access = 'public' | readonly Role[];

/** The signed-in pages of the admin and the agents. */
export const ADMIN_OR_AGENT: readonly Role[] = ['admin', 'agent'];

/** The menu icons (components/menu-icons.ts maps each to its drawing). */
export type MenuIcon =
  | 'dashboard'
  | 'users'
  | 'percent'
  | 'scale'
  | 'game'
  | 'chart'
  | 'coins'
  | 'settings'
  | 'user-cog'
  | 'audio-lines'
  | 'user-round'
  | 'volume'
  | 'cartelas';

/** A page's place in the navigation bar. */
export interface MenuEntry {
  /** A translation key, e.g. 'nav.agents'. */
  label: ParseKeys;
  /**
   * The menu's icon by name (components/menu-icons.ts draws it): a name, not the icon, so that the icons load with the
   * navigation shell rather than in the entry chunk the sign-in page shares.
   */
  icon: MenuIcon;
  /** The roles whose menu shows it; each must be allowed in by the page's `access` (a test checks). */
  roles: readonly Role[];
  /** Only for agents of these financial models (the coin statement: virtual-coin agents); else every one. */
  models?: readonly FinancialModel[];
  /** Position in the menu, smallest first (Dashboard is 10, Settings 90). */
  order: number;
}

export type LazyPage = LazyExoticComponent<ComponentType>;

/** A sub-page's entry in its layout's own menu (the sections of /settings). */
export interface SectionEntry {
  /** Translation keys: the section's name, and the line that says what it holds (on the layout's index). */
  label: ParseKeys;
  description: ParseKeys;
  icon: MenuIcon;
  /** Who sees the section in the layout's menu. */
  roles: readonly Role[];
  /** Position in the layout's menu, smallest first. */
  order: number;
}

/** A page inside another page's layout (its `<Outlet />`), e.g. the sections of /settings. */
export type ChildPage =
  | { index: true; page: LazyPage }
  | { path: string; page: LazyPage; section?: SectionEntry }
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
  /**
   * A sign-in screen: drawn before the data layer (TanStack Query, app/queries.tsx) has loaded, so the first
   * screen a hall opens stays light (decision 071). It may not use queries.
   */
  signIn?: true;
  page: LazyPage;
  /** Its place in the menus; several when roles see it under different names (/agents: the agent's Cartelas). */
  menu?: MenuEntry | readonly MenuEntry[];
  children?: readonly ChildPage[];
}

/** The names of a module's exports that are components (a page module's 'BalancePage'). */
type ComponentName<M> = { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M];

/**
 * A page in its own chunk, fetched the first time its route is visited, so the sign-in screen downloads
 * only the entry and the sign-in page (decision 032). The page is the module's export of that name:
 * `lazyPage(() => import('./pages/balance-page'), 'BalancePage')` (or the one `pick` returns).
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: ComponentName<M> | ((module: M) => ComponentType),
): LazyPage {
  return lazy(async () => {
    const module = await load();
    // The page's feature registered its texts while loading: show it once they are there.
    await featureTextsReady();
    return { default: typeof pick === 'function' ? pick(module) : (module[pick] as ComponentType) };
  });
}

export interface PageSection extends Pick<SectionEntry, 'label' | 'description' | 'icon'> {
  to: string;
}

/** A layout's sections, from its rows of the page table (app/routes.tsx provides them). */
export const PageSections = createContext<ReadonlyArray<SectionEntry & { to: string }>>([]);

/** The sections of the layout this page is, that the signed-in user may open, in their order. */
export function usePageSections(): PageSection[] {
  const { user } = useSession();
  return useContext(PageSections)
    .filter((section) => user && section.roles.includes(user.role))
    .sort((a, b) => a.order - b.order)
    .map(({ to, label, description, icon }) => ({ to, label, description, icon }));
}
