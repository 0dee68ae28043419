import { ADMIN_OR_AGENT, lazyPage, type PageEntry } from '@/lib/pages';
import { paths } from '@/lib/paths';

export const pages: PageEntry[] = [
  {
    // The admin's Agents; an agent's own cartelas, view only, and their print sheets: its menu says Cartelas
    // (product/roles.md#menus, decision 085).
    path: paths.agents,
    access: ADMIN_OR_AGENT,
    page: lazyPage(() => import('./pages/agents-page'), 'AgentsPage'),
    menu: [
      { label: 'nav.agents', icon: 'users', roles: ['admin'], order: 20 },
      { label: 'nav.cartelas', icon: 'cartelas', roles: ['agent'], order: 30 },
    ],
  },
];
