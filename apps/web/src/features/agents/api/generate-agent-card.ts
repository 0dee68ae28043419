import { cartelaRoutes } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { storeAgentCartela } from './agent-cartelas';

/** POST /api/cartelas/agent/:agentId/cartela/:n/generate: a new random arrangement, saved by the server. */
export function generateAgentCard({ agentId, n }: { agentId: string; n: number }) {
  return api(cartelaRoutes.generateAgentCard, { params: { agentId, n: String(n) } });
}

export function useGenerateAgentCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateAgentCard,
    onSuccess: ({ cartelaAssignment }) => storeAgentCartela(queryClient, cartelaAssignment),
  });
}
