import { lazyPage, type PageEntry } from '@/lib/pages';

/** The hall display's address (lib/paths.ts may take it over: `paths.gameDisplay(id)`, `patterns.gameDisplay`). */
export const gameDisplayPattern = '/game/:gameId/display';
export const gameDisplayPath = (gameId: string) => `/game/${encodeURIComponent(gameId)}/display`;

/**
 * The hall display: 'public', so it is outside the app's shell (no navigation bar on a TV) and needs no
 * session check, which a reload while offline could not pass. It fetches nothing: everything it shows comes
 * from the game room of the same browser (its BroadcastChannel) or the room's own IndexedDB copy.
 */
export const pages: PageEntry[] = [
  {
    path: gameDisplayPattern,
    access: 'public',
    page: lazyPage(
      () => import('./display-page'),
      (m) => m.DisplayPage,
    ),
  },
];
