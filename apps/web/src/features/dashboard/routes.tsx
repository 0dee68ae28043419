import { ADMIN_OR_AGENT, lazyPage, type PageEntry } from '@/lib/pages';
import { paths } from '@/lib/paths';

export const pages: PageEntry[] = [
  {
    path: paths.dashboard,
    access: ADMIN_OR_AGENT,
    page: lazyPage(() => import('./pages/dashboard-page'), 'DashboardPage'),
    menu: { label: 'nav.dashboard', icon: 'dashboard', roles: ['admin', 'agent'], order: 10 },
  },
];
