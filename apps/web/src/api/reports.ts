import { type ReportQuery, reportRoutes } from '@cartela/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routeQuery } from './client';

// reportRoutes (the CSV export is a file, not JSON: features/reports/api/export-report.ts streams it).

/**
 * One page of the report (GET /api/reports/games): an agent's own games, or every agent's for the admin (the
 * server decides by the token), with the summary of every game the filters match.
 */
export const reportQuery = (query: ReportQuery) => routeQuery(reportRoutes.games, { query });

export const useReport = (query: ReportQuery) =>
  useQuery({
    ...reportQuery(query),
    // A new filter, sort or page keeps the current rows on screen (dimmed) until the answer arrives.
    placeholderData: keepPreviousData,
  });
