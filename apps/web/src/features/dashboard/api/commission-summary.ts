import { commissionRoutes, type StatsCalendar, type StatsPeriod } from '@cartela/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { calendarQuery, useFormat } from '@/lib/format';

// Under 'commission', so whatever changes a commission payment (generating, marking paid) refreshes it too.
export const commissionSummaryQuery = (period: StatsPeriod, calendar: StatsCalendar) =>
  queryOptions({
    queryKey: ['commission', 'summary', { period, calendar }],
    queryFn: ({ signal }) =>
      api(commissionRoutes.summary, { query: { period, ...calendarQuery(calendar) }, signal }),
  });

/** GET /api/commission/summary?period&calendar: the admin dashboard's commission cards, for the same period. */
export function useCommissionSummary(period: StatsPeriod) {
  const { calendar } = useFormat();
  return useQuery({ ...commissionSummaryQuery(period, calendar), placeholderData: keepPreviousData });
}
