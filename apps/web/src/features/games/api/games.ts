import { gameRoutes } from '@cartela/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Page sizes of spec 02 section 9: an agent's own games 10 per page, the admin's view of all 20. */
export const GAMES_PER_PAGE = { agent: 10, admin: 20 } as const;

export type GamesScope = keyof typeof GAMES_PER_PAGE;

/**
 * One page of games, newest first: the agent's own (GET /api/games/my-games) or, for the admin, every agent's
 * (GET /api/games/all). Other features and the wizard invalidate ['games'].
 */
export const gamesQuery = (scope: GamesScope, page: number) =>
  queryOptions({
    queryKey: ['games', 'list', scope, page],
    queryFn: ({ signal }) =>
      api(scope === 'admin' ? gameRoutes.allGames : gameRoutes.myGames, {
        query: { page, limit: GAMES_PER_PAGE[scope] },
        signal,
      }),
  });

export const useGames = (scope: GamesScope, page: number) =>
  useQuery({
    ...gamesQuery(scope, page),
    // Spec 02 section 2: the list reloads whenever the tab becomes visible again, however fresh it is.
    refetchOnWindowFocus: 'always',
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
