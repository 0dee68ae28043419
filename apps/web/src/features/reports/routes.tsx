import { ChartColumn } from 'lucide-react';
import { lazyPage, type PageEntry } from '@/lib/pages';
import { paths } from '@/lib/paths';

export const pages: PageEntry[] = [
  {
    path: paths.reports,
    access: 'login',
    page: lazyPage(
      () => import('./pages/reports-page'),
      (m) => m.ReportsPage,
    ),
    menu: { label: 'nav.reports', icon: ChartColumn, roles: ['agent'], order: 60 },
  },
  {
    path: paths.adminReports,
    access: 'admin',
    page: lazyPage(
      () => import('./pages/reports-page'),
      (m) => m.AdminReportsPage,
    ),
    menu: { label: 'nav.reports', icon: ChartColumn, roles: ['admin'], order: 60 },
  },
];
