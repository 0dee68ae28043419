import {
  type EarningsPeriod,
  type MarkPaidRequest,
  type RouteQuery,
  statsRoutes,
  superAgentDashboardRoutes,
} from '@cartela/contract';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { routeQuery } from './client';
import { invalidate } from './keys';
import { SUPER_AGENT_FIGURES } from './super-agents';
import { useWrite } from './write';

// superAgentDashboardRoutes: the signed-in super agent's own page, and the admin's handling of their earnings.

/** GET /api/super-agents/overview: the signed-in super agent's totals, active agents, rate and account block. */
export const overviewQuery = () => routeQuery(superAgentDashboardRoutes.overview);

export const useOverview = () => useQuery(overviewQuery());

/** GET /api/super-agents/agents: the agents under an active agreement with the signed-in super agent. */
export const myAgentsQuery = () =>
  routeQuery(superAgentDashboardRoutes.agents, {}, { select: (data) => data.agents });

export const useMyAgents = () => useQuery(myAgentsQuery());

/** GET /api/super-agents/earnings?period: the signed-in super agent's earnings of the last week, month or year. */
export const myEarningsQuery = (period: EarningsPeriod) =>
  routeQuery(superAgentDashboardRoutes.earnings, { query: { period } });

export const useMyEarnings = (period: EarningsPeriod) => useQuery(myEarningsQuery(period));

/** The admin's filters of one super agent's earnings: a period, and a status (none: every earning). */
export type SuperAgentEarningsFilters = RouteQuery<typeof superAgentDashboardRoutes.earningsOf>;

/** GET /api/super-agents/:id/earnings?period&status: one super agent's earnings, newest first, and their totals. */
export const superAgentEarningsQuery = (superAgentId: string, filters: SuperAgentEarningsFilters) =>
  routeQuery(superAgentDashboardRoutes.earningsOf, { params: { id: superAgentId }, query: filters });

/** The earnings asked for; the previous filters' rows stay on screen while the next ones come. */
export const useSuperAgentEarnings = (superAgentId: string, filters: SuperAgentEarningsFilters) =>
  useQuery({ ...superAgentEarningsQuery(superAgentId, filters), placeholderData: keepPreviousData });

/**
 * What an earning's status change makes stale: the earnings and their totals, the super agents list, and the
 * admin dashboard's pending / paid figures. A 409 says the same: the earning changed elsewhere (another admin).
 */
const EARNING_CHANGED = [...SUPER_AGENT_FIGURES, statsRoutes] as const;

const invalidateAfterConflict = (error: Error, queryClient: QueryClient) =>
  error instanceof ApiError && error.status === 409 ? invalidate(queryClient, EARNING_CHANGED) : undefined;

/** PUT /api/super-agents/earnings/:id/mark-paid {notes}: pending -> paid (any other status: 409). */
export const useMarkEarningPaid = () =>
  useWrite(superAgentDashboardRoutes.markEarningPaid, {
    request: ({ id, body }: { id: string; body: MarkPaidRequest }) => ({ params: { id }, body }),
    invalidates: EARNING_CHANGED,
    onError: invalidateAfterConflict,
  });

/** PUT /api/super-agents/earnings/:id/mark-pending: paid -> pending (any other status: 409). */
export const useMarkEarningPending = () =>
  useWrite(superAgentDashboardRoutes.markEarningPending, {
    request: (id: string) => ({ params: { id } }),
    invalidates: EARNING_CHANGED,
    onError: invalidateAfterConflict,
  });
