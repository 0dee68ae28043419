import { cartelaRoutes } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/balance/regenerate: a fresh balanced set of 300 system cards, cartela numbers kept. */
export function regenerate() {
  return api(cartelaRoutes.regenerate, { body: { preserveCartelaNumbers: true } });
}

export function useRegenerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['balance', 'regenerate'],
    mutationFn: regenerate,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['balance'] }),
        queryClient.invalidateQueries({ queryKey: ['cartelas'] }),
      ]),
  });
}
