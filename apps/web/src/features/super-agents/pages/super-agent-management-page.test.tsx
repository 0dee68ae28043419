import type { Agreement, SuperAgent, SuperAgentEarning, SuperAgentEarningsResponse } from '@cartela/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { superAgentsQuery } from '@/api/super-agents';
import { queryClient } from '@/lib/query-client';
import { makeEarning, makeSuperAgent } from '@/test/fixtures';
import type { FetchMock, Route, Routes } from '@/test/utils';
import { adminUser, callsTo, json, openAs, slow } from '@/test/utils';

const ids = {
  super1: '11111111-1111-4111-8111-111111111111',
  super2: '22222222-2222-4222-8222-222222222222',
  retired: '33333333-3333-4333-8333-333333333333',
  agent1: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  agent2: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
};

const superAgent = (overrides: Partial<SuperAgent> = {}) =>
  makeSuperAgent({ id: ids.super1, contact: '0911 000111', totalEarnings: 1234.5, ...overrides });

function agreement(overrides: Partial<Agreement> = {}): Agreement {
  const id = overrides.id ?? 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
  return {
    id,
    _id: id,
    agentId: ids.agent1,
    agentUsername: 'agent1',
    superAgentId: ids.super1,
    superAgentUsername: 'super1',
    superAgentCommissionRate: 20,
    notes: 'Demo agreement',
    isActive: true,
    effectiveFrom: '2025-02-01T09:00:00.000Z',
    endedAt: null,
    ...overrides,
  };
}

const agentUser = (id: string, username: string, isActive = true) => ({
  id,
  _id: id,
  username,
  role: 'agent',
  isActive,
  createdAt: '2025-01-15T09:00:00.000Z',
  commissionPercentage: 10,
  financialModel: 'virtual-coin',
  virtualCoins: 1000,
});

const earningIds = {
  pending: 'eeeeeeee-0000-4000-8000-000000000001',
  paid: 'eeeeeeee-0000-4000-8000-000000000002',
  cancelled: 'eeeeeeee-0000-4000-8000-000000000003',
};

const EARNINGS = [
  makeEarning(earningIds.pending),
  makeEarning(earningIds.paid, {
    businessDate: '2025-03-13',
    paymentType: 'virtual-coin-purchase',
    agentId: ids.agent2,
    agentUsername: 'agent2',
    baseAmount: 500,
    purchaseAmount: 500,
    agentCommission: null,
    superAgentShare: 100,
    platformShare: 50,
    superAgentNetEarnings: 50,
    status: 'paid',
    paidAt: '2025-03-14T09:30:00.000Z',
    notes: 'Cash, receipt 12',
    commissionPaymentId: null,
  }),
  makeEarning(earningIds.cancelled, { businessDate: '2025-03-12', status: 'cancelled' }),
];

function earningsOf(payments: SuperAgentEarning[] = EARNINGS, period = 'month'): SuperAgentEarningsResponse {
  return {
    period,
    from: '2025-02-13',
    to: '2025-03-14',
    timeZone: 'Africa/Addis_Ababa',
    payments,
    totals: {
      baseAmount: 1500,
      superAgentShare: 300,
      platformShare: 150,
      superAgentNetEarnings: 150,
      pending: 100,
      paid: 50,
    },
  };
}

const open = (extra: Routes = {}, path = '/super-agent-management') =>
  openAs(adminUser(), path, {
    'GET /api/super-agents': json(200, {
      superAgents: [
        superAgent(),
        superAgent({ id: ids.super2, username: 'super2', contact: null, activeAgents: 0, totalEarnings: 0 }),
        superAgent({ id: ids.retired, username: 'retired', isActive: false, activeAgents: 0 }),
      ],
    }),
    'GET /api/super-agents/agreements': json(200, { agreements: [agreement()] }),
    'GET /api/users': json(200, {
      users: [agentUser(ids.agent1, 'agent1'), agentUser(ids.agent2, 'agent2', false)],
    }),
    ...extra,
  });

/** The body of a route's first call. */
const bodyOf = (fetchMock: FetchMock, route: Route) => callsTo(fetchMock, route)[0]?.body;

const earningsRoute: Route = `GET /api/super-agents/${ids.super1}/earnings`;

/** The page, then super1's earnings opened from its row: the dialog and its table. */
async function openEarnings(extra: Routes = {}) {
  const fetchMock = open({ [earningsRoute]: json(200, earningsOf()), ...extra });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Earnings of super1' }, slow));
  const dialog = await screen.findByRole('dialog', { name: "super1's earnings" });
  const table = await within(dialog).findByRole('table', { name: 'Earnings of super1' });
  return { fetchMock, user, dialog, table };
}

const row = (table: HTMLElement, name: string) => within(table).getByRole('row', { name });

describe('super agent management', () => {
  it('lists the super agents with their rate, agents, earnings, status and creation date', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Super agents' }, slow);
    const row = within(table).getByText('super1').closest('tr')!;
    expect(within(row).getByText('0911 000111')).toBeInTheDocument();
    expect(within(row).getByText('50%')).toBeInTheDocument();
    expect(within(row).getByText('ETB 1,234.50')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('Jan 15, 2025')).toBeInTheDocument();
    const super2 = within(table).getByText('super2').closest('tr')!;
    expect(within(super2).getByText('Not provided')).toBeInTheDocument();
    const retired = within(table).getByText('retired').closest('tr')!;
    expect(within(retired).getByText('Inactive')).toBeInTheDocument();
    // An inactive super agent cannot be given agents.
    expect(within(retired).getByRole('button', { name: 'Assign agent to retired' })).toBeDisabled();
  });

  it('says so when there is no super agent yet, and when the list cannot be loaded', async () => {
    let answer = json(200, { superAgents: [] });
    open({ 'GET /api/super-agents': () => answer });
    expect(await screen.findByText('No super agents yet', {}, slow)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create Super Agent' })).toHaveLength(2);

    // A load that fails shows the error with a way to try again.
    answer = json(403, { message: 'Forbidden', code: 'FORBIDDEN' });
    await queryClient.resetQueries({ queryKey: superAgentsQuery().queryKey });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load super agents')).toBeInTheDocument();
    expect(within(alert).getByText('Forbidden')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  describe('the create dialog', () => {
    it('starts with a platform rate of 50 and requires a username and a password', async () => {
      const fetchMock = open();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Create Super Agent' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create Super Agent' });
      expect(within(dialog).getByLabelText('Platform commission rate (%)')).toHaveValue('50');
      // No active toggle when creating: a new super agent is active.
      expect(within(dialog).queryByRole('switch')).not.toBeInTheDocument();
      expect(within(dialog).getByLabelText('Username')).toHaveFocus();

      await user.click(within(dialog).getByRole('button', { name: 'Create' }));
      expect(within(dialog).getByText('Username is required')).toBeInTheDocument();
      expect(within(dialog).getByText('Password must be at least 6 characters')).toBeInTheDocument();

      await user.clear(within(dialog).getByLabelText('Platform commission rate (%)'));
      await user.type(within(dialog).getByLabelText('Platform commission rate (%)'), '101');
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));
      expect(within(dialog).getByText('Enter a rate between 0 and 100')).toBeInTheDocument();
      expect(bodyOf(fetchMock, 'POST /api/super-agents')).toBeUndefined();
    });

    it('refuses a name with an invisible character, saying why (decision 058)', async () => {
      const fetchMock = open();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Create Super Agent' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create Super Agent' });
      await user.type(within(dialog).getByLabelText('Username'), 'super1\u200b');
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));
      expect(
        within(dialog).getByText('Use only visible letters, digits and single spaces, in one alphabet'),
      ).toBeInTheDocument();
      expect(bodyOf(fetchMock, 'POST /api/super-agents')).toBeUndefined();
    });

    it('creates the super agent, says so and closes', async () => {
      const fetchMock = open({
        'POST /api/super-agents': ({ body }) =>
          json(201, {
            message: 'Super agent created',
            superAgent: superAgent({ id: ids.super2, ...(body as object) }),
          }),
      });
      const user = userEvent.setup();
      const trigger = await screen.findByRole('button', { name: 'Create Super Agent' });
      await user.click(trigger);
      const dialog = await screen.findByRole('dialog');
      await user.type(within(dialog).getByLabelText('Username'), ' hall-north ');
      await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
      await user.clear(within(dialog).getByLabelText('Platform commission rate (%)'));
      await user.type(within(dialog).getByLabelText('Platform commission rate (%)'), '40.5');
      await user.type(within(dialog).getByLabelText('Notes'), 'Covers the north halls');
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));

      expect(await screen.findByText('Super Agent hall-north created')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(bodyOf(fetchMock, 'POST /api/super-agents')).toEqual({
        username: 'hall-north',
        password: 'secret-1',
        platformCommissionRate: 40.5,
        contact: null,
        notes: 'Covers the north halls',
      });
      await waitFor(() => expect(trigger).toHaveFocus());
    });

    it("shows 'Failed to create Super Agent' in the dialog with the server's reason", async () => {
      let answer = json(409, {
        message: 'Username "super1" is already taken',
        code: 'CONFLICT',
        field: 'username',
      });
      open({ 'POST /api/super-agents': () => answer });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Create Super Agent' }));
      const dialog = await screen.findByRole('dialog');
      await user.type(within(dialog).getByLabelText('Username'), 'super1');
      await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));

      // A reason about the username sits under it, with the focus; the alert names what failed.
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('Failed to create Super Agent');
      const username = within(dialog).getByLabelText('Username');
      expect(username).toHaveAccessibleDescription('Username "super1" is already taken');
      expect(username).toHaveFocus();

      answer = json(500, { message: 'Something went wrong on the server', code: 'INTERNAL' });
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));
      await waitFor(() =>
        expect(within(dialog).getByRole('alert')).toHaveTextContent(
          'Failed to create Super AgentSomething went wrong on the server',
        ),
      );
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    });
  });

  describe('the edit dialog', () => {
    it('keeps the password when left blank and sends only what changed', async () => {
      const fetchMock = open({
        'PUT /api/super-agents/11111111-1111-4111-8111-111111111111': ({ body }) =>
          json(200, { message: 'Updated', superAgent: superAgent(body as Partial<SuperAgent>) }),
      });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Edit super1' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit super1' });
      expect(within(dialog).getByLabelText('Username')).toHaveValue('super1');
      expect(within(dialog).getByLabelText('New password')).toHaveValue('');
      expect(within(dialog).getByText('Leave blank to keep the current password')).toBeInTheDocument();
      const active = within(dialog).getByRole('switch', { name: 'Active' });
      expect(active).toBeChecked();

      await user.click(active);
      await user.clear(within(dialog).getByLabelText('Platform commission rate (%)'));
      await user.type(within(dialog).getByLabelText('Platform commission rate (%)'), '45');
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

      expect(await screen.findByText('Super Agent super1 updated')).toBeInTheDocument();
      expect(bodyOf(fetchMock, 'PUT /api/super-agents/11111111-1111-4111-8111-111111111111')).toEqual({
        platformCommissionRate: 45,
        isActive: false,
      });
    });

    it("shows 'Failed to update Super Agent' in the dialog", async () => {
      open({
        'PUT /api/super-agents/11111111-1111-4111-8111-111111111111': new Response('', { status: 502 }),
      });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Edit super1' }));
      const dialog = await screen.findByRole('dialog');
      await user.type(within(dialog).getByLabelText('New password'), 'another-1');
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to update Super Agent');
    });
  });

  describe('the assign dialog', () => {
    it('starts with a rate of 20, requires an agent and a super agent, and lists only active super agents', async () => {
      const fetchMock = open();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Assign Agent' }));
      const dialog = await screen.findByRole('dialog', { name: 'Assign Agent' });
      expect(within(dialog).getByLabelText('Super agent commission rate (%)')).toHaveValue('20');
      const superAgents = within(dialog).getByRole('combobox', { name: 'Super agent' });
      await waitFor(() =>
        expect(
          within(superAgents)
            .getAllByRole('option')
            .map((o) => o.textContent),
        ).toEqual(['Choose a super agent', 'super1', 'super2']),
      );
      expect(
        within(within(dialog).getByRole('combobox', { name: 'Agent' }))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose an agent', 'agent1', 'agent2 (inactive)']);

      await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
      expect(within(dialog).getByLabelText('Agent')).toHaveAccessibleDescription('Choose an agent');
      expect(within(dialog).getByLabelText('Super agent')).toHaveAccessibleDescription(
        'Choose a super agent',
      );
      expect(bodyOf(fetchMock, 'POST /api/super-agents/assign-agent')).toBeUndefined();
    });

    it("shows the agent's current super agent, whose agreement the new one ends, and assigns", async () => {
      const fetchMock = open({
        'POST /api/super-agents/assign-agent': ({ body }) =>
          json(200, {
            message: 'Agent assigned',
            agreement: agreement({ ...(body as object), superAgentUsername: 'super2', id: ids.super2 }),
          }),
      });
      const user = userEvent.setup();
      // From super2's row: super2 is chosen already.
      await user.click(await screen.findByRole('button', { name: 'Assign agent to super2' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByLabelText('Super agent')).toHaveValue(ids.super2);

      await user.selectOptions(within(dialog).getByLabelText('Agent'), 'agent1');
      expect(
        await within(dialog).findByText(
          'agent1 is under super1 at 20% since Feb 1, 2025. Assigning ends that agreement; it stays in the history.',
        ),
      ).toBeInTheDocument();
      await user.selectOptions(within(dialog).getByLabelText('Agent'), 'agent2 (inactive)');
      expect(within(dialog).getByText('agent2 has no super agent yet.')).toBeInTheDocument();

      await user.selectOptions(within(dialog).getByLabelText('Agent'), 'agent1');
      await user.clear(within(dialog).getByLabelText('Super agent commission rate (%)'));
      await user.type(within(dialog).getByLabelText('Super agent commission rate (%)'), '25');
      await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

      expect(await screen.findByText('agent1 assigned to super2')).toBeInTheDocument();
      expect(bodyOf(fetchMock, 'POST /api/super-agents/assign-agent')).toEqual({
        agentId: ids.agent1,
        superAgentId: ids.super2,
        superAgentCommissionRate: 25,
        notes: null,
      });
    });

    it("shows 'Failed to assign agent' in the dialog with the server's reason", async () => {
      open({
        'POST /api/super-agents/assign-agent': json(404, {
          message: 'Super agent not found',
          code: 'NOT_FOUND',
        }),
      });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Assign agent to super1' }));
      const dialog = await screen.findByRole('dialog');
      await user.selectOptions(within(dialog).getByLabelText('Agent'), 'agent1');
      await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('Failed to assign agent');
      expect(alert).toHaveTextContent('Super agent not found');
    });
  });

  it('shows the agreements, active and ended, newest first, with a filter', async () => {
    open(
      {
        'GET /api/super-agents/agreements': json(200, {
          agreements: [
            agreement({
              id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
              isActive: false,
              endedAt: '2025-03-01T09:00:00.000Z',
              notes: null,
            }),
            agreement({
              id: 'ffffffff-ffff-4fff-8fff-ffffffffffff',
              superAgentId: ids.super2,
              superAgentUsername: 'super2',
              superAgentCommissionRate: 16.6667,
              effectiveFrom: '2025-03-01T09:00:00.000Z',
              notes: 'Moved north',
            }),
          ],
        }),
      },
      '/super-agent-management?tab=assignments',
    );
    const table = await screen.findByRole('table', { name: 'Agreements, active and ended' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['super2', 'super1']);
    expect(within(rows[0]!).getByText('Active')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('16.6667%')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Ended')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Mar 1, 2025, 12:00 PM')).toBeInTheDocument();

    await userEvent.setup().selectOptions(screen.getByLabelText('Show'), 'Ended only');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('super1')).toBeInTheDocument();
  });

  describe('the earnings dialog', () => {
    it("opens a super agent's earnings of the last month, with the totals and one row per earning", async () => {
      const { fetchMock, user, dialog, table } = await openEarnings();
      expect(callsTo(fetchMock, earningsRoute).map((c) => c.url)).toEqual([
        `/api/super-agents/${ids.super1}/earnings?period=month`,
      ]);
      expect(within(dialog).getByLabelText('Period')).toHaveDisplayValue('Last Month');
      expect(within(dialog).getByLabelText('Status')).toHaveDisplayValue('All statuses');
      expect(within(dialog).getByText('Feb 13, 2025 to Mar 14, 2025')).toBeInTheDocument();

      const totals = within(dialog).getByRole('region', { name: 'Totals for the period' });
      const figure = (label: string) => within(totals).getByText(label).parentElement!;
      // Named as on the super agent's own dashboard (issue 20): the base is not called earnings.
      expect(figure('Base (Coins Bought / Fees)')).toHaveTextContent('ETB 1,500.00');
      expect(figure("Super Agent's Net")).toHaveTextContent('ETB 150.00');
      expect(within(dialog).queryByText('Total Earnings')).toBeNull();
      expect(figure('Platform Share')).toHaveTextContent('ETB 150.00');
      expect(figure('Pending')).toHaveTextContent('ETB 100.00');
      expect(figure('Paid')).toHaveTextContent('ETB 50.00');

      expect(row(table, 'agent1 Mar 14, 2025')).toHaveTextContent(
        /^Mar 14, 2025Commission shareagent1ETB\s1,000\.00ETB\s200\.00ETB\s100\.00ETB\s100\.00PendingNot paidMark Paid$/,
      );
      // 09:30 UTC is 12:30 in Addis Ababa; the notes of the payment under it.
      const paid = row(table, 'agent2 Mar 13, 2025');
      expect(paid).toHaveTextContent(
        /^Mar 13, 2025Coin purchaseagent2ETB\s500\.00ETB\s100\.00ETB\s50\.00ETB\s50\.00PaidMar 14, 2025, 12:30 PMCash, receipt 12Mark Pending$/,
      );
      expect(within(paid).queryByRole('button', { name: 'Mark Paid' })).not.toBeInTheDocument();
      const cancelled = row(table, 'agent1 Mar 12, 2025');
      expect(within(cancelled).getByText('Cancelled')).toBeInTheDocument();
      expect(within(cancelled).queryByRole('button')).not.toBeInTheDocument();

      // The filters ask again: all time, paid only.
      await user.selectOptions(within(dialog).getByLabelText('Period'), 'All time');
      await user.selectOptions(within(dialog).getByLabelText('Status'), 'Paid');
      await waitFor(() =>
        expect(callsTo(fetchMock, earningsRoute).at(-1)?.url).toBe(
          `/api/super-agents/${ids.super1}/earnings?period=all&status=paid`,
        ),
      );
    });

    it('opens from the keyboard, and Escape closes the mark-paid dialog first, then the earnings', async () => {
      open({ [earningsRoute]: json(200, earningsOf()) });
      const user = userEvent.setup();
      const button = await screen.findByRole('button', { name: 'Earnings of super1' }, slow);
      // Inactive super agents' earnings can still be paid.
      expect(screen.getByRole('button', { name: 'Earnings of retired' })).toBeEnabled();
      button.focus();
      await user.keyboard('{Enter}');
      const dialog = await screen.findByRole('dialog', { name: "super1's earnings" });
      const table = await within(dialog).findByRole('table', { name: 'Earnings of super1' });
      within(row(table, 'agent1 Mar 14, 2025')).getByRole('button', { name: 'Mark Paid' }).focus();
      await user.keyboard('{Enter}');
      await screen.findByRole('dialog', { name: 'Mark earning as paid' });
      await user.keyboard('{Escape}');
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Mark earning as paid' })).not.toBeInTheDocument(),
      );
      expect(screen.getByRole('dialog', { name: "super1's earnings" })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: 'Earnings of super1' })).toHaveFocus();
    });

    it("says 'No earnings for this period', and shows a failed load with a retry", async () => {
      let answer = json(200, earningsOf([]));
      open({ [earningsRoute]: () => answer });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Earnings of super1' }, slow));
      const dialog = await screen.findByRole('dialog', { name: "super1's earnings" });
      expect(await within(dialog).findByText('No earnings for this period')).toBeInTheDocument();
      expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();

      answer = json(404, { message: 'Super agent not found', code: 'NOT_FOUND' });
      await user.selectOptions(within(dialog).getByLabelText('Period'), 'Last Year');
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('Failed to load earnings');
      expect(alert).toHaveTextContent('Super agent not found');

      answer = json(200, earningsOf(EARNINGS, 'year'));
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await within(dialog).findByRole('table', { name: 'Earnings of super1' })).toBeInTheDocument();
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    });

    it('marks a pending earning paid with its notes, says so and refreshes the earnings and the list', async () => {
      const markPaid: Route = `PUT /api/super-agents/earnings/${earningIds.pending}/mark-paid`;
      const { fetchMock, user, table } = await openEarnings({
        [markPaid]: json(200, {
          message: 'Earning marked as paid',
          earning: makeEarning(earningIds.pending, { status: 'paid', paidAt: '2025-03-15T08:00:00.000Z' }),
        }),
      });
      const before = {
        earnings: callsTo(fetchMock, earningsRoute).length,
        list: callsTo(fetchMock, 'GET /api/super-agents').length,
      };
      await user.click(within(row(table, 'agent1 Mar 14, 2025')).getByRole('button', { name: 'Mark Paid' }));
      const dialog = await screen.findByRole('dialog', { name: 'Mark earning as paid' });
      expect(dialog).toHaveAccessibleDescription(
        /^You paid super1 ETB\s100\.00, their share from agent1 for Mar 14, 2025\.$/,
      );
      expect(within(dialog).getByLabelText('Notes (optional)')).toHaveFocus();
      await user.type(within(dialog).getByLabelText('Notes (optional)'), 'Receipt 42');
      await user.click(within(dialog).getByRole('button', { name: 'Mark Paid' }));

      expect(await screen.findByText('Earning marked as paid')).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Mark earning as paid' })).not.toBeInTheDocument(),
      );
      // The earnings stay open.
      expect(screen.getByRole('dialog', { name: "super1's earnings" })).toBeInTheDocument();
      expect(callsTo(fetchMock, markPaid)).toEqual([
        {
          url: `/api/super-agents/earnings/${earningIds.pending}/mark-paid`,
          body: { notes: 'Receipt 42' },
        },
      ]);
      await waitFor(() => {
        expect(callsTo(fetchMock, earningsRoute).length).toBeGreaterThan(before.earnings);
        expect(callsTo(fetchMock, 'GET /api/super-agents').length).toBeGreaterThan(before.list);
      });
    });

    it('sends a paid earning back to pending after a confirmation', async () => {
      const markPending: Route = `PUT /api/super-agents/earnings/${earningIds.paid}/mark-pending`;
      const { fetchMock, user, table } = await openEarnings({
        [markPending]: json(200, {
          message: 'Earning marked as pending',
          earning: makeEarning(earningIds.paid, { status: 'pending' }),
        }),
      });
      const paid = row(table, 'agent2 Mar 13, 2025');
      await user.click(within(paid).getByRole('button', { name: 'Mark Pending' }));
      const confirm = await screen.findByRole('dialog', { name: 'Mark earning as pending?' });
      expect(confirm).toHaveAccessibleDescription(
        /^The earning of super1 from agent2 for Mar 13, 2025 \(ETB\s50\.00\) goes back to pending: it counts as not paid again\.$/,
      );
      expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Mark earning as pending?' })).not.toBeInTheDocument(),
      );
      expect(callsTo(fetchMock, markPending)).toHaveLength(0);
      // Back in the earnings, on the button that asked.
      expect(within(paid).getByRole('button', { name: 'Mark Pending' })).toHaveFocus();

      await user.click(within(paid).getByRole('button', { name: 'Mark Pending' }));
      const again = await screen.findByRole('dialog', { name: 'Mark earning as pending?' });
      await user.click(within(again).getByRole('button', { name: 'Mark Pending' }));
      expect(await screen.findByText('Earning marked as pending')).toBeInTheDocument();
      expect(callsTo(fetchMock, markPending)).toEqual([
        { url: `/api/super-agents/earnings/${earningIds.paid}/mark-pending`, body: undefined },
      ]);
    });

    it("shows a 409's message, closes the dialog and refreshes the earnings", async () => {
      const markPaid: Route = `PUT /api/super-agents/earnings/${earningIds.pending}/mark-paid`;
      const { fetchMock, user, table } = await openEarnings({
        [markPaid]: json(409, {
          message: 'Earning is not pending',
          code: 'CONFLICT',
          reason: 'EARNING_STATUS',
        }),
      });
      const before = callsTo(fetchMock, earningsRoute).length;
      await user.click(within(row(table, 'agent1 Mar 14, 2025')).getByRole('button', { name: 'Mark Paid' }));
      const dialog = await screen.findByRole('dialog', { name: 'Mark earning as paid' });
      await user.click(within(dialog).getByRole('button', { name: 'Mark Paid' }));

      expect(await screen.findByText('Earning is not pending')).toBeInTheDocument();
      expect(screen.getByText('Failed to mark earning as paid')).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Mark earning as paid' })).not.toBeInTheDocument(),
      );
      await waitFor(() => expect(callsTo(fetchMock, earningsRoute).length).toBeGreaterThan(before));
    });

    it("keeps the confirmation's 409 message for Mark Pending too", async () => {
      const markPending: Route = `PUT /api/super-agents/earnings/${earningIds.paid}/mark-pending`;
      const { user, table } = await openEarnings({
        [markPending]: json(409, { message: 'Earning is not paid', code: 'CONFLICT' }),
      });
      await user.click(
        within(row(table, 'agent2 Mar 13, 2025')).getByRole('button', { name: 'Mark Pending' }),
      );
      const confirm = await screen.findByRole('dialog', { name: 'Mark earning as pending?' });
      await user.click(within(confirm).getByRole('button', { name: 'Mark Pending' }));
      expect(await screen.findByText('Earning is not paid')).toBeInTheDocument();
      expect(screen.getByText('Failed to mark earning as pending')).toBeInTheDocument();
    });
  });

  it('switches tabs with the keyboard and keeps the tab in the address', async () => {
    open();
    const user = userEvent.setup();
    const tab = await screen.findByRole('tab', { name: 'Super Agents' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    tab.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Agent Assignments' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(await screen.findByRole('table', { name: 'Agreements, active and ended' })).toBeInTheDocument();
  });
});
