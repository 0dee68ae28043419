import { type CreateGameRequest, coinRoutes, gameRoutes } from '@cartela/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { refreshSession } from '@/lib/session';
import { routeQuery } from './client';
import { useWrite } from './write';

// gameRoutes read from the pages (the room's own calls live in features/room/model, with its event log).

/**
 * Page sizes of product/screens.md#lists-and-pages: an agent's own games 10 per page, the admin's view of all 20.
 */
export const GAMES_PER_PAGE = { agent: 10, admin: 20 } as const;

export type GamesScope = keyof typeof GAMES_PER_PAGE;

/**
 * One page of games, newest first: the agent's own (GET /api/games/my-games) or, for the admin, every agent's
 * (GET /api/games/all).
 */
export const gamesQuery = (scope: GamesScope, page: number) =>
  routeQuery(scope === 'admin' ? gameRoutes.allGames : gameRoutes.myGames, {
    query: { page, limit: GAMES_PER_PAGE[scope] },
  });

export const useGames = (scope: GamesScope, page: number) =>
  useQuery({
    ...gamesQuery(scope, page),
    // product/screens.md#game-management: the list reloads whenever the tab becomes visible again, however
    // fresh it is.
    refetchOnWindowFocus: 'always',
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

/** One game with its whole story (GET /api/games/:id, by its gameId or _id). */
export const gameQuery = (id: string) =>
  routeQuery(gameRoutes.getGame, { params: { id } }, { select: (data) => data.game });

export const useGame = (id: string) => useQuery(gameQuery(id));

/** The server does not know the game, or it is not the caller's (a malformed id is refused the same way). */
export const isGameMissing = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.code === 'NOT_FOUND');

/** One cartela of a game with the card it carries in that game (GET /api/games/:id/cartela/:n): the winner's. */
export const gameCartelaQuery = (id: string, n: number) =>
  routeQuery(
    gameRoutes.gameCartela,
    { params: { id, n: String(n) } },
    {
      select: (data) => data.cartela,
      // A game's cards are copied at creation and never change.
      staleTime: Number.POSITIVE_INFINITY,
    },
  );

export const useGameCartela = (id: string, n: number | null) =>
  useQuery({ ...gameCartelaQuery(id, n ?? 0), enabled: n !== null });

/** The games' lists: a new game is at their top. */
const GAME_LISTS = [gameRoutes.myGames, gameRoutes.allGames] as const;

export interface CreateGameInput {
  body: CreateGameRequest;
  /** One per wizard submission: a retry after a lost answer sends the same key, so the server makes one game. */
  idempotencyKey: string;
}

/** POST /api/games: a virtual-coin agent pays the game's coins at once (402 'Insufficient virtual coins'). */
export const useCreateGame = () =>
  useWrite(gameRoutes.createGame, {
    request: ({ body, idempotencyKey }: CreateGameInput) => ({
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
    onSuccess: ({ gameId, game }, _, queryClient) => {
      // The room opens next: it has the game at once.
      queryClient.setQueryData(gameQuery(gameId).queryKey, { game });
      // The coins in the navigation bar changed.
      void refreshSession();
    },
    // A virtual-coin agent's game is a row of its coin statement.
    invalidates: [...GAME_LISTS, coinRoutes],
    // Neither the coins nor the list holds up the room.
    awaitRefetch: false,
  });
