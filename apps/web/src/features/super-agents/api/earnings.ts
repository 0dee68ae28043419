import {
  AdminSuperAgentEarningsQuery,
  type EarningStatus,
  superAgentDashboardRoutes,
} from '@cartela/contract';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, api } from '@/lib/api';

/** The admin's periods: the super agent's own three (rolling, ending today) and 'all', from its first earning. */
export const EarningsPeriod = AdminSuperAgentEarningsQuery.shape.period.unwrap();
export type EarningsPeriod = z.infer<typeof EarningsPeriod>;

export interface EarningsFilters {
  period: EarningsPeriod;
  /** No status: every earning of the period. */
  status?: EarningStatus;
}

/** Every earnings query of one super agent, whatever its filters: what a status change invalidates. */
export const earningsKey = (superAgentId: string) => ['super-agents', 'earnings', superAgentId] as const;

/** GET /api/super-agents/:id/earnings?period&status: one super agent's earnings, newest first, and their totals. */
export const earningsQuery = (superAgentId: string, filters: EarningsFilters) =>
  queryOptions({
    queryKey: [...earningsKey(superAgentId), filters],
    queryFn: ({ signal }) =>
      api(superAgentDashboardRoutes.earningsOf, { params: { id: superAgentId }, query: filters, signal }),
  });

/** The earnings asked for; the previous filters' rows stay on screen while the next ones come. */
export const useSuperAgentEarnings = (superAgentId: string, filters: EarningsFilters) =>
  useQuery({ ...earningsQuery(superAgentId, filters), placeholderData: keepPreviousData });

/**
 * What a status change makes stale: the earnings and their totals, the super agents list (both under
 * ['super-agents']), and the admin dashboard's pending / paid figures (kept under ['stats', ...]).
 */
export function invalidateAfterEarningChange(queryClient: QueryClient) {
  return Promise.all(
    [['super-agents'], ['stats']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** The same after a 409: the earning changed elsewhere (another admin), so the rows on screen are out of date. */
export function invalidateAfterConflict(queryClient: QueryClient, error: unknown) {
  return error instanceof ApiError && error.status === 409
    ? invalidateAfterEarningChange(queryClient)
    : undefined;
}
