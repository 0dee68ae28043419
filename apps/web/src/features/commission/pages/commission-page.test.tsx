import type { CommissionPayment, CommissionSetting, CommissionSummaryResponse } from '@cartela/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Routes } from '@/test/utils';
import { adminUser, callsTo, compileFirst, json, openAs, slow } from '@/test/utils';

const ids = {
  agent1: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  agent2: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  pending: 'cccccccc-cccc-4ccc-8ccc-000000000001',
  paid: 'cccccccc-cccc-4ccc-8ccc-000000000002',
  cancelled: 'cccccccc-cccc-4ccc-8ccc-000000000003',
};

function setting(overrides: Partial<CommissionSetting> = {}): CommissionSetting {
  return {
    agentId: ids.agent1,
    agentUsername: 'hall-a',
    financialModel: 'commission-share',
    isActive: true,
    adminCommissionRate: 16.6667,
    notes: 'Settles on Fridays',
    ...overrides,
  };
}

const SETTINGS = [
  setting(),
  setting({
    agentId: ids.agent2,
    agentUsername: 'hall-b',
    isActive: false,
    adminCommissionRate: 20,
    notes: null,
  }),
];

function summary(period = 'week'): CommissionSummaryResponse {
  return {
    period,
    from: '2025-03-10',
    to: '2025-03-14',
    timeZone: 'Africa/Addis_Ababa',
    summary: {
      totalEarnings: 5000,
      totalAdminCommission: 1000,
      totalAgentPayments: 4000,
      pendingPayments: 600,
      paidPayments: 400,
      pendingCount: 3,
      paidCount: 1,
      cancelledCount: 0,
    },
  };
}

function payment(id: string, overrides: Partial<CommissionPayment> = {}): CommissionPayment {
  return {
    id,
    _id: id,
    agentId: ids.agent1,
    agentUsername: 'hall-a',
    paymentDate: '2025-03-14',
    gamesCount: 12,
    totalEarnings: 1200,
    adminCommissionRate: 20,
    adminCommissionAmount: 240,
    agentNetAmount: 960,
    status: 'pending',
    notes: null,
    paidAt: null,
    paidByUsername: null,
    superAgentEarningId: null,
    createdAt: '2025-03-15T06:00:00.000Z',
    updatedAt: '2025-03-15T06:00:00.000Z',
    ...overrides,
  };
}

const PAYMENTS = [
  payment(ids.pending),
  payment(ids.paid, {
    agentId: ids.agent2,
    agentUsername: 'hall-b',
    paymentDate: '2025-03-13',
    status: 'paid',
    paidAt: '2025-03-14T09:30:00.000Z',
    paidByUsername: 'admin',
  }),
  payment(ids.cancelled, { paymentDate: '2025-03-12', status: 'cancelled' }),
];

const page = (payments: CommissionPayment[], extra: { total?: number; totalPages?: number } = {}) => ({
  payments,
  page: 1,
  limit: 20,
  total: extra.total ?? payments.length,
  totalPages: extra.totalPages ?? 1,
});

const open = (extra: Routes = {}, admin = adminUser()) =>
  openAs(admin, '/commission', {
    'GET /api/commission/summary': json(200, summary()),
    'GET /api/commission/settings': json(200, { settings: SETTINGS }),
    'GET /api/commission/payments': json(200, page(PAYMENTS)),
    ...extra,
  });

compileFirst(() => import('./commission-page'));

afterEach(() => {
  vi.useRealTimers();
});

/** The value shown under a figure's label (a <dt>/<dd> pair). */
const figure = (scope: HTMLElement, label: string) => within(scope).getByText(label).parentElement!;

const paymentsTable = () => screen.findByRole('table', { name: 'Commission payments' }, slow);
const row = (table: HTMLElement, name: string) => within(table).getByRole('row', { name });

describe('commission management', () => {
  it('shows the summary cards of this week, and of the period chosen', async () => {
    const fetchMock = open();
    const summaryRegion = await screen.findByRole('region', { name: 'Summary' }, slow);
    await waitFor(() => expect(figure(summaryRegion, 'Total Earnings')).toHaveTextContent('ETB 5,000.00'));
    expect(figure(summaryRegion, 'Admin Commission')).toHaveTextContent('ETB 1,000.00');
    expect(figure(summaryRegion, 'Agent Payments')).toHaveTextContent('ETB 4,000.00');
    expect(figure(summaryRegion, 'Pending')).toHaveTextContent('ETB 600.003 payments');
    expect(figure(summaryRegion, 'Paid')).toHaveTextContent('ETB 400.001 payment');
    expect(
      within(summaryRegion).getByText('Payments dated Mar 10, 2025 to Mar 14, 2025'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/commission/summary').map((c) => c.url)).toEqual([
      '/api/commission/summary?period=week',
    ]);

    await userEvent.setup().selectOptions(within(summaryRegion).getByLabelText('Period'), 'This Month');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /api/commission/summary').at(-1)?.url).toBe(
        '/api/commission/summary?period=month',
      ),
    );
  });

  it('lists the payments with the action their status allows', async () => {
    open();
    const table = await paymentsTable();
    const pending = row(table, 'hall-a Mar 14, 2025');
    expect(pending).toHaveTextContent(
      'Mar 14, 2025hall-a12ETB 1,200.0020%ETB 240.00ETB 960.00PendingNot paidMark Paid',
    );
    expect(within(pending).getByText('Pending')).toHaveClass('bg-warning-50');

    const paid = row(table, 'hall-b Mar 13, 2025');
    // 09:30 UTC is 12:30 in Addis Ababa.
    expect(paid).toHaveTextContent('PaidMar 14, 2025, 12:30 PMby adminMark Pending');
    expect(within(paid).getByText('Paid')).toHaveClass('bg-success-50');
    expect(within(paid).queryByRole('button', { name: 'Mark Paid' })).not.toBeInTheDocument();

    const cancelled = row(table, 'hall-a Mar 12, 2025');
    expect(within(cancelled).getByText('Cancelled')).toHaveClass('bg-danger-50');
    expect(within(cancelled).getByRole('button', { name: 'Mark Pending' })).toBeInTheDocument();
    // One page: no pagination.
    expect(screen.queryByRole('navigation', { name: 'Pages of payments' })).not.toBeInTheDocument();
  });

  it('marks a pending payment paid with its notes, says so and refreshes the payments and the summary', async () => {
    const fetchMock = open({
      [`PUT /api/commission/payments/${ids.pending}/mark-paid`]: json(200, {
        message: 'Payment marked as paid',
        payment: payment(ids.pending, { status: 'paid', paidAt: '2025-03-15T08:00:00.000Z' }),
      }),
    });
    const user = userEvent.setup();
    const table = await paymentsTable();
    const before = {
      payments: callsTo(fetchMock, 'GET /api/commission/payments').length,
      summary: callsTo(fetchMock, 'GET /api/commission/summary').length,
    };
    await user.click(within(row(table, 'hall-a Mar 14, 2025')).getByRole('button', { name: 'Mark Paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark payment as paid' });
    // Amounts are written with a no-break space after the currency.
    expect(dialog).toHaveAccessibleDescription(
      /^hall-a paid ETB\s240\.00 of admin commission for Mar 14, 2025\.$/,
    );
    await user.type(within(dialog).getByLabelText('Notes (optional)'), 'Receipt 42');
    await user.click(within(dialog).getByRole('button', { name: 'Mark Paid' }));

    expect(await screen.findByText('Payment marked as paid')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, `PUT /api/commission/payments/${ids.pending}/mark-paid`)).toEqual([
      { url: `/api/commission/payments/${ids.pending}/mark-paid`, body: { notes: 'Receipt 42' } },
    ]);
    await waitFor(() => {
      expect(callsTo(fetchMock, 'GET /api/commission/payments').length).toBeGreaterThan(before.payments);
      expect(callsTo(fetchMock, 'GET /api/commission/summary').length).toBeGreaterThan(before.summary);
    });
  });

  it("says 'Failed to mark payment as paid' with the server's reason and keeps the dialog", async () => {
    open({
      [`PUT /api/commission/payments/${ids.pending}/mark-paid`]: json(409, {
        message: 'Payment is already paid',
        code: 'CONFLICT',
        reason: 'PAYMENT_STATUS',
      }),
    });
    const user = userEvent.setup();
    const table = await paymentsTable();
    await user.click(within(row(table, 'hall-a Mar 14, 2025')).getByRole('button', { name: 'Mark Paid' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mark Paid' }));
    expect(await screen.findByText('Failed to mark payment as paid')).toBeInTheDocument();
    expect(screen.getByText('Payment is already paid')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('sends a paid payment back to pending after a confirmation', async () => {
    const fetchMock = open({
      [`PUT /api/commission/payments/${ids.paid}/mark-pending`]: json(200, {
        message: 'Payment marked as pending',
        payment: payment(ids.paid, { status: 'pending' }),
      }),
    });
    const user = userEvent.setup();
    const table = await paymentsTable();
    await user.click(within(row(table, 'hall-b Mar 13, 2025')).getByRole('button', { name: 'Mark Pending' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark payment as pending?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, `PUT /api/commission/payments/${ids.paid}/mark-pending`)).toHaveLength(0);

    await user.click(within(row(table, 'hall-b Mar 13, 2025')).getByRole('button', { name: 'Mark Pending' }));
    const again = await screen.findByRole('dialog', { name: 'Mark payment as pending?' });
    await user.click(within(again).getByRole('button', { name: 'Mark Pending' }));
    expect(await screen.findByText('Payment marked as pending')).toBeInTheDocument();
    expect(callsTo(fetchMock, `PUT /api/commission/payments/${ids.paid}/mark-pending`)).toEqual([
      { url: `/api/commission/payments/${ids.paid}/mark-pending`, body: undefined },
    ]);
  });

  it('generates the daily payments of yesterday by default and says the day as the language writes it', async () => {
    // 06:00 UTC on 26 November 2026 is 09:00 in Addis Ababa: yesterday there is 25 November.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T06:00:00Z') });
    const fetchMock = open({
      'POST /api/commission/generate-daily': ({ body }) =>
        json(200, {
          message: `Generated 2 payments for ${(body as { date: string }).date}`,
          date: (body as { date: string }).date,
          created: 2,
          payments: [],
        }),
    });
    const user = userEvent.setup();
    await paymentsTable();
    const before = {
      payments: callsTo(fetchMock, 'GET /api/commission/payments').length,
      summary: callsTo(fetchMock, 'GET /api/commission/summary').length,
    };
    const date = screen.getByLabelText('Business day');
    expect(date).toHaveValue('2026-11-25');
    expect(date).toHaveAttribute('max', '2026-11-25');
    expect(screen.getByText('A day that is over (Addis Ababa time)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Generate Daily' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleName('Generate the payments for Nov 25, 2026?');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));

    // Not the server's '2026-11-25': the day as the screen writes every other day.
    expect(await screen.findByText('Generated 2 payments for Nov 25, 2026')).toBeInTheDocument();
    expect(screen.queryByText(/2026-11-25/)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/commission/generate-daily').map((c) => c.body)).toEqual([
      { date: '2026-11-25' },
    ]);
    await waitFor(() => {
      expect(callsTo(fetchMock, 'GET /api/commission/payments').length).toBeGreaterThan(before.payments);
      expect(callsTo(fetchMock, 'GET /api/commission/summary').length).toBeGreaterThan(before.summary);
    });
  });

  it("offers only days that are over in the server's business time zone, and refuses today before asking", async () => {
    // 03:00 UTC on 26 November 2026: 06:00 on the 26th in Addis Ababa, but 21:00 on the 25th in Chicago,
    // where the server counts its days. The 25th is today there: not over.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T03:00:00Z') });
    const admin = adminUser({ businessTimeZone: 'America/Chicago' });
    const fetchMock = open({}, admin);
    const user = userEvent.setup();
    await paymentsTable();
    const date = screen.getByLabelText('Business day');
    expect(date).toHaveValue('2026-11-24');
    expect(date).toHaveAttribute('max', '2026-11-24');
    expect(screen.getByText('A day that is over (Chicago time)')).toBeInTheDocument();

    await user.clear(date);
    await user.type(date, '2026-11-25');
    await user.click(screen.getByRole('button', { name: 'Generate Daily' }));
    await waitFor(() =>
      expect(date).toHaveAccessibleDescription('Choose a day that is over: Nov 24, 2026 at the latest'),
    );
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/commission/generate-daily')).toHaveLength(0);
  });

  it("shows the server's refusal of a day that is not over under the date", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T06:00:00Z') });
    const fetchMock = open({
      'POST /api/commission/generate-daily': json(400, {
        message: 'date: Choose a business day that is over',
        code: 'VALIDATION_FAILED',
        field: 'date',
      }),
    });
    const user = userEvent.setup();
    await paymentsTable();
    const date = screen.getByLabelText('Business day');
    // A day the screen believes is over, which the server (its own clock) does not.
    await user.click(screen.getByRole('button', { name: 'Generate Daily' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Generate' }));

    await waitFor(() => expect(date).toHaveAccessibleDescription('Choose a business day that is over'));
    expect(date).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(date).toHaveFocus());
    expect(callsTo(fetchMock, 'POST /api/commission/generate-daily').map((c) => c.body)).toEqual([
      { date: '2026-11-25' },
    ]);
    expect(screen.queryByText('Failed to generate daily payments')).not.toBeInTheDocument();
  });

  it("lists each agent's rate and edits it with PUT /api/commission/settings/{agentId}", async () => {
    let settings = SETTINGS;
    const fetchMock = open({
      'GET /api/commission/settings': () => json(200, { settings }),
      [`PUT /api/commission/settings/${ids.agent1}`]: ({ body }: { body: unknown }) => {
        const updated = setting(body as Partial<CommissionSetting>);
        settings = settings.map((s) => (s.agentId === updated.agentId ? updated : s));
        return json(200, { message: 'Commission settings updated', setting: updated });
      },
    });
    const user = userEvent.setup();
    const rates = await screen.findByRole('table', { name: 'Commission rates by agent' }, slow);
    expect(row(rates, 'hall-a')).toHaveTextContent('hall-a16.6667%Settles on FridaysActive');
    expect(row(rates, 'hall-b')).toHaveTextContent('hall-b20%No notesInactive');

    await user.click(screen.getByRole('button', { name: 'Edit the rate of hall-a' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit commission rate' });
    const rate = within(dialog).getByLabelText('Admin commission rate (%)');
    expect(rate).toHaveValue('16.6667');
    expect(rate).toHaveFocus();

    // Out of range: said under the input, nothing sent.
    await user.clear(rate);
    await user.type(rate, '101');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(rate).toHaveAccessibleDescription('Enter a rate between 0 and 100, with at most 4 decimals');
    expect(callsTo(fetchMock, `PUT /api/commission/settings/${ids.agent1}`)).toHaveLength(0);

    await user.clear(rate);
    await user.type(rate, '12.75');
    await user.clear(within(dialog).getByLabelText('Notes'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Commission settings updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, `PUT /api/commission/settings/${ids.agent1}`).map((c) => c.body)).toEqual([
      { adminCommissionRate: 12.75, notes: null },
    ]);
    await waitFor(() => expect(row(rates, 'hall-a')).toHaveTextContent('hall-a12.75%No notesActive'));
  });

  it('shows a refused rate under its input', async () => {
    open({
      [`PUT /api/commission/settings/${ids.agent1}`]: json(400, {
        message: 'adminCommissionRate: Must be a percentage with at most 4 decimals',
        code: 'VALIDATION_FAILED',
        field: 'adminCommissionRate',
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit the rate of hall-a' }, slow));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const rate = within(dialog).getByLabelText('Admin commission rate (%)');
    await waitFor(() =>
      expect(rate).toHaveAccessibleDescription('Must be a percentage with at most 4 decimals'),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('filters the payments by status, agent and dates, and clears the filters', async () => {
    const fetchMock = open();
    const user = userEvent.setup();
    await paymentsTable();
    const last = () => callsTo(fetchMock, 'GET /api/commission/payments').at(-1)?.url;
    expect(last()).toBe('/api/commission/payments?page=1&limit=20');
    const clear = screen.getByRole('button', { name: 'Clear filters' });
    expect(clear).toBeDisabled();

    const filters = screen.getByRole('group', { name: 'Filters' });
    await user.selectOptions(within(filters).getByLabelText('Status'), 'Paid');
    await user.selectOptions(within(filters).getByLabelText('Agent'), 'hall-b');
    expect(within(within(filters).getByLabelText('Agent')).getAllByRole('option')).toHaveLength(3);
    await user.type(within(filters).getByLabelText('Start date'), '2025-03-01');
    await user.type(within(filters).getByLabelText('End date'), '2025-03-31');
    await waitFor(() =>
      expect(last()).toBe(
        `/api/commission/payments?status=paid&agentId=${ids.agent2}&startDate=2025-03-01&endDate=2025-03-31&page=1&limit=20`,
      ),
    );

    // An end before the start is not asked for: it is said under the end date.
    const calls = callsTo(fetchMock, 'GET /api/commission/payments').length;
    await user.clear(within(filters).getByLabelText('End date'));
    await user.type(within(filters).getByLabelText('End date'), '2025-02-01');
    expect(within(filters).getByLabelText('End date')).toHaveAccessibleDescription(
      'The end date must not be before the start date',
    );
    expect(
      callsTo(fetchMock, 'GET /api/commission/payments').some((c) => c.url.includes('endDate=2025-02-01')),
    ).toBe(false);
    expect(callsTo(fetchMock, 'GET /api/commission/payments').length).toBeGreaterThanOrEqual(calls);

    // Back to every payment (the first answer, still fresh, is shown again without asking).
    await user.click(clear);
    expect(within(filters).getByLabelText('Status')).toHaveValue('');
    expect(within(filters).getByLabelText('Agent')).toHaveValue('');
    expect(within(filters).getByLabelText('Start date')).toHaveValue('');
    expect(within(filters).getByLabelText('End date')).toHaveValue('');
    expect(within(filters).getByLabelText('End date')).not.toHaveAccessibleDescription();
    expect(clear).toBeDisabled();
    expect(await paymentsTable()).toBeInTheDocument();
  });

  it('pages through the payments 20 at a time when there is more than one page', async () => {
    const fetchMock = open({
      'GET /api/commission/payments': json(200, page(PAYMENTS, { total: 45, totalPages: 3 })),
    });
    const user = userEvent.setup();
    await paymentsTable();
    const nav = screen.getByRole('navigation', { name: 'Pages of payments' });
    expect(nav).toHaveTextContent('Page 1 of 3 (45 payments)');
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /api/commission/payments').at(-1)?.url).toBe(
        '/api/commission/payments?page=2&limit=20',
      ),
    );
  });

  it("says 'Loading payments...', then 'No commission payments found'", async () => {
    let answer: (response: Response) => void = () => {};
    open({
      'GET /api/commission/payments': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    expect(await screen.findByText('Loading payments...', {}, slow)).toBeInTheDocument();
    answer(json(200, page([])));
    expect(await screen.findByText('No commission payments found')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Commission payments' })).not.toBeInTheDocument();
  });

  it("says 'Failed to load commission data' once when the lists cannot be loaded", async () => {
    const forbidden = json(403, { message: 'Forbidden', code: 'FORBIDDEN' });
    open({
      'GET /api/commission/payments': forbidden,
      'GET /api/commission/settings': forbidden,
    });
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2), slow);
    for (const alert of screen.getAllByRole('alert')) {
      expect(within(alert).getByText('Failed to load commission data')).toBeInTheDocument();
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    }
    // The toast, once for both.
    await waitFor(() =>
      expect(
        screen.getAllByText('Failed to load commission data').filter((el) => !el.closest('[role="alert"]')),
      ).toHaveLength(1),
    );
  });

  it('speaks Amharic', async () => {
    const admin = adminUser({ language: 'am' });
    open({}, admin);
    expect(await screen.findByRole('heading', { level: 1, name: 'የኮሚሽን አስተዳደር' }, slow)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'የኮሚሽን ክፍያዎች' });
    expect(within(table).getAllByText('ብር 1,200.00').length).toBeGreaterThan(0);
    expect(within(table).getAllByRole('button', { name: 'እንደተከፈለ ምልክት አድርግ' })).toHaveLength(1);
  });

  it('counts and chooses days in the Ethiopian calendar in Amharic', async () => {
    // 06:00 UTC on 26 November 2026 (Hidar 17, 2019 E.C.): yesterday is Hidar 16.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T06:00:00Z') });
    const admin = adminUser({ language: 'am' });
    const fetchMock = open(
      {
        'GET /api/commission/summary': json(200, {
          ...summary('month'),
          from: '2026-11-10',
          to: '2026-11-25',
        }),
        'POST /api/commission/generate-daily': ({ body }) =>
          json(200, {
            message: 'Generated 1 payment for 2026-11-24',
            date: (body as { date: string }).date,
            created: 1,
            payments: [],
          }),
      },
      admin,
    );
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'የኮሚሽን ክፍያዎች' }, slow);

    // 'This month' is the Ethiopian month, Hidar: the server is asked for it, the screen says its days.
    const summaryRegion = screen.getByRole('region', { name: 'ማጠቃለያ' });
    await user.selectOptions(within(summaryRegion).getByLabelText('ጊዜ'), 'በዚህ ወር');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /api/commission/summary').at(-1)?.url).toBe(
        '/api/commission/summary?period=month&calendar=ethiopic',
      ),
    );
    expect(
      await within(summaryRegion).findByText('ከ1 ኅዳር 2019 እስከ 16 ኅዳር 2019 የተመዘገቡ ክፍያዎች'),
    ).toBeInTheDocument();

    // Generate Daily: yesterday, written in the Ethiopian calendar, the Gregorian day beside it.
    const date = screen.getByLabelText('የሥራ ቀን');
    expect(date).toHaveValue('16 ኅዳር 2019');
    expect(date).toHaveAccessibleDescription(/እ\.ኤ\.አ\. 25 ኖቬምበር 2026/);
    // Today (Hidar 17) is not over: refused before anything is asked.
    await user.clear(date);
    await user.type(date, '17/3/2019');
    await user.click(screen.getByRole('button', { name: 'ዕለታዊ ክፍያዎችን አመንጭ' }));
    await waitFor(() => expect(date).toHaveAttribute('aria-invalid', 'true'));
    expect(date).toHaveAccessibleDescription(/ያለፈ ቀን ይምረጡ፤ የመጨረሻው 16 ኅዳር 2019 ነው/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The month by another spelling of its name.
    await user.clear(date);
    await user.type(date, '15 ሕዳር 2019');
    expect(date).toHaveAccessibleDescription(/እ\.ኤ\.አ\. 24 ኖቬምበር 2026/);
    await user.click(screen.getByRole('button', { name: 'ዕለታዊ ክፍያዎችን አመንጭ' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleName('የ15 ኅዳር 2019 ክፍያዎች ይመንጩ?');
    await user.click(within(dialog).getByRole('button', { name: 'አመንጭ' }));
    expect(await screen.findByText('ለ15 ኅዳር 2019 1 ክፍያ ተመንጭቷል')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/commission/generate-daily').map((c) => c.body)).toEqual([
      { date: '2026-11-24' },
    ]);

    // The payments' date filters take Ethiopian days and ask for Gregorian ones.
    await user.type(screen.getByLabelText('የመጀመሪያ ቀን'), '1/3/2019');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /api/commission/payments').at(-1)?.url).toContain(
        'startDate=2026-11-10',
      ),
    );
  });
});
