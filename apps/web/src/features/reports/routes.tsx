import { ADMIN_OR_AGENT, lazyPage, type PageEntry } from '@/lib/pages';
import { paths } from '@/lib/paths';

export const pages: PageEntry[] = [
  {
    path: paths.reports,
    access: ADMIN_OR_AGENT,
    page: lazyPage(() => import('./pages/reports-page'), 'ReportsPage'),
    menu: { label: 'nav.reports', icon: 'chart', roles: ['agent'], order: 60 },
  },
  {
    path: paths.adminReports,
    access: ['admin'],
    page: lazyPage(() => import('./pages/reports-page'), 'AdminReportsPage'),
    menu: { label: 'nav.reports', icon: 'chart', roles: ['admin'], order: 60 },
  },
];
