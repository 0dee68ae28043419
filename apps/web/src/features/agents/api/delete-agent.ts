import { networkRoutes } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { agentsQuery } from './agents';

/** DELETE /api/users/agents/:id: the agent can no longer sign in; its money history stays. */
export function deleteAgent(id: string) {
  return api(networkRoutes.deleteAgent, { params: { id } });
}

export function useDeleteAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAgent,
    onSuccess: async (_, id) => {
      queryClient.setQueryData(agentsQuery().queryKey, (data) =>
        data ? { agents: data.agents.filter((a) => a.id !== id) } : data,
      );
      queryClient.removeQueries({ queryKey: ['cartelas', 'agent', id] });
      await Promise.all(
        ['agents', 'super-agents', 'users'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
      );
    },
  });
}
