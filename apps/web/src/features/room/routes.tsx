import { ADMIN_OR_AGENT, lazyPage, type PageEntry } from '@/lib/pages';
import { patterns } from '@/lib/paths';
import { pages as displayPages } from './display/routes';

/**
 * /game/{gameId}: the offline game room (issue 10), its own chunk with its voices and texts; and the hall
 * display window it opens (/game/{gameId}/display, display/routes.tsx).
 */
export const pages: PageEntry[] = [
  {
    path: patterns.gameRoom,
    access: ADMIN_OR_AGENT,
    page: lazyPage(
      () => import('./pages/room-page'),
      (m) => m.RoomPage,
    ),
  },
  ...displayPages,
];
