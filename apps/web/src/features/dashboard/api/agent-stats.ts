import { type StatsCalendar, type StatsPeriod, statsRoutes } from '@cartela/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { calendarQuery, useFormat } from '@/lib/format';

export const agentStatsQuery = (period: StatsPeriod, calendar: StatsCalendar) =>
  queryOptions({
    queryKey: ['stats', 'agent', { period, calendar }],
    queryFn: ({ signal }) =>
      api(statsRoutes.agentStats, { query: { period, ...calendarQuery(calendar) }, signal }),
  });

/**
 * GET /api/stats/agent?period&calendar: the signed-in agent's figures, the month and year in the language's
 * calendar (decision 065). A new period keeps the last one's figures on screen (marked as updating) until its
 * own arrive, so the page does not jump back to a spinner.
 */
export function useAgentStats(period: StatsPeriod) {
  const { calendar } = useFormat();
  return useQuery({ ...agentStatsQuery(period, calendar), placeholderData: keepPreviousData });
}
