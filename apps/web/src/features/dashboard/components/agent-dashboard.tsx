import { type AgentStatsResponse, WEEKDAYS } from '@cartela/contract';
import { Coins, Gamepad2, Users, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAgentStats } from '@/api/stats';
import { ChartCard, FigureTable } from '@/components/chart-card';
import { useDisplay } from '../utils/display';
import { DashboardFrame, usePeriod } from './dashboard-state';
import { FinancialModelCard } from './financial-model-card';
import { CHART_COLORS, DayBarChart } from './lazy-charts';
import { RecentGames } from './recent-games';
import { SevenDayOverview } from './seven-day-overview';
import { StatCards } from './stat-cards';

const CHART_HEIGHT = 260;

/**
 * The agent's dashboard (product/screens.md#agent-dashboard): its last 7 days, its figures for the period, its
 * newest games.
 */
export function AgentDashboard({ name }: { name: string }) {
  const { t } = useTranslation();
  const [period, setPeriod] = usePeriod('week');
  const stats = useAgentStats(period);

  return (
    <DashboardFrame
      title={t('dashboard.title')}
      description={t('dashboard.welcome', { name })}
      period={period}
      onPeriod={setPeriod}
      stats={stats}
    >
      {(data) => <AgentFigures data={data} busy={stats.isPlaceholderData} />}
    </DashboardFrame>
  );
}

function AgentFigures({ data, busy }: { data: AgentStatsResponse; busy: boolean }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const coins = data.financialModel === 'virtual-coin';
  const money = (value: number) => display.etb(value);
  const count = (value: number) => display.number(value);

  // weeklyEarnings holds the last 7 days by weekday; last7Days gives each its date (the newest is today).
  const dateOf = new Map(data.last7Days.map((day) => [day.weekday, day.date]));
  const today = data.last7Days.at(-1)?.weekday;
  const weekdays = WEEKDAYS.map((weekday) => ({
    weekday,
    name: t(`dashboard.weekdays.${weekday}`),
    date: dateOf.get(weekday),
    earnings: data.weeklyEarnings[weekday],
  }));
  const noEarnings = weekdays.every((day) => day.earnings === 0);

  const weeklyRows = weekdays.map((day) => ({
    label: t(`dashboard.weekdaysShort.${day.weekday}`),
    title: day.date ? `${day.name}, ${display.day(day.date)}` : day.name,
    earnings: day.earnings,
  }));
  const dailyRows = data.last7Days.map((day) => ({
    label: display.shortDay(day.date),
    title: display.dayTitle(day.date),
    earnings: day.earnings,
    games: day.games,
    players: day.players,
  }));
  const labels = {
    day: t('dashboard.charts.day'),
    date: t('dashboard.charts.date'),
    earnings: t('dashboard.charts.earnings'),
    games: t('dashboard.charts.games'),
    players: t('dashboard.charts.players'),
  };

  return (
    <div className="space-y-6" aria-busy={busy}>
      <SevenDayOverview
        title={t('dashboard.overview.agentTitle')}
        description={t('dashboard.overview.agentHint')}
        tiles={weekdays.map((day) => ({
          key: day.weekday,
          name: day.name,
          date: day.date && display.shortDay(day.date),
          amount: display.etb(day.earnings, 0),
          today: day.weekday === today,
        }))}
        empty={noEarnings}
        emptyTitle={t('dashboard.overview.agentEmpty')}
        emptyBody={t('dashboard.overview.agentEmptyBody')}
      />

      <StatCards
        title={t('dashboard.agent.figures')}
        items={[
          {
            label: t('dashboard.agent.totalEarnings'),
            value: display.etb(data.totalEarnings),
            hint: t('dashboard.agent.totalEarningsHint'),
            icon: Wallet,
            tone: 'success',
          },
          {
            label: t('dashboard.agent.totalGames'),
            value: count(data.totalGames),
            hint: t('dashboard.agent.totalGamesHint'),
            icon: Gamepad2,
          },
          {
            label: t('dashboard.agent.totalPlayers'),
            value: count(data.totalPlayers),
            hint: t('dashboard.agent.totalPlayersHint'),
            icon: Users,
          },
          {
            label: t('dashboard.agent.virtualCoins'),
            value: count(data.virtualCoins),
            hint: coins ? t('dashboard.agent.virtualCoinsHint') : t('dashboard.agent.coinsUnused'),
            icon: Coins,
            tone: 'coin',
          },
        ]}
      />

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <ChartCard
          title={t('dashboard.charts.weeklyEarnings')}
          description={t('dashboard.charts.weeklyEarningsHint')}
          height={CHART_HEIGHT}
          chart={
            <DayBarChart
              data={weeklyRows}
              series={[{ key: 'earnings', name: labels.earnings, color: CHART_COLORS.money, format: money }]}
              height={CHART_HEIGHT}
              leftTick={count}
            />
          }
          table={
            <FigureTable
              caption={t('dashboard.charts.weeklyEarnings')}
              columns={[labels.day, labels.earnings]}
              rows={weekdays.map((day) => [day.name, money(day.earnings)])}
            />
          }
        />
        <ChartCard
          title={t('dashboard.charts.income7')}
          description={t('dashboard.charts.income7Hint')}
          height={CHART_HEIGHT}
          empty={dailyRows.length === 0}
          emptyText={t('dashboard.charts.noData')}
          chart={
            <DayBarChart
              data={dailyRows}
              series={[
                { key: 'earnings', name: labels.earnings, color: CHART_COLORS.money, format: money },
                { key: 'games', name: labels.games, color: CHART_COLORS.games, axis: 'right', format: count },
                {
                  key: 'players',
                  name: labels.players,
                  color: CHART_COLORS.players,
                  axis: 'right',
                  format: count,
                },
              ]}
              height={CHART_HEIGHT}
              leftTick={count}
            />
          }
          table={
            <FigureTable
              caption={t('dashboard.charts.income7')}
              columns={[labels.date, labels.earnings, labels.games, labels.players]}
              rows={data.last7Days.map((day) => [
                display.day(day.date),
                money(day.earnings),
                count(day.games),
                count(day.players),
              ])}
            />
          }
        />
      </div>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <RecentGames games={data.games.slice(0, 5)} />
        </div>
        <FinancialModelCard stats={data} />
      </div>
    </div>
  );
}
