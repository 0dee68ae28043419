import { cartelaRoutes } from '@cartela/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The system set 1-300 (GET /api/cartelas, admin): the cards games are validated against. */
export const systemCartelasQuery = () =>
  queryOptions({
    queryKey: ['cartelas', 'system'],
    queryFn: ({ signal }) => api(cartelaRoutes.list, { signal }),
    select: (data) => data.cartelas,
  });

export const useSystemCartelas = (enabled = true) => useQuery({ ...systemCartelasQuery(), enabled });
