import { Percent } from 'lucide-react';
import { lazyPage, type PageEntry } from '@/lib/pages';
import { paths } from '@/lib/paths';

export const pages: PageEntry[] = [
  {
    path: paths.commission,
    access: 'admin',
    page: lazyPage(
      () => import('./pages/commission-page'),
      (m) => m.CommissionPage,
    ),
    menu: { label: 'nav.commission', icon: Percent, roles: ['admin'], order: 30 },
  },
];
