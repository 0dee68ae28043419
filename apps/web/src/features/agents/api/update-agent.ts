import { networkRoutes, type UpdateAgentRequest } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api';
import { storeAgent } from './agents';

/**
 * The 409 of a new coin balance typed over one that has moved since the form showed it (the agent played, or
 * was topped up): nothing was saved (decision 056).
 */
export const isBalanceChanged = (error: unknown) =>
  error instanceof ApiError && error.reason === 'BALANCE_CHANGED';

/** PUT /api/users/agents/:id with only what changed (activate/deactivate is `{ isActive }`). */
export function updateAgent({ id, body }: { id: string; body: UpdateAgentRequest }) {
  return api(networkRoutes.updateAgent, { params: { id }, body });
}

export function useUpdateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgent,
    onSuccess: async ({ agent }, { body }) => {
      storeAgent(queryClient, agent);
      const keys = ['agents', 'users'];
      if ('superAgentId' in body || 'superAgentCommissionRate' in body || 'isActive' in body) {
        keys.push('super-agents');
      }
      await Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    },
    // The list shows a balance that is no longer true: read it again.
    onError: (error) => {
      if (isBalanceChanged(error)) void queryClient.invalidateQueries({ queryKey: ['agents'] });
    },
  });
}
