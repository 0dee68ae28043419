import { networkRoutes, type UpdateSuperAgentRequest } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** PUT /api/super-agents/:id with only what changed. */
export function updateSuperAgent({ id, body }: { id: string; body: UpdateSuperAgentRequest }) {
  return api(networkRoutes.updateSuperAgent, { params: { id }, body });
}

export function useUpdateSuperAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSuperAgent,
    // A renamed super agent is shown by name in the agreements too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['super-agents'] }),
  });
}
