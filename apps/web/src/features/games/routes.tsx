import { ADMIN_OR_AGENT, lazyPage, type PageEntry } from '@/lib/pages';
import { paths, patterns } from '@/lib/paths';

export const pages: PageEntry[] = [
  {
    path: paths.games,
    access: ADMIN_OR_AGENT,
    page: lazyPage(() => import('./pages/games-page'), 'GamesPage'),
    menu: { label: 'nav.game', icon: 'game', roles: ['agent'], order: 20 },
  },
  {
    path: patterns.gameHistory,
    access: ADMIN_OR_AGENT,
    page: lazyPage(() => import('./pages/game-history-page'), 'GameHistoryPage'),
  },
];
