import { lazyPage, type PageEntry } from '@/lib/pages';
import { paths } from '@/lib/paths';

export const pages: PageEntry[] = [
  {
    path: paths.balance,
    access: ['admin'],
    page: lazyPage(() => import('./pages/balance-page'), 'BalancePage'),
    menu: { label: 'nav.balance', icon: 'scale', roles: ['admin'], order: 40 },
  },
];
