import { type CreateSuperAgentRequest, networkRoutes } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/super-agents. */
export function createSuperAgent(body: CreateSuperAgentRequest) {
  return api(networkRoutes.createSuperAgent, { body });
}

export function useCreateSuperAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSuperAgent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['super-agents', 'list'] }),
  });
}
