import { lazyPage, type PageEntry } from '@/lib/pages';
import { paths } from '@/lib/paths';

export const pages: PageEntry[] = [
  {
    path: paths.superAgentDashboard,
    access: ['super-agent'],
    page: lazyPage(() => import('./pages/super-agent-dashboard-page'), 'SuperAgentDashboardPage'),
    // A super agent's menu holds only this page (product/roles.md#menus).
    menu: { label: 'nav.dashboard', icon: 'dashboard', roles: ['super-agent'], order: 10 },
  },
];
