import { StatsPeriod } from '@cartela/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Loading } from '@/components/load-state';
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
