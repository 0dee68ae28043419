import { commissionRoutes, type StatsCalendar, type StatsPeriod } from '@cartela/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { calendarQuery, useFormat } from '@/lib/format';

/** GET /api/commission/summary?period&calendar: totals of the payments dated in the period (decision 065). */
export const summaryQuery = (period: StatsPeriod, calendar: StatsCalendar) =>
  queryOptions({
    queryKey: ['commission', 'summary', { period, calendar }],
    queryFn: ({ signal }) =>
      api(commissionRoutes.summary, { query: { period, ...calendarQuery(calendar) }, signal }),
  });

export function useCommissionSummary(period: StatsPeriod) {
  const { calendar } = useFormat();
  return useQuery(summaryQuery(period, calendar));
}
