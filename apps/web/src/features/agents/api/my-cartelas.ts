import { cartelaRoutes } from '@cartela/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The signed-in agent's own copies (GET /api/cartelas/my-cartelas): what its games are validated against. */
export const myCartelasQuery = () =>
  queryOptions({
    queryKey: ['cartelas', 'mine'],
    queryFn: ({ signal }) => api(cartelaRoutes.myCartelas, { signal }),
    select: (data) => data.assignedCartelas,
  });

export const useMyCartelas = (enabled = true) => useQuery({ ...myCartelasQuery(), enabled });
