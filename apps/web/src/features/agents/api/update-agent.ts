import { networkRoutes, type UpdateAgentRequest } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { storeAgent } from './agents';

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
  });
}
