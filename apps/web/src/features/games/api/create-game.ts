import { type CreateGameRequest, gameRoutes } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshSession } from '@/lib/session';
import { gameQuery } from './game';

export interface CreateGameInput {
  body: CreateGameRequest;
  /** One per wizard submission: a retry after a lost answer sends the same key, so the server makes one game. */
  idempotencyKey: string;
}

/** POST /api/games: a virtual-coin agent pays the game's coins at once (402 'Insufficient virtual coins'). */
export function createGame({ body, idempotencyKey }: CreateGameInput) {
  return api(gameRoutes.createGame, { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGame,
    onSuccess: ({ gameId, game }) => {
      // The room opens next: it has the game at once.
      queryClient.setQueryData(gameQuery(gameId).queryKey, { game });
      // The coins in the navigation bar and the list of games changed; neither holds up the room.
      void refreshSession();
      void queryClient.invalidateQueries({ queryKey: ['games', 'list'] });
    },
  });
}
