import { commissionRoutes } from '@cartela/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/commission/settings: every commission-share agent's admin commission rate and notes. */
export const settingsQuery = () =>
  queryOptions({
    queryKey: ['commission', 'settings'],
    queryFn: ({ signal }) => api(commissionRoutes.settings, { signal }),
    select: (data) => data.settings,
  });

export const useCommissionSettings = () => useQuery(settingsQuery());
