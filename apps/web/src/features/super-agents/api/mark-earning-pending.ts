import { superAgentDashboardRoutes } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateAfterConflict, invalidateAfterEarningChange } from './earnings';

/** PUT /api/super-agents/earnings/:id/mark-pending: paid -> pending (any other status: 409). */
export function markEarningPending(id: string) {
  return api(superAgentDashboardRoutes.markEarningPending, { params: { id } });
}

export function useMarkEarningPending() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markEarningPending,
    onSuccess: () => invalidateAfterEarningChange(queryClient),
    onError: (error) => invalidateAfterConflict(queryClient, error),
  });
}
