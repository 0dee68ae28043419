import { type AddCoinsRequest, networkRoutes } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { storeAgent } from './agents';

/** POST /api/users/agents/:id/add-coins: the answer carries the agent's new balance and the ledger row. */
export function addCoins({ id, body }: { id: string; body: AddCoinsRequest }) {
  return api(networkRoutes.addCoins, { params: { id }, body });
}

export function useAddCoins() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCoins,
    onSuccess: async ({ agent }) => {
      storeAgent(queryClient, agent);
      // A super agent earns a share of coin purchases: their figures changed too.
      await Promise.all(
        ['agents', 'super-agents', 'users'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
      );
    },
  });
}
