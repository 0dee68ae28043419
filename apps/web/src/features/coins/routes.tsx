import { lazyPage, type PageEntry } from '@/lib/pages';
import { paths, patterns } from '@/lib/paths';

/**
 * The coin statement (decision 075): a virtual-coin agent's own in its menu (a commission-share agent has no
 * coins, and no entry), and the admin's view of any agent's, opened from the agents table.
 */
export const pages: PageEntry[] = [
  {
    path: paths.coins,
    access: ['agent'],
    page: lazyPage(() => import('./pages/coins-page'), 'CoinsPage'),
    menu: {
      label: 'nav.coinStatement',
      icon: 'coins',
      roles: ['agent'],
      models: ['virtual-coin'],
      order: 70,
    },
  },
  {
    path: patterns.agentCoins,
    access: ['admin'],
    page: lazyPage(() => import('./pages/coins-page'), 'AgentCoinsPage'),
  },
];
