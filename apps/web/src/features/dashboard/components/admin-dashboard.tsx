import type { AdminStatsResponse, CommissionSummaryResponse } from '@cartela/contract';
import { weekdayOf } from '@cartela/core';
import { CircleCheck, Clock, Coins, Gamepad2, Landmark, Users, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCommissionSummary } from '@/api/commission';
import { useAdminStats } from '@/api/stats';
import { ChartCard, FigureTable } from '@/components/chart-card';
import { Alert } from '@/components/ui/alert';
import { useDisplay } from '../utils/display';
import { DashboardFrame, usePeriod } from './dashboard-state';
import { CHART_COLORS, DayBarChart, DayLineChart } from './lazy-charts';
import { SevenDayOverview } from './seven-day-overview';
import { StatCards, type StatItem } from './stat-cards';
import { TopAgents } from './top-agents';

const CHART_HEIGHT = 260;

/**
 * The admin's dashboard (product/screens.md#admin-dashboard): the system's figures for the period, the commission
 * payments of the same period once they have loaded, the last 30 days and the best agents.
 */
export function AdminDashboard() {
  const { t } = useTranslation();
  // product/screens.md#period-selector: both dashboards open on the week (decision 066).
  const [period, setPeriod] = usePeriod('week');
  const stats = useAdminStats(period);
  // Its cards only appear once it has answered; a failure leaves them out (the spec logs it, no message).
  const summary = useCommissionSummary(period, { keepPrevious: true });

  return (
    <DashboardFrame
      title={t('dashboard.adminTitle')}
      description={t('dashboard.adminSubtitle')}
      period={period}
      onPeriod={setPeriod}
      stats={stats}
    >
      {(data) => <AdminFigures data={data} summary={summary.data?.summary} busy={stats.isPlaceholderData} />}
    </DashboardFrame>
  );
}

interface AdminFiguresProps {
  data: AdminStatsResponse;
  summary: CommissionSummaryResponse['summary'] | undefined;
  busy: boolean;
}

function AdminFigures({ data, summary, busy }: AdminFiguresProps) {
  const { t } = useTranslation();
  const display = useDisplay();
  const { overview } = data;
  const money = (value: number) => display.etb(value);
  const count = (value: number) => display.number(value);

  const days = data.dailyStats.map((day) => ({
    ...day,
    weekday: weekdayOf(day.date),
    label: display.shortDay(day.date),
    title: display.dayTitle(day.date),
  }));
  const lastWeek = days.slice(-7);
  const today = days.at(-1)?.date;

  const cards: StatItem[] = [
    {
      label: t('dashboard.admin.totalRevenue'),
      value: money(overview.totalRevenue),
      hint: t('dashboard.admin.totalRevenueHint'),
      icon: Wallet,
      tone: 'success',
    },
    {
      label: t('dashboard.admin.totalAgents'),
      value: count(overview.totalAgents),
      hint: t('dashboard.admin.activeAgents', { n: count(overview.activeAgents) }),
      icon: Users,
    },
    {
      label: t('dashboard.admin.totalGames'),
      value: count(overview.totalGames),
      hint: t('dashboard.admin.totalGamesHint', {
        count: overview.totalPlayers,
        value: count(overview.totalPlayers),
      }),
      icon: Gamepad2,
    },
    {
      label: t('dashboard.admin.coinRevenue'),
      value: money(overview.coinRevenue),
      hint: t('dashboard.admin.coinRevenueHint', {
        count: overview.coinsSold,
        value: count(overview.coinsSold),
      }),
      icon: Coins,
      tone: 'coin',
    },
  ];
  if (summary) {
    const payments = (n: number) => t('dashboard.admin.payments', { count: n, value: count(n) });
    cards.push(
      {
        label: t('dashboard.admin.adminCommission'),
        value: money(summary.totalAdminCommission),
        hint: t('dashboard.admin.adminCommissionHint'),
        icon: Landmark,
      },
      {
        label: t('dashboard.admin.pendingPayments'),
        value: money(summary.pendingPayments),
        hint: payments(summary.pendingCount),
        icon: Clock,
        tone: 'warning',
      },
      {
        label: t('dashboard.admin.paidPayments'),
        value: money(summary.paidPayments),
        hint: payments(summary.paidCount),
        icon: CircleCheck,
        tone: 'success',
      },
    );
  }

  const revenueSeries = [
    { key: 'revenue', name: t('dashboard.charts.revenue'), color: CHART_COLORS.money, format: money },
  ];
  const labels = {
    date: t('dashboard.charts.date'),
    revenue: t('dashboard.charts.revenue'),
    games: t('dashboard.charts.games'),
    players: t('dashboard.charts.players'),
  };
  const revenueTable = (caption: string, rows: typeof days) => (
    <FigureTable
      caption={caption}
      columns={[labels.date, labels.revenue]}
      rows={rows.map((day) => [display.day(day.date), money(day.revenue)])}
    />
  );

  return (
    <div className="space-y-6" aria-busy={busy}>
      {overview.cancelledAfterCalls > 0 && (
        <Alert tone="warning" role="status">
          {t('dashboard.admin.cancelledAfterCalls', { count: overview.cancelledAfterCalls })}
        </Alert>
      )}

      <SevenDayOverview
        title={t('dashboard.overview.adminTitle')}
        description={t('dashboard.overview.adminHint')}
        tiles={lastWeek.map((day) => ({
          key: day.date,
          name: t(`dashboard.weekdays.${day.weekday}`),
          date: day.label,
          amount: display.etb(day.revenue, 0),
          today: day.date === today,
        }))}
        empty={lastWeek.every((day) => day.revenue === 0)}
        emptyTitle={t('dashboard.overview.adminEmpty')}
        emptyBody={t('dashboard.overview.adminEmptyBody')}
      />

      <StatCards title={t('dashboard.admin.figures')} items={cards} />

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <ChartCard
          title={t('dashboard.charts.dailyRevenue')}
          description={t('dashboard.charts.dailyRevenueHint')}
          height={CHART_HEIGHT}
          empty={days.length === 0}
          emptyText={t('dashboard.charts.noData')}
          chart={<DayLineChart data={days} series={revenueSeries} height={CHART_HEIGHT} leftTick={count} />}
          table={revenueTable(t('dashboard.charts.dailyRevenue'), days)}
        />
        <ChartCard
          title={t('dashboard.charts.dailyGames')}
          description={t('dashboard.charts.dailyGamesHint')}
          height={CHART_HEIGHT}
          empty={days.length === 0}
          emptyText={t('dashboard.charts.noData')}
          chart={
            <DayBarChart
              data={days}
              series={[
                { key: 'players', name: labels.players, color: CHART_COLORS.players, format: count },
                // Far fewer games than players: their own scale, on the right, keeps both readable.
                { key: 'games', name: labels.games, color: CHART_COLORS.games, axis: 'right', format: count },
              ]}
              height={CHART_HEIGHT}
              leftTick={count}
            />
          }
          table={
            <FigureTable
              caption={t('dashboard.charts.dailyGames')}
              columns={[labels.date, labels.games, labels.players]}
              rows={days.map((day) => [display.day(day.date), count(day.games), count(day.players)])}
            />
          }
        />
      </div>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <TopAgents agents={data.topAgents} />
        <ChartCard
          title={t('dashboard.charts.revenue7')}
          description={t('dashboard.charts.revenue7Hint')}
          height={CHART_HEIGHT}
          empty={lastWeek.length === 0}
          emptyText={t('dashboard.charts.noData')}
          chart={
            <DayBarChart data={lastWeek} series={revenueSeries} height={CHART_HEIGHT} leftTick={count} />
          }
          table={revenueTable(t('dashboard.charts.revenue7'), lastWeek)}
        />
      </div>
    </div>
  );
}
