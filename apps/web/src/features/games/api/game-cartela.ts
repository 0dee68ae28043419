import { gameRoutes } from '@cartela/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** One cartela of a game with the card it carries in that game (GET /api/games/:id/cartela/:n): the winner's. */
export const gameCartelaQuery = (id: string, n: number) =>
  queryOptions({
    queryKey: ['games', 'detail', id, 'cartela', n],
    queryFn: ({ signal }) => api(gameRoutes.gameCartela, { params: { id, n: String(n) }, signal }),
    select: (data) => data.cartela,
    // A game's cards are copied at creation and never change.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useGameCartela = (id: string, n: number | null) =>
  useQuery({ ...gameCartelaQuery(id, n ?? 0), enabled: n !== null });
