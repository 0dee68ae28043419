import { ADMIN_OR_AGENT, lazyPage, type PageEntry } from '@/lib/pages';
import { paths } from '@/lib/paths';

export const pages: PageEntry[] = [
  {
    // Agents open it too (their own cartelas), but only the admin's menu lists it (product/roles.md#menus).
    path: paths.agents,
    access: ADMIN_OR_AGENT,
    page: lazyPage(() => import('./pages/agents-page'), 'AgentsPage'),
    menu: { label: 'nav.agents', icon: 'users', roles: ['admin'], order: 20 },
  },
];
