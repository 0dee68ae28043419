import { type StatsCalendar, type StatsPeriod, statsRoutes } from '@cartela/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { calendarQuery, useFormat } from '@/lib/format';

export const adminStatsQuery = (period: StatsPeriod, calendar: StatsCalendar) =>
  queryOptions({
    queryKey: ['stats', 'admin', { period, calendar }],
    queryFn: ({ signal }) =>
      api(statsRoutes.adminStats, { query: { period, ...calendarQuery(calendar) }, signal }),
  });

/**
 * GET /api/stats/admin?period&calendar: the system's figures, the month and year in the language's calendar
 * (decision 065); the last period's stay on screen while a new one loads.
 */
export function useAdminStats(period: StatsPeriod) {
  const { calendar } = useFormat();
  return useQuery({ ...adminStatsQuery(period, calendar), placeholderData: keepPreviousData });
}
