import { cartelaRoutes } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { storeAgentCartela } from './agent-cartelas';

/** PUT /api/cartelas/agent/:agentId/cartela/:n: the agent's card, typed to match its printed copy. */
export function updateAgentCard({ agentId, n, card }: { agentId: string; n: number; card: number[][] }) {
  return api(cartelaRoutes.updateAgentCard, { params: { agentId, n: String(n) }, body: { bingoCard: card } });
}

export function useUpdateAgentCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgentCard,
    onSuccess: ({ cartelaAssignment }) => storeAgentCartela(queryClient, cartelaAssignment),
  });
}
