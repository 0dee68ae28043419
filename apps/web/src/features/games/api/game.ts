import { gameRoutes } from '@cartela/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api';

/** One game with its whole story (GET /api/games/:id, by its gameId or _id). */
export const gameQuery = (id: string) =>
  queryOptions({
    queryKey: ['games', 'detail', id],
    queryFn: ({ signal }) => api(gameRoutes.getGame, { params: { id }, signal }),
    select: (data) => data.game,
  });

export const useGame = (id: string) => useQuery(gameQuery(id));

/** The server does not know the game, or it is not the caller's (a malformed id is refused the same way). */
export const isGameMissing = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.code === 'NOT_FOUND');
