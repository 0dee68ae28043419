import '../i18n';
import { ballLabel } from '@cartela/core';
import { Layers, RotateCw, ShieldAlert, TriangleAlert } from 'lucide-react';
import { lazy, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalanceStats, useBalancing } from '@/api/cartelas';
import { ChartCard, FigureTable } from '@/components/chart-card';
import { useFailureToast } from '@/components/load-state';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { errorText } from '@/lib/errors';
import { useFormat } from '@/lib/format';
import { useSession } from '@/lib/session';
import { RebalanceCard } from '../components/rebalance-card';
import { Recommendations } from '../components/recommendations';
import { RegenerateCard } from '../components/regenerate-card';
import { StatsCards } from '../components/stats-cards';

// Recharts comes in its own chunk, after the page: the figures and actions do not wait for it.
const charts = () => import('../components/balance-charts');
const DistributionChart = lazy(async () => ({ default: (await charts()).DistributionChart }));
const RankedChart = lazy(async () => ({ default: (await charts()).RankedChart }));

const TOP_PATTERNS = 10;
const TOP_NUMBERS = 20;
const BUCKET_WIDTH = 0.2;
const NUMBER_ROW = 24;
const PATTERN_ROW = 36;

/** What '{status}' reads in 'Failed to load balance statistics: {status}': the HTTP status, or why there is none. */
function statusOf(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return String(error.status);
  return errorText(error, 'NETWORK');
}

/**
 * /balance (admin): the fairness of the 300 system cartelas, and the two ways to fix it
 * (product/screens.md#balance-manager).
 */
export function BalancePage() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const { user } = useSession();
  const admin = user?.role === 'admin';
  const stats = useBalanceStats(admin);
  const busy = useBalancing();
  const [confirming, setConfirming] = useState(false);
  const rebalanceRef = useRef<HTMLDivElement>(null);

  // Once per failed load (after the retries), as the spec's toast.
  useFailureToast(
    stats.error,
    stats.errorUpdatedAt,
    t('balance.loadFailedToast', { status: statusOf(stats.error) }),
  );

  const header = <PageHeader title={t('balance.title')} description={t('balance.subtitle')} />;

  // The route guard already sends a non-admin away; this is for the page reached anyway.
  if (!admin) {
    return (
      <>
        {header}
        <EmptyState
          icon={ShieldAlert}
          title={t('balance.accessDenied')}
          description={t('balance.accessDeniedBody')}
        />
      </>
    );
  }
  if (stats.isPending) {
    return (
      <>
        {header}
        <div className="flex justify-center py-24 text-ink-muted">
          <Spinner size="lg" label={t('balance.loading')} className="text-brand-600" />
        </div>
      </>
    );
  }
  if (stats.isError || !stats.data) {
    return (
      <>
        {header}
        <EmptyState
          icon={TriangleAlert}
          title={t('balance.failedToLoad')}
          description={errorText(stats.error, t('balance.failedToLoadBody'))}
          action={
            <Button
              variant="outline"
              loading={stats.isFetching}
              onClick={() => void stats.refetch()}
              icon={RotateCw}
            >
              {t('balance.retry')}
            </Button>
          }
        />
      </>
    );
  }

  const data = stats.data;
  const empty = data.balanceStats.totalCartelas === 0;
  const score = (value: number) => format.number(value, 3);
  const patternName = (id: string) =>
    i18n.exists(`balance.patterns.${id}`) ? t(`balance.patterns.${id}` as 'balance.patterns.plus') : id;

  const distribution = [...data.balanceDistribution]
    .sort((a, b) => a._id - b._id)
    .map((bucket) => ({
      range: `${format.number(bucket._id, 1)}–${format.number(Math.min(1, bucket._id + BUCKET_WIDTH), 1)}`,
      count: bucket.count,
      // The middle bucket holds the fair cards (score 0.4-0.6).
      fair: Math.abs(bucket._id - 0.4) < 1e-9,
    }));
  const patterns = data.patternStats.slice(0, TOP_PATTERNS);
  const numbers = [...data.numberFrequency]
    .sort((a, b) => b.frequency - a.frequency || a._id - b._id)
    .slice(0, TOP_NUMBERS);

  const showRebalance = () => {
    const card = rebalanceRef.current;
    card?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    card?.querySelector('select')?.focus({ preventScroll: true });
  };

  return (
    <>
      {header}
      <div className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="max-w-3xl text-sm text-ink-muted">{t('balance.scoreExplained')}</p>
          {stats.isFetching && (
            <span className="text-sm text-ink-muted">
              <Spinner size="sm" label={t('balance.updating')} />
            </span>
          )}
        </div>
        <StatsCards stats={data.balanceStats} />

        {empty && (
          <EmptyState icon={Layers} title={t('balance.emptyTitle')} description={t('balance.emptyBody')} />
        )}

        <div className="grid gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <Recommendations
              data={data}
              busy={busy}
              onRebalance={showRebalance}
              onRegenerate={() => setConfirming(true)}
            />
            {!empty && (
              <ChartCard
                title={t('balance.charts.distribution')}
                description={t('balance.charts.distributionHint')}
                height={240}
                chart={<DistributionChart data={distribution} valueLabel={t('balance.charts.cartelas')} />}
                table={
                  <FigureTable
                    caption={t('balance.charts.distribution')}
                    columns={[t('balance.charts.range'), t('balance.charts.cartelas')]}
                    rows={distribution.map((d) => [d.range, format.number(d.count)])}
                  />
                }
              />
            )}
          </div>
          <div className="space-y-6">
            <RebalanceCard ref={rebalanceRef} disabled={busy || empty} />
            <RegenerateCard confirming={confirming} onConfirmingChange={setConfirming} disabled={busy} />
          </div>
        </div>

        {!empty && (
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <ChartCard
              title={t('balance.charts.patterns')}
              description={t('balance.charts.patternsHint')}
              height={patterns.length * PATTERN_ROW + 8}
              empty={patterns.length === 0}
              chart={
                <RankedChart
                  data={patterns.map((p) => ({ name: patternName(p._id), value: p.count }))}
                  valueLabel={t('balance.charts.cartelas')}
                  rowHeight={PATTERN_ROW}
                  nameWidth={170}
                />
              }
              table={
                <FigureTable
                  caption={t('balance.charts.patterns')}
                  columns={[
                    t('balance.charts.pattern'),
                    t('balance.charts.cartelas'),
                    t('balance.charts.averageScore'),
                  ]}
                  rows={patterns.map((p) => [
                    patternName(p._id),
                    format.number(p.count),
                    score(p.avgBalanceScore),
                  ])}
                />
              }
            />
            <ChartCard
              title={t('balance.charts.numbers')}
              description={t('balance.charts.numbersHint')}
              height={numbers.length * NUMBER_ROW + 8}
              empty={numbers.length === 0}
              chart={
                <RankedChart
                  data={numbers.map((n) => ({ name: ballLabel(n._id), value: n.frequency }))}
                  valueLabel={t('balance.charts.frequency')}
                  rowHeight={NUMBER_ROW}
                  nameWidth={56}
                />
              }
              table={
                <FigureTable
                  caption={t('balance.charts.numbers')}
                  columns={[t('balance.charts.number'), t('balance.charts.frequency')]}
                  rows={numbers.map((n) => [ballLabel(n._id), format.number(n.frequency)])}
                />
              }
            />
          </div>
        )}
      </div>
    </>
  );
}
