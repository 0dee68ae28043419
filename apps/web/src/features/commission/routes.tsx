import { lazyPage, type PageEntry } from '@/lib/pages';
import { paths } from '@/lib/paths';

export const pages: PageEntry[] = [
  {
    path: paths.commission,
    access: ['admin'],
    page: lazyPage(() => import('./pages/commission-page'), 'CommissionPage'),
    menu: { label: 'nav.commission', icon: 'percent', roles: ['admin'], order: 30 },
  },
];
