import { type StatsCalendar, type StatsPeriod, statsRoutes } from '@cartela/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { calendarQuery, useFormat } from '@/lib/format';
import { routeQuery } from './client';

// statsRoutes: the dashboards' figures.

/** A dashboard's period, its month and year in the language's calendar (decision 065). */
export const periodInput = (period: StatsPeriod, calendar: StatsCalendar) => ({
  query: { period, ...calendarQuery(calendar) },
});

/** GET /api/stats/admin?period&calendar: the system's figures. */
export const adminStatsQuery = (period: StatsPeriod, calendar: StatsCalendar) =>
  routeQuery(statsRoutes.adminStats, periodInput(period, calendar));

/** GET /api/stats/agent?period&calendar: the signed-in agent's figures. */
export const agentStatsQuery = (period: StatsPeriod, calendar: StatsCalendar) =>
  routeQuery(statsRoutes.agentStats, periodInput(period, calendar));

/**
 * The admin's figures in the language's calendar; a new period keeps the last one's on screen (marked as
 * updating) until its own arrive, so the page does not jump back to a spinner.
 */
export function useAdminStats(period: StatsPeriod) {
  const { calendar } = useFormat();
  return useQuery({ ...adminStatsQuery(period, calendar), placeholderData: keepPreviousData });
}

/** The signed-in agent's figures, the same way. */
export function useAgentStats(period: StatsPeriod) {
  const { calendar } = useFormat();
  return useQuery({ ...agentStatsQuery(period, calendar), placeholderData: keepPreviousData });
}
