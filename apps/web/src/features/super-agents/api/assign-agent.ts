import { type AssignAgentRequest, networkRoutes } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/super-agents/assign-agent: the agent's previous agreement, if any, ends. */
export function assignAgent(body: AssignAgentRequest) {
  return api(networkRoutes.assignAgent, { body });
}

export function useAssignAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignAgent,
    onSuccess: async () => {
      // The agreements, both super agents' active-agent counts, and the agents list (its super agent column)
      // all changed; the agents feature keeps its list under ['agents', ...].
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['super-agents'] }),
        queryClient.invalidateQueries({ queryKey: ['agents'] }),
      ]);
    },
  });
}
