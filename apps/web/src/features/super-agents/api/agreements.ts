import { networkRoutes } from '@cartela/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Every agreement, the ended ones included (GET /api/super-agents/agreements). */
export const agreementsQuery = () =>
  queryOptions({
    queryKey: ['super-agents', 'agreements'],
    queryFn: ({ signal }) => api(networkRoutes.agreements, { signal }),
    select: (data) => data.agreements,
  });

export const useAgreements = () => useQuery(agreementsQuery());
