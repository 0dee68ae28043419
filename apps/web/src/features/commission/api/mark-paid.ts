import { commissionRoutes, type MarkPaidRequest } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** PUT /api/commission/payments/:id/mark-paid {notes}: pending -> paid. */
export function markPaid({ id, body }: { id: string; body: MarkPaidRequest }) {
  return api(commissionRoutes.markPaid, { params: { id }, body });
}

export function useMarkPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPaid,
    onSuccess: () =>
      Promise.all(
        [['commission', 'payments'], ['commission', 'summary'], ['stats']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
