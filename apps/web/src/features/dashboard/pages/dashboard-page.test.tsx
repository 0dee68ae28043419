import {
  type AdminStatsResponse,
  type AgentStatsResponse,
  type CommissionSummaryResponse,
  WEEKDAYS,
} from '@cartela/contract';
import { addDays, daysOf, weekdayOf } from '@cartela/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubLayout } from '@/test/layout';
import type { FetchMock, Routes } from '@/test/utils';
import { adminUser, json, makeUser, openAs, slow } from '@/test/utils';

beforeEach(() => stubLayout());

const ZONE = 'Africa/Addis_Ababa';

/** The business days ending on `to` (YYYY-MM-DD), oldest first (core's calendar). */
const daysEnding = (to: string, count: number) => daysOf({ from: addDays(to, 1 - count), to });

// Thursday 20 November 2025: the last 7 days run Friday 14 to Thursday 20.
const TODAY = '2025-11-20';
const EARNINGS = [30, 0, 45.5, 120.5, 0, 80, 64.25]; // Fri 14 ... Thu 20

function game(gameId: string, status: AgentStatsResponse['games'][number]['status'], n: number) {
  const id = `00000000-0000-4000-8000-00000000000${n}`;
  return {
    id,
    _id: id,
    gameId,
    numberOfPlayers: 8 + n,
    stake: 20,
    agentFee: 16 + n,
    totalAmount: 20 * (8 + n),
    status,
    createdAt: '2025-11-20T08:00:00.000Z',
  };
}

function agentStats(overrides: Partial<AgentStatsResponse> = {}): AgentStatsResponse {
  const days = daysEnding(TODAY, 7).map((date, i) => ({
    date,
    weekday: weekdayOf(date),
    earnings: EARNINGS[i]!,
    games: i,
    players: i * 8,
  }));
  return {
    period: 'week',
    from: '2025-11-17',
    to: TODAY,
    timeZone: ZONE,
    totalEarnings: 1234.5,
    totalGames: 12,
    totalPlayers: 96,
    virtualCoins: 850,
    financialModel: 'virtual-coin',
    commissionPercentage: 10,
    systemCommissionShare: 16.6667,
    weeklyEarnings: Object.fromEntries(
      days.map((d) => [d.weekday, d.earnings]),
    ) as AgentStatsResponse['weeklyEarnings'],
    last7Days: days,
    games: [
      game('G-20251120-RUNNING1', 'active', 1),
      game('G-20251119-FINISHED', 'finished', 2),
      game('G-20251119-CANCELED', 'cancelled', 3),
    ],
    ...overrides,
  };
}

function adminStats(overrides: Partial<AdminStatsResponse> = {}): AdminStatsResponse {
  return {
    period: 'week',
    from: '2025-11-17',
    to: TODAY,
    timeZone: ZONE,
    overview: {
      totalRevenue: 45210.75,
      totalAgents: 12,
      activeAgents: 9,
      totalGames: 830,
      coinRevenue: 15000,
      totalPlayers: 7420,
      totalStakes: 148400,
      totalPrizes: 103189.25,
      coinsSold: 15000,
      cancelledAfterCalls: 0,
    },
    dailyStats: daysEnding(TODAY, 30).map((date, i) => ({
      date,
      // The last 7 days earn 1000, 1100, ... 1600.
      revenue: i >= 23 ? 1000 + (i - 23) * 100 : 500,
      games: 20 + i,
      players: 160 + i,
      coinRevenue: 0,
    })),
    topAgents: [
      {
        id: 'a1',
        _id: 'a1',
        username: 'abebe',
        financialModel: 'virtual-coin',
        totalGames: 210,
        totalPlayers: 1890,
        totalRevenue: 12500.5,
      },
      {
        id: 'a2',
        _id: 'a2',
        username: 'tigist',
        financialModel: 'commission-share',
        totalGames: 1,
        totalPlayers: 1,
        totalRevenue: 80,
      },
    ],
    ...overrides,
  };
}

function commissionSummary(period = 'month'): CommissionSummaryResponse {
  return {
    period,
    from: '2025-11-01',
    to: TODAY,
    timeZone: ZONE,
    summary: {
      totalEarnings: 9000,
      totalAdminCommission: 1500,
      totalAgentPayments: 7500,
      pendingPayments: 400.5,
      paidPayments: 1099.5,
      pendingCount: 2,
      paidCount: 5,
      cancelledCount: 0,
    },
  };
}

const openAgent = (extra: Routes = {}, user = makeUser()) =>
  openAs(user, '/dashboard', { 'GET /api/stats/agent': json(200, agentStats()), ...extra });

const openAdmin = (extra: Routes = {}) =>
  openAs(adminUser(), '/dashboard', {
    'GET /api/stats/admin': json(200, adminStats()),
    'GET /api/commission/summary': json(200, commissionSummary()),
    ...extra,
  });

/** The addresses the page fetched under `path`, with their query. */
const calls = (fetchMock: FetchMock, path: string) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.split('?')[0] === path);

/** An element's text as read, with the no-break space of money ('ETB\u00a012') as a plain one. */
const text = (element: Element) => element.textContent!.replace(/\u00a0/g, ' ');

/** The figure shown under a card's label. */
async function figure(region: string, label: string) {
  const cards = within(await screen.findByRole('region', { name: region }, slow));
  return (await cards.findByText(label)).closest('dt')!.nextElementSibling;
}

describe('agent dashboard', () => {
  it("shows the period's figures, the last 7 days Monday to Sunday, the recent games and the coin model", async () => {
    const fetchMock = openAgent();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, slow)).toBeInTheDocument();
    expect(screen.getByText('Welcome back, agent1')).toBeInTheDocument();

    expect(await figure('Your figures', 'Total Earnings')).toHaveTextContent('ETB 1,234.50');
    expect(await figure('Your figures', 'Total Games')).toHaveTextContent('12');
    expect(await figure('Your figures', 'Total Players')).toHaveTextContent('96');
    expect(await figure('Your figures', 'Virtual Coins')).toHaveTextContent('850');
    // This week by default, and the days it covers.
    expect(calls(fetchMock, '/api/stats/agent')).toEqual(['/api/stats/agent?period=week']);
    expect(screen.getByRole('radio', { name: 'This Week' })).toBeChecked();
    expect(screen.getByText('Figures for Nov 17, 2025 – Nov 20, 2025')).toBeInTheDocument();

    // One tile per weekday, Monday first, in whole birr; Thursday is today.
    const overview = screen.getByRole('region', { name: '7-Day Income Overview' });
    expect(within(overview).getAllByRole('listitem').map(text)).toEqual([
      'MondayNov 17ETB 121',
      'TuesdayNov 18ETB 0',
      'WednesdayNov 19ETB 80',
      'ThursdayTodayNov 20ETB 64',
      'FridayNov 14ETB 30',
      'SaturdayNov 15ETB 0',
      'SundayNov 16ETB 46',
    ]);

    // Both charts' figures, readable without the charts.
    const weekly = screen.getByRole('table', { name: 'Weekly Earnings' });
    expect(
      within(weekly)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(WEEKDAYS.slice());
    const income = screen.getByRole('table', { name: '7-Day Income' });
    expect(within(income).getAllByRole('row').at(-1)).toHaveTextContent('Nov 20, 2025ETB 64.25648');
    expect(screen.getByRole('img', { name: /Chart: Weekly Earnings/ })).toBeInTheDocument();

    // Recent games: a running game opens its room, a finished or cancelled one its history.
    const recent = screen.getByRole('table', { name: 'Recent games' });
    const rows = within(recent).getAllByRole('row').slice(1);
    expect(rows.map(text)).toEqual([
      '#RUNNING19ETB 20.00ETB 17.00Active',
      '#FINISHED10ETB 20.00ETB 18.00Finished',
      '#CANCELED11ETB 20.00ETB 19.00Cancelled',
    ]);
    expect(within(recent).getByRole('link', { name: 'Open game RUNNING1' })).toHaveAttribute(
      'href',
      '/game/G-20251120-RUNNING1',
    );
    expect(within(recent).getByRole('link', { name: 'Open game FINISHED' })).toHaveAttribute(
      'href',
      '/game-history/G-20251119-FINISHED',
    );

    // The virtual-coin model, with the balance.
    expect(screen.getByText('You pay with virtual coins for each game')).toBeInTheDocument();
    expect(screen.getByText('Coin balance: 850 coins')).toBeInTheDocument();
    expect(screen.getByText('Virtual Coins', { selector: 'span' })).toBeInTheDocument();
    expect(screen.queryByText('Commission Share')).not.toBeInTheDocument();
  });

  it("says 'No earnings data for the past 7 days' when all seven are zero, and that there are no games", async () => {
    const zero = Object.fromEntries(WEEKDAYS.map((d) => [d, 0])) as AgentStatsResponse['weeklyEarnings'];
    openAgent({
      'GET /api/stats/agent': json(
        200,
        agentStats({
          weeklyEarnings: zero,
          last7Days: agentStats().last7Days.map((d) => ({ ...d, earnings: 0, games: 0, players: 0 })),
          games: [],
          totalEarnings: 0,
        }),
      ),
    });
    const overview = await screen.findByRole('region', { name: '7-Day Income Overview' }, slow);
    expect(within(overview).getByText('No earnings data for the past 7 days')).toBeInTheDocument();
    expect(within(overview).getByText('Start playing games to see your earnings here!')).toBeInTheDocument();
    expect(within(overview).queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getByText('No games yet')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Recent games' })).not.toBeInTheDocument();
  });

  it('asks for the chosen period and shows its figures and days', async () => {
    let answer = agentStats();
    const fetchMock = openAgent({ 'GET /api/stats/agent': () => json(200, answer) });
    const user = userEvent.setup();
    expect(await figure('Your figures', 'Total Earnings')).toHaveTextContent('ETB 1,234.50');

    answer = agentStats({ period: 'month', from: '2025-11-01', totalEarnings: 5000, totalGames: 40 });
    await user.click(screen.getByRole('radio', { name: 'This Month' }));
    expect(await screen.findByText('Figures for Nov 1, 2025 – Nov 20, 2025')).toBeInTheDocument();
    expect(await figure('Your figures', 'Total Earnings')).toHaveTextContent('ETB 5,000.00');
    expect(await figure('Your figures', 'Total Games')).toHaveTextContent('40');
    expect(screen.getByRole('radio', { name: 'This Month' })).toBeChecked();

    // The keyboard moves along the periods, as in any radio group.
    answer = agentStats({ period: 'year', from: '2025-01-01' });
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'This Year' })).toBeChecked();
    expect(await screen.findByText('Figures for Jan 1, 2025 – Nov 20, 2025')).toBeInTheDocument();

    answer = agentStats({ period: 'day', from: TODAY });
    await user.click(screen.getByRole('radio', { name: 'Today' }));
    expect(await screen.findByText('Figures for Nov 20, 2025')).toBeInTheDocument();
    expect(calls(fetchMock, '/api/stats/agent')).toEqual([
      '/api/stats/agent?period=week',
      '/api/stats/agent?period=month',
      '/api/stats/agent?period=year',
      '/api/stats/agent?period=day',
    ]);
  });

  it("shows a commission-share agent's share as 1/6th with the Commission Share badge", async () => {
    openAgent({
      'GET /api/stats/agent': json(200, agentStats({ financialModel: 'commission-share', virtualCoins: 0 })),
    });
    expect(
      await screen.findByText('You share 1/6th of your commission with admin', {}, slow),
    ).toBeInTheDocument();
    expect(screen.getByText('Commission Share')).toBeInTheDocument();
    expect(screen.queryByText('You pay with virtual coins for each game')).not.toBeInTheDocument();
    expect(screen.getByText('Not used by your financial model')).toBeInTheDocument();
  });

  it('shows any other share as a percentage', async () => {
    openAgent({
      'GET /api/stats/agent': json(
        200,
        agentStats({ financialModel: 'commission-share', systemCommissionShare: 20 }),
      ),
    });
    expect(
      await screen.findByText('You share 20% of your commission with admin', {}, slow),
    ).toBeInTheDocument();
  });

  it('says the figures could not be loaded, and loads them again on Try again', async () => {
    let fail = true;
    openAgent({
      'GET /api/stats/agent': () =>
        fail ? json(403, { message: 'Forbidden', code: 'FORBIDDEN' }) : json(200, agentStats()),
    });
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert).toHaveTextContent('Failed to load dashboard data');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await figure('Your figures', 'Total Earnings')).toHaveTextContent('ETB 1,234.50');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('speaks Amharic, with Ethiopian dates and birr', async () => {
    const user = makeUser({ language: 'am' });
    openAgent({}, user);
    expect(await screen.findByRole('heading', { level: 1, name: 'ዳሽቦርድ' }, slow)).toBeInTheDocument();
    const overview = await screen.findByRole('region', { name: 'የ7 ቀናት የገቢ አጠቃላይ እይታ' });
    const tiles = within(overview).getAllByRole('listitem');
    expect(tiles[0]).toHaveTextContent('ሰኞ');
    expect(tiles[0]).toHaveTextContent('ብር 121');
    expect(screen.getByRole('radio', { name: 'ይህ ሳምንት' })).toBeChecked();
    // 17-20 November 2025 is 8-11 Hidar 2018 in the Ethiopian calendar.
    expect(screen.getByText(/ከ.*8.*2018 እስከ .*11.*2018 ያሉ አሃዞች/)).toBeInTheDocument();
    expect(screen.getByText('ለእያንዳንዱ ጨዋታ በምናባዊ ሳንቲሞች ይከፍላሉ')).toBeInTheDocument();
  });
});

describe('admin dashboard', () => {
  it("shows the week's system figures, the last 7 days, the charts' figures and the top agents", async () => {
    const fetchMock = openAdmin();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, slow),
    ).toBeInTheDocument();
    expect(screen.getByText('System overview and analytics')).toBeInTheDocument();

    expect(await figure('System figures', 'Total Revenue')).toHaveTextContent('ETB 45,210.75');
    expect(await figure('System figures', 'Total Agents')).toHaveTextContent('12');
    expect(screen.getByText('9 active')).toBeInTheDocument();
    expect(await figure('System figures', 'Total Games')).toHaveTextContent('830');
    expect(await figure('System figures', 'Coin Revenue')).toHaveTextContent('ETB 15,000.00');
    // This week by default (product/screens.md#period-selector, decision 066), for both calls.
    expect(screen.getByRole('radio', { name: 'This Week' })).toBeChecked();
    expect(calls(fetchMock, '/api/stats/admin')).toEqual(['/api/stats/admin?period=week']);
    expect(calls(fetchMock, '/api/commission/summary')).toEqual(['/api/commission/summary?period=week']);
    expect(screen.getByText('Figures for Nov 17, 2025 – Nov 20, 2025')).toBeInTheDocument();

    // The last 7 of the 30 days, oldest first.
    const overview = screen.getByRole('region', { name: '7-Day Revenue Overview' });
    const tiles = within(overview).getAllByRole('listitem');
    expect(tiles).toHaveLength(7);
    expect(tiles[0]).toHaveTextContent('FridayNov 14ETB 1,000');
    expect(tiles[6]).toHaveTextContent('ThursdayTodayNov 20ETB 1,600');

    expect(within(screen.getByRole('table', { name: 'Daily Revenue' })).getAllByRole('row')).toHaveLength(31);
    expect(
      within(screen.getByRole('table', { name: 'Daily Games & Players' }))
        .getAllByRole('row')
        .at(-1),
    ).toHaveTextContent('Nov 20, 202549189');
    expect(within(screen.getByRole('table', { name: '7-Day Revenue' })).getAllByRole('row')).toHaveLength(8);

    const top = screen.getByRole('list', { name: 'Top Performing Agents' });
    const agents = within(top).getAllByRole('listitem');
    expect(agents[0]).toHaveTextContent('Rank 1');
    expect(agents[0]).toHaveTextContent('abebe210 games · 1,890 playersETB 12,500.50');
    expect(agents[1]).toHaveTextContent('tigist1 game · 1 playerETB 80.00');
    expect(screen.queryByText(/cancelled after numbers/)).not.toBeInTheDocument();
  });

  it('adds Admin Commission, Pending Payments and Paid Payments once the commission summary has loaded', async () => {
    let answer: (response: Response) => void = () => {};
    openAdmin({
      'GET /api/commission/summary': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    expect(await figure('System figures', 'Total Revenue')).toHaveTextContent('ETB 45,210.75');
    expect(screen.queryByText('Admin Commission')).not.toBeInTheDocument();

    answer(json(200, commissionSummary()));
    expect(await figure('System figures', 'Admin Commission')).toHaveTextContent('ETB 1,500.00');
    expect(await figure('System figures', 'Pending Payments')).toHaveTextContent('ETB 400.50');
    expect(await figure('System figures', 'Paid Payments')).toHaveTextContent('ETB 1,099.50');
    expect(screen.getByText('2 payments')).toBeInTheDocument();
    expect(screen.getByText('5 payments')).toBeInTheDocument();
  });

  it('leaves the commission cards out when the summary cannot be loaded', async () => {
    openAdmin({ 'GET /api/commission/summary': json(403, { message: 'Forbidden', code: 'FORBIDDEN' }) });
    expect(await figure('System figures', 'Coin Revenue')).toHaveTextContent('ETB 15,000.00');
    await waitFor(() => expect(screen.queryByText('Pending Payments')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks both calls for the chosen period', async () => {
    const fetchMock = openAdmin();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'This Month' }, slow));
    await waitFor(() =>
      expect(calls(fetchMock, '/api/stats/admin')).toEqual([
        '/api/stats/admin?period=week',
        '/api/stats/admin?period=month',
      ]),
    );
    await waitFor(() =>
      expect(calls(fetchMock, '/api/commission/summary')).toEqual([
        '/api/commission/summary?period=week',
        '/api/commission/summary?period=month',
      ]),
    );
    expect(screen.getByRole('radio', { name: 'This Month' })).toBeChecked();
  });

  it('warns of games cancelled after calls, and says when no agent finished a game', async () => {
    openAdmin({
      'GET /api/stats/admin': json(
        200,
        adminStats({
          overview: { ...adminStats().overview, cancelledAfterCalls: 3 },
          topAgents: [],
          dailyStats: adminStats().dailyStats.map((d) => ({ ...d, revenue: 0 })),
        }),
      ),
    });
    expect(
      await screen.findByText(
        '3 games were cancelled after numbers had been called. They are not counted in these figures.',
        {},
        slow,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('No agent finished a game in this period')).toBeInTheDocument();
    expect(screen.getByText('No revenue in the past 7 days')).toBeInTheDocument();
  });
});
