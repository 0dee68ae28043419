import { LayoutDashboard } from 'lucide-react';
import { lazyPage, type PageEntry } from '@/lib/pages';
import { paths } from '@/lib/paths';

export const pages: PageEntry[] = [
  {
    path: paths.dashboard,
    access: 'login',
    page: lazyPage(
      () => import('./pages/dashboard-page'),
      (m) => m.DashboardPage,
    ),
    menu: { label: 'nav.dashboard', icon: LayoutDashboard, roles: ['admin', 'agent'], order: 10 },
  },
];
