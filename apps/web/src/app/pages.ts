import type { FinancialModel, Role } from '@cartela/contract';
import type { MenuEntry, PageEntry } from '@/lib/pages';
import { paths } from '@/lib/paths';
import { settingsSections as voiceSettings } from '@/voice/routes';
import * as features from './features';

/** The page table: every page of every feature, with who may open it and where the menus show it. */
export const PAGES: readonly PageEntry[] = Object.values(features)
  .flat()
  // Settings > Voice is voice's page (src/voice/) inside the settings feature's layout.
  .map((page) =>
    page.path === paths.settings ? { ...page, children: [...voiceSettings, ...(page.children ?? [])] } : page,
  );

/** A page's menu entries, none, one or several. */
export const menuEntries = (page: PageEntry): readonly MenuEntry[] =>
  page.menu === undefined ? [] : Array.isArray(page.menu) ? page.menu : [page.menu as MenuEntry];

export interface MenuItem extends Pick<MenuEntry, 'label' | 'icon'> {
  to: string;
}

/** The menu of a role (product/roles.md#menus), from the page table; an agent's by its financial model too. */
export function menuFor(role: Role, financialModel: FinancialModel | null = null): MenuItem[] {
  const shows = (menu: MenuEntry) =>
    menu.roles.includes(role) &&
    (!menu.models || (financialModel !== null && menu.models.includes(financialModel)));
  return PAGES.flatMap((page) =>
    menuEntries(page).flatMap((menu) => (shows(menu) ? [{ ...menu, to: page.path }] : [])),
  )
    .sort((a, b) => a.order - b.order)
    .map(({ to, label, icon }) => ({ to, label, icon }));
}
