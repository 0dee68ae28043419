import type { Role } from '@cartela/contract';
import { settingsSections as voiceSettings } from '@/features/voices/routes';
import type { MenuEntry, PageEntry } from '@/lib/pages';
import { paths } from '@/lib/paths';
import * as features from './features';

/** The page table: every page of every feature, with who may open it and where the menus show it. */
export const PAGES: readonly PageEntry[] = Object.values(features)
  .flat()
  // Settings > Voice is the voices feature's page inside the settings layout (features do not import each other).
  .map((page) =>
    page.path === paths.settings ? { ...page, children: [...voiceSettings, ...(page.children ?? [])] } : page,
  );

export interface MenuItem extends Pick<MenuEntry, 'label' | 'icon'> {
  to: string;
}

/** The menu of a role (product/roles.md#menus), from the page table. */
export function menuFor(role: Role): MenuItem[] {
  return PAGES.flatMap((page) => (page.menu?.roles.includes(role) ? [{ ...page.menu, to: page.path }] : []))
    .sort((a, b) => a.order - b.order)
    .map(({ to, label, icon }) => ({ to, label, icon }));
}
