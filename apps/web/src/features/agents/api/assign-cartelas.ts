import { cartelaRoutes, type RouteBody } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { cartelasChanged } from './agent-cartelas';

export type AssignCartelasBody = RouteBody<typeof cartelaRoutes.assign>;

/** POST /api/cartelas/agent/:agentId/assign: balanced (a fresh card each) or global (the system set's card). */
export function assignCartelas({ agentId, body }: { agentId: string; body: AssignCartelasBody }) {
  return api(cartelaRoutes.assign, { params: { agentId }, body });
}

export function useAssignCartelas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignCartelas,
    onSuccess: (_, { agentId }) => cartelasChanged(queryClient, agentId),
  });
}
