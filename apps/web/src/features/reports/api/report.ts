import { reportRoutes } from '@cartela/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ReportView, reportQueryOf } from '../utils/search';

/**
 * One page of the report (GET /api/reports/games): an agent's own games, or every agent's for the admin (the
 * server decides by the token), with the summary of every game the filters match.
 */
export const reportQuery = (view: ReportView) => {
  const query = reportQueryOf(view);
  return queryOptions({
    queryKey: ['reports', 'games', query],
    queryFn: ({ signal }) => api(reportRoutes.games, { query, signal }),
  });
};

export const useReport = (view: ReportView) =>
  useQuery({
    ...reportQuery(view),
    // A new filter, sort or page keeps the current rows on screen (dimmed) until the answer arrives.
    placeholderData: keepPreviousData,
  });
