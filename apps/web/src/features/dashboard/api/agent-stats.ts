import { type StatsPeriod, statsRoutes } from '@cartela/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const agentStatsQuery = (period: StatsPeriod) =>
  queryOptions({
    queryKey: ['stats', 'agent', { period }],
    queryFn: ({ signal }) => api(statsRoutes.agentStats, { query: { period }, signal }),
  });

/**
 * GET /api/stats/agent?period: the signed-in agent's figures. A new period keeps the last one's figures on
 * screen (marked as updating) until its own arrive, so the page does not jump back to a spinner.
 */
export const useAgentStats = (period: StatsPeriod) =>
  useQuery({ ...agentStatsQuery(period), placeholderData: keepPreviousData });
