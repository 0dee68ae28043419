import { cartelaRoutes, type RebalanceRequest } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';

/** POST /api/balance/rebalance: new cards for the cartelas outside target +/- tolerance. */
export function rebalance(body: z.input<typeof RebalanceRequest>) {
  return api(cartelaRoutes.rebalance, { body });
}

export function useRebalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['balance', 'rebalance'],
    mutationFn: rebalance,
    // The figures, and any list of the system cartelas (the agents feature's), changed.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['balance'] }),
        queryClient.invalidateQueries({ queryKey: ['cartelas'] }),
      ]),
  });
}
