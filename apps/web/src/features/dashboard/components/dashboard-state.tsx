import { StatsPeriod } from '@cartela/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Loading, QueryError } from '@/components/load-state';
import { PageHeader } from '@/components/ui/page-header';
import { PeriodSelector } from './period-selector';
import { SevenDaySkeleton } from './seven-day-overview';
import { StatCardsSkeleton } from './stat-cards';

/**
 * The chosen period, kept in the address (?period=month) so a reload or the back button keeps it; `fallback`
 * is the dashboard's default (week for an agent, month for the admin: the contract's defaults).
 */
export function usePeriod(fallback: StatsPeriod): [StatsPeriod, (period: StatsPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const asked = StatsPeriod.safeParse(params.get('period'));
  const period = asked.success ? asked.data : fallback;
  const choose = (next: StatsPeriod) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('period', next);
        return updated;
      },
      { replace: true },
    );
  return [period, choose];
}

/** The first load: the shapes of the tiles and cards, and the spinner that says what is loading. */
export function DashboardSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <SevenDaySkeleton />
      <StatCardsSkeleton />
      <Loading label={t('dashboard.loading')} />
    </div>
  );
}

export interface DashboardFrameProps<T extends { from: string; to: string }> {
  title: string;
  description: string;
  period: StatsPeriod;
  onPeriod: (period: StatsPeriod) => void;
  /** The period's figures: a new period keeps the last ones on screen (placeholder data) until it answers. */
  stats: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}

/**
 * A dashboard's page: its title with the period selector, then the figures, the failure with a retry, or the
 * first load's skeleton.
 */
export function DashboardFrame<T extends { from: string; to: string }>({
  title,
  description,
  period,
  onPeriod,
  stats,
  children,
}: DashboardFrameProps<T>) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <PeriodSelector
            value={period}
            onChange={onPeriod}
            range={stats.data}
            updating={stats.isPlaceholderData}
          />
        }
      />
      {stats.data ? (
        children(stats.data)
      ) : stats.isError ? (
        <QueryError title={t('dashboard.loadFailed')} query={stats} />
      ) : (
        <DashboardSkeleton />
      )}
    </>
  );
}
