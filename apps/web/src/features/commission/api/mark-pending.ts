import { commissionRoutes } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** PUT /api/commission/payments/:id/mark-pending: paid or cancelled -> pending. */
export function markPending(id: string) {
  return api(commissionRoutes.markPending, { params: { id } });
}

export function useMarkPending() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPending,
    onSuccess: () =>
      Promise.all(
        [['commission', 'payments'], ['commission', 'summary'], ['stats']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
