import { type MarkPaidRequest, superAgentDashboardRoutes } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateAfterConflict, invalidateAfterEarningChange } from './earnings';

/** PUT /api/super-agents/earnings/:id/mark-paid {notes}: pending -> paid (any other status: 409). */
export function markEarningPaid({ id, body }: { id: string; body: MarkPaidRequest }) {
  return api(superAgentDashboardRoutes.markEarningPaid, { params: { id }, body });
}

export function useMarkEarningPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markEarningPaid,
    onSuccess: () => invalidateAfterEarningChange(queryClient),
    onError: (error) => invalidateAfterConflict(queryClient, error),
  });
}
