import { commissionRoutes, type GenerateDailyRequest } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/commission/generate-daily {date}: one pending payment per commission-share agent owing for that day. */
export function generateDaily(body: GenerateDailyRequest) {
  return api(commissionRoutes.generateDaily, { body });
}

export function useGenerateDaily() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateDaily,
    // New payments and their super agents' earnings: the list, the summary, the dashboards' figures and the
    // super agents' totals.
    onSuccess: () =>
      Promise.all(
        [['commission', 'payments'], ['commission', 'summary'], ['stats'], ['super-agents']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
