import { type CreateAgentRequest, networkRoutes } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/users/agents (and the super agent agreement, when one is chosen). */
export function createAgent(body: CreateAgentRequest) {
  return api(networkRoutes.createAgent, { body });
}

export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgent,
    // The agents list, the super agents' agent counts and agreements, and the users lists all gained one.
    onSuccess: () =>
      Promise.all(
        ['agents', 'super-agents', 'users'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
      ),
  });
}
