import type {
  SuperAgentAgentLink,
  SuperAgentEarning,
  SuperAgentEarningsResponse,
  SuperAgentOverviewResponse,
} from '@cartela/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { makeEarning } from '@/test/fixtures';
import type { FetchMock, Route, Routes } from '@/test/utils';
import { callsTo, columnNames, compileFirst, json, openAs, slow, superAgentUser } from '@/test/utils';

type AgentLink = z.infer<typeof SuperAgentAgentLink>;

const ids = {
  agent1: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  agent2: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
};

function overview(overrides: Partial<SuperAgentOverviewResponse> = {}): SuperAgentOverviewResponse {
  return {
    totalEarnings: 1234.5,
    activeAgentsCount: 2,
    platformCommissionRate: 50,
    totalPlatformShare: 1234.5,
    pendingEarnings: 234.5,
    paidEarnings: 1000,
    username: 'super1',
    contact: null,
    createdAt: '2025-01-15T09:00:00.000Z',
    lastPaymentDate: null,
    ...overrides,
  };
}

function link(n: 1 | 2, overrides: Partial<AgentLink['agentId']> = {}, rate = 20): AgentLink {
  const agentId = n === 1 ? ids.agent1 : ids.agent2;
  const id = `dddddddd-dddd-4ddd-8ddd-00000000000${n}`;
  return {
    id,
    _id: id,
    agentUsername: `agent${n}`,
    agentId: {
      id: agentId,
      _id: agentId,
      username: `agent${n}`,
      contact: '0911 223344',
      financialModel: 'virtual-coin',
      virtualCoins: 1000,
      totalEarnings: 500,
      isActive: true,
      ...overrides,
    },
    superAgentCommissionRate: rate,
    effectiveFrom: '2025-02-01T09:00:00.000Z',
  };
}

/** An earning of a virtual-coin agent's purchase (the dashboard's own default). */
const earning = (n: number, overrides: Partial<SuperAgentEarning> = {}) =>
  makeEarning(`eeeeeeee-eeee-4eee-8eee-00000000000${n}`, {
    paymentDate: '2025-03-14T10:00:00.000Z',
    paymentType: 'virtual-coin-purchase',
    purchaseAmount: 1000,
    agentCommission: null,
    commissionPaymentId: null,
    ...overrides,
  });

function earnings(payments: SuperAgentEarning[], period = 'month'): SuperAgentEarningsResponse {
  return {
    period,
    from: '2025-02-15',
    to: '2025-03-14',
    timeZone: 'Africa/Addis_Ababa',
    payments,
    totals: {
      baseAmount: 3000,
      superAgentShare: 600,
      platformShare: 300,
      superAgentNetEarnings: 300,
      pending: 100,
      paid: 200,
    },
  };
}

const THREE_EARNINGS = [
  earning(1),
  earning(2, {
    businessDate: '2025-03-13',
    paymentType: 'commission-share',
    agentUsername: 'agent2',
    purchaseAmount: null,
    agentCommission: 1000,
    status: 'paid',
    paidAt: '2025-03-14T12:00:00.000Z',
  }),
  earning(3, { businessDate: '2025-03-12', status: 'cancelled' }),
];

const open = (extra: Routes = {}, user = superAgentUser()) =>
  openAs(user, '/super-agent-dashboard', {
    'GET /api/super-agents/overview': json(200, overview()),
    'GET /api/super-agents/agents': json(200, { agents: [link(1), link(2, { contact: null })] }),
    'GET /api/super-agents/earnings': json(200, earnings(THREE_EARNINGS)),
    ...extra,
  });

compileFirst(() => import('./super-agent-dashboard-page'));
const never = () => new Promise<Response>(() => {});

/** The addresses of every call of a route, whatever its query. */
const urlsOf = (fetchMock: FetchMock, route: Route) => callsTo(fetchMock, route).map((call) => call.url);

async function openTab(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name }, slow));
  return user;
}

/** The value shown under a figure's label (a <dt>/<dd> pair). */
const figure = (scope: HTMLElement, label: string) => within(scope).getByText(label).nextElementSibling;

describe('super agent dashboard', () => {
  it('greets the super agent, shows the platform rate and the overview with its fallbacks', async () => {
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Super Agent Dashboard' }, slow),
    ).toBeVisible();
    expect(screen.getByText('Welcome back, super1')).toBeInTheDocument();
    expect(await screen.findByText('Platform commission rate: 50%')).toBeInTheDocument();

    const figures = await screen.findByRole('region', { name: 'Your figures' });
    expect(figure(figures, 'Your Net Earnings')).toHaveTextContent('ETB 1,234.50');
    expect(
      within(figures).getByText('All time · Pending ETB 234.50 · Paid ETB 1,000.00'),
    ).toBeInTheDocument();
    expect(figure(figures, 'Active Agents')).toHaveTextContent('2');
    expect(figure(figures, 'Platform Share')).toHaveTextContent('ETB 1,234.50');

    const account = screen.getByLabelText('Account Information');
    expect(figure(account, 'Username')).toHaveTextContent('super1');
    expect(figure(account, 'Contact')).toHaveTextContent('Not provided');
    expect(figure(account, 'Account created')).toHaveTextContent('Jan 15, 2025');
    expect(figure(account, 'Last payment')).toHaveTextContent('No payments yet');
  });

  it('shows the contact and the last payment date when there are some', async () => {
    open({
      'GET /api/super-agents/overview': json(
        200,
        overview({ contact: '0911 000111', lastPaymentDate: '2025-03-10T09:30:00.000Z' }),
      ),
    });
    const account = await screen.findByLabelText('Account Information', {}, slow);
    expect(figure(account, 'Contact')).toHaveTextContent('0911 000111');
    // 09:30 UTC is 12:30 in Addis Ababa.
    expect(figure(account, 'Last payment')).toHaveTextContent('Mar 10, 2025, 12:30 PM');
    expect(within(account).queryByText('No payments yet')).not.toBeInTheDocument();
  });

  it("falls back to the profile's figures when the overview fails", async () => {
    open(
      { 'GET /api/super-agents/overview': json(500, { message: 'Database down', code: 'INTERNAL' }) },
      superAgentUser({ totalEarnings: 99.5, platformCommissionRate: 40, contact: '0911 999999' }),
    );
    const alert = await screen.findByRole('alert', {}, slow);
    expect(within(alert).getByText('Failed to load your overview')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    const figures = screen.getByRole('region', { name: 'Your figures' });
    expect(figure(figures, 'Your Net Earnings')).toHaveTextContent('ETB 99.50');
    // The agents list's length stands in for the active agents.
    await waitFor(() => expect(figure(figures, 'Active Agents')).toHaveTextContent('2'));
    expect(figure(figures, 'Platform Share')).toHaveTextContent('Not available');
    expect(screen.getByText('Platform commission rate: 40%')).toBeInTheDocument();
    expect(figure(screen.getByLabelText('Account Information'), 'Contact')).toHaveTextContent('0911 999999');
  });

  it('lists my agents with their contact, rate, coins, earnings and joining date', async () => {
    open({
      'GET /api/super-agents/agents': json(200, {
        agents: [
          link(1),
          link(
            2,
            { contact: null, financialModel: 'commission-share', virtualCoins: 0, isActive: false },
            15.5,
          ),
        ],
      }),
    });
    await openTab('My Agents');
    const table = await screen.findByRole('table', { name: 'My agents' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent("AgentYour RateVirtual CoinsAgent's Fees (All Time)Joined");
    expect(rows[1]).toHaveTextContent('agent10911 22334420%1,000ETB 500.00Feb 1, 2025');
    expect(rows[2]).toHaveTextContent('agent2InactiveNo contact15.5%Commission shareETB 500.00Feb 1, 2025');
    // The phone's card layout names each value.
    expect(within(rows[1]!).getByText('20%')).toHaveAttribute('data-label', 'Your Rate');
  });

  it("says 'Loading agents...' while loading and 'No agents assigned yet' when there are none", async () => {
    let answer: (response: Response) => void = () => {};
    open({
      'GET /api/super-agents/agents': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await openTab('My Agents');
    expect(await screen.findByText('Loading agents...')).toBeInTheDocument();

    answer(json(200, { agents: [] }));
    expect(await screen.findByText('No agents assigned yet')).toBeInTheDocument();
    expect(screen.queryByText('Loading agents...')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the earnings of the last month by default, with totals and status styles', async () => {
    const fetchMock = open();
    await openTab('Earnings');
    const table = await screen.findByRole('table', { name: 'Your earnings' });
    expect(urlsOf(fetchMock, 'GET /api/super-agents/earnings')).toEqual([
      '/api/super-agents/earnings?period=month',
    ]);
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('month');
    expect(screen.getByText('Feb 15, 2025 to Mar 14, 2025')).toBeInTheDocument();

    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent(
      'DateBase (Coins Bought / Fees)Your Share (Gross)Platform ShareYour Net EarningsStatus',
    );
    expect(rows[1]).toHaveTextContent(
      'Mar 14, 2025Coin purchase by agent1ETB 1,000.00ETB 200.00ETB 100.00ETB 100.00Pending',
    );
    expect(rows[2]).toHaveTextContent('Mar 13, 2025Commissions of agent2');

    // paid green, pending amber, anything else red.
    expect(within(rows[1]!).getByText('Pending')).toHaveClass('bg-warning-50');
    expect(within(rows[2]!).getByText('Paid')).toHaveClass('bg-success-50');
    expect(within(rows[3]!).getByText('Cancelled')).toHaveClass('bg-danger-50');

    const totals = screen.getByRole('region', { name: 'Totals for the period' });
    expect(figure(totals, 'Base (Coins Bought / Fees)')).toHaveTextContent('ETB 3,000.00');
    expect(figure(totals, 'Your Share (Gross)')).toHaveTextContent('ETB 600.00');
    expect(figure(totals, 'Your Net Earnings')).toHaveTextContent('ETB 300.00');
    expect(figure(totals, 'Platform Share')).toHaveTextContent('ETB 300.00');
    expect(figure(totals, 'Pending')).toHaveTextContent('ETB 100.00');
    expect(figure(totals, 'Paid')).toHaveTextContent('ETB 200.00');
  });

  it.each([
    ['en', 'ETB', /earning/i],
    ['am', 'ብር', /ገቢ/],
  ] as const)(
    'names each figure for what it is, alike in the Overview and the Earnings tab (%s)',
    async (language, currency, earnings_) => {
      // The figures: agents paid 910.50, the super agent's 20% is 182.10, the platform's 43.75% of it
      // 79.80, the net 102.30.
      open(
        {
          'GET /api/super-agents/overview': json(
            200,
            overview({ totalEarnings: 102.3, totalPlatformShare: 79.8, platformCommissionRate: 43.75 }),
          ),
          'GET /api/super-agents/earnings': json(200, {
            ...earnings([earning(1, { baseAmount: 910.5, purchaseAmount: 910.5 })]),
            totals: {
              baseAmount: 910.5,
              superAgentShare: 182.1,
              platformShare: 79.8,
              superAgentNetEarnings: 102.3,
              pending: 102.3,
              paid: 0,
            },
          }),
        },
        superAgentUser({ language }),
      );
      const amount = (n: string) => `${currency} ${n}`;
      /** The label of the figure showing `value` in `scope` (its <dt>). */
      const labelOf = (scope: HTMLElement, value: string) =>
        within(scope)
          .getAllByRole('definition')
          .find((dd) => dd.textContent === value)?.previousElementSibling?.textContent;

      const [figuresName, totalsName, earningsTab] =
        language === 'en'
          ? ['Your figures', 'Totals for the period', 'Earnings']
          : ['የእርስዎ አሃዞች', 'የጊዜው ድምር', 'ገቢዎች'];
      const overviewFigures = await screen.findByRole('region', { name: figuresName }, slow);
      const overviewNet = labelOf(overviewFigures, amount('102.30'));
      const overviewPlatform = labelOf(overviewFigures, amount('79.80'));

      await openTab(earningsTab);
      const totals = await screen.findByRole('region', { name: totalsName });
      // The same figure has the same name in both tabs.
      expect(overviewNet).toBeTruthy();
      expect(labelOf(totals, amount('102.30'))).toBe(overviewNet);
      expect(overviewPlatform).toBeTruthy();
      expect(labelOf(totals, amount('79.80'))).toBe(overviewPlatform);
      // Four figures, four names; what the agents paid is not called earnings, the net alone is.
      const base = labelOf(totals, amount('910.50'));
      const gross = labelOf(totals, amount('182.10'));
      expect(new Set([base, gross, overviewPlatform, overviewNet]).size).toBe(4);
      expect(base).not.toMatch(earnings_);
      expect(gross).not.toMatch(earnings_);
      expect(overviewNet).toMatch(earnings_);
      // The table's columns carry the totals' names.
      const header = columnNames(screen.getByRole('table'));
      expect(header).toEqual(expect.arrayContaining([base, gross, overviewPlatform, overviewNet]));
    },
  );

  it("asks for the chosen period, says 'Loading earnings...' and 'No earnings found for the selected period'", async () => {
    let answer: () => Promise<Response> | Response = () => json(200, earnings(THREE_EARNINGS));
    const fetchMock = open({ 'GET /api/super-agents/earnings': () => answer() });
    const user = await openTab('Earnings');
    await screen.findByRole('table', { name: 'Your earnings' });

    answer = never;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last Week');
    expect(await screen.findByText('Loading earnings...')).toBeInTheDocument();
    expect(urlsOf(fetchMock, 'GET /api/super-agents/earnings').at(-1)).toBe(
      '/api/super-agents/earnings?period=week',
    );

    answer = () => json(200, earnings([], 'year'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last Year');
    expect(await screen.findByText('No earnings found for the selected period')).toBeInTheDocument();
    expect(urlsOf(fetchMock, 'GET /api/super-agents/earnings').at(-1)).toBe(
      '/api/super-agents/earnings?period=year',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('tells when the earnings cannot be loaded, with a retry', async () => {
    open({ 'GET /api/super-agents/earnings': json(403, { message: 'Forbidden', code: 'FORBIDDEN' }) });
    await openTab('Earnings');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load your earnings')).toBeInTheDocument();
    expect(within(alert).getByText('Forbidden')).toBeInTheDocument();
  });

  it('refreshes the three calls with Refresh Data, showing the progress', async () => {
    let release: () => void = () => {};
    let hold = false;
    const overviewAnswer = () =>
      hold
        ? new Promise<Response>((resolve) => {
            release = () => resolve(json(200, overview({ totalEarnings: 2000 })));
          })
        : json(200, overview());
    const fetchMock = open({ 'GET /api/super-agents/overview': overviewAnswer });
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Your figures' }, slow);
    await waitFor(() => expect(urlsOf(fetchMock, 'GET /api/super-agents/earnings')).toHaveLength(1));

    hold = true;
    await user.click(screen.getByRole('button', { name: 'Refresh Data' }));
    const busy = await screen.findByRole('button', { name: 'Refreshing...' });
    expect(busy).toBeDisabled();
    expect(urlsOf(fetchMock, 'GET /api/super-agents/overview')).toHaveLength(2);
    expect(urlsOf(fetchMock, 'GET /api/super-agents/agents')).toHaveLength(2);
    expect(urlsOf(fetchMock, 'GET /api/super-agents/earnings')).toHaveLength(2);

    release();
    expect(await screen.findByRole('button', { name: 'Refresh Data' })).toBeEnabled();
    expect(
      figure(screen.getByRole('region', { name: 'Your figures' }), 'Your Net Earnings'),
    ).toHaveTextContent('ETB 2,000.00');
  });

  it('moves between the tabs with the arrow keys', async () => {
    open();
    const overviewTab = await screen.findByRole('tab', { name: 'Overview' }, slow);
    expect(overviewTab).toHaveAttribute('aria-selected', 'true');
    const user = userEvent.setup();
    await user.click(overviewTab);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'My Agents' })).toHaveFocus();
    expect(await screen.findByRole('table', { name: 'My agents' })).toBeInTheDocument();
  });

  it('speaks Amharic, with money in birr', async () => {
    open({}, superAgentUser({ language: 'am' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'የሱፐር ወኪል ዳሽቦርድ' }, slow),
    ).toBeInTheDocument();
    expect(await screen.findByText('እንኳን ደህና መጡ፣ super1')).toBeInTheDocument();
    const figures = await screen.findByRole('region', { name: 'የእርስዎ አሃዞች' });
    expect(figure(figures, 'የእርስዎ የተጣራ ገቢ')).toHaveTextContent('ብር 1,234.50');
    expect(figure(screen.getByLabelText('የመለያ መረጃ'), 'የመገኛ አድራሻ')).toHaveTextContent('አልተሰጠም');
  });
});
