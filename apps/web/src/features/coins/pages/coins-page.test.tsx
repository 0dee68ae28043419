import type { CoinStatementResponse, CoinStatementRow } from '@cartela/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { menuFor } from '@/app/pages';
import { AGENT_ID } from '@/test/fixtures';
import { adminUser, columnNames, compileFirst, json, makeUser, openAs } from '@/test/utils';

compileFirst(() => import('./coins-page'));

let rowId = 0;
function row(overrides: Partial<CoinStatementRow>): CoinStatementRow {
  rowId += 1;
  return {
    id: `00000000-0000-4000-8000-${String(rowId).padStart(12, '0')}`,
    createdAt: '2025-11-22T16:30:00.000Z',
    reason: 'game',
    delta: -5,
    balanceAfter: 95,
    game: null,
    etbAmount: null,
    by: null,
    notes: null,
    ...overrides,
  };
}

const ROWS = [
  row({ reason: 'refund', delta: 5, balanceAfter: 140, game: { id: 'g-1', gameId: 'G7K2M9QX4TB' } }),
  row({ reason: 'game', delta: -5, balanceAfter: 135, game: { id: 'g-1', gameId: 'G7K2M9QX4TB' } }),
  row({
    reason: 'top-up',
    delta: 100,
    balanceAfter: 140,
    etbAmount: 250.5,
    by: { username: 'admin', role: 'admin' },
    notes: 'Cash at the counter',
  }),
  row({ reason: 'demo', delta: 40, balanceAfter: 40 }),
];

function statement(overrides: Partial<CoinStatementResponse> = {}): CoinStatementResponse {
  return {
    agent: { id: AGENT_ID, username: 'agent1', financialModel: 'virtual-coin', virtualCoins: 140 },
    rows: ROWS,
    page: 1,
    limit: 50,
    total: ROWS.length,
    totalPages: 1,
    ...overrides,
  };
}

/** The query of every statement call, in order. */
const statementQueries = (fetchMock: ReturnType<typeof openAs>, path = '/api/coins/statement') =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));

describe('/coins, a virtual-coin agent', () => {
  it('shows the balance and every change newest first: what, in, out, balance after', async () => {
    openAs(makeUser(), '/coins', { 'GET /api/coins/statement': json(200, statement()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Coin statement' })).toBeInTheDocument();
    expect(await screen.findByTestId('statement-balance')).toHaveTextContent('140 coins');
    const table = screen.getByRole('table', { name: 'Coin statement, newest first' });
    expect(columnNames(table)).toEqual(['What', 'Date', 'In', 'Out', 'Balance after']);
    const rows = within(table).getAllByRole('row').slice(1);
    // 16:30 UTC is 7:30 PM in the hall (Addis Ababa).
    expect(rows.map((r) => r.textContent)).toEqual([
      'RefundCancelled game #2M9QX4TB, coins given backNov 22, 2025, 7:30 PM+5140',
      'Game costGame #2M9QX4TBNov 22, 2025, 7:30 PM−5135',
      'Top-upETB\u00a0250.50 paid · by adminCash at the counterNov 22, 2025, 7:30 PM+100140',
      'Demo coinsCoins of the demo dataNov 22, 2025, 7:30 PM+4040',
    ]);
    // A game's row opens the game's history.
    expect(within(rows[1]!).getByRole('link', { name: 'Game #2M9QX4TB' })).toHaveAttribute(
      'href',
      '/game-history/G7K2M9QX4TB',
    );
  });

  it('pages through a long statement, the page in the address', async () => {
    const fetchMock = openAs(makeUser(), '/coins', {
      'GET /api/coins/statement': () => json(200, statement({ total: 120, totalPages: 3 })),
    });
    const nav = await screen.findByRole('navigation', { name: 'Pages of the statement' });
    expect(within(nav).getByText('Page 1 of 3 (120 changes)')).toBeInTheDocument();
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(statementQueries(fetchMock).at(-1)).toEqual({ page: '2' }));
  });

  it('says so when there is nothing yet, and cannot download an empty statement', async () => {
    openAs(makeUser(), '/coins', {
      'GET /api/coins/statement': json(200, statement({ rows: [], total: 0, totalPages: 0 })),
    });
    expect(await screen.findByText('No coin changes yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it('shows a failure with its retry', async () => {
    let fail = true;
    openAs(makeUser(), '/coins', {
      'GET /api/coins/statement': () =>
        fail ? json(500, { message: 'Internal server error', code: 'INTERNAL' }) : json(200, statement()),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText('Failed to load the coin statement')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Coin statement, newest first' })).toBeInTheDocument();
  });

  it('downloads the whole statement as CSV', async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:coins', revokeObjectURL: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const fetchMock = openAs(makeUser(), '/coins', {
      'GET /api/coins/statement': json(200, statement()),
      'GET /api/coins/statement/export': new Response('\uFEFFBusiness date\r\n', {
        status: 200,
        headers: { 'Content-Disposition': 'attachment; filename="cartela-coins-2025-11-22.csv"' },
      }),
    });
    await screen.findByRole('table', { name: 'Coin statement, newest first' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['cartela-coins-2025-11-22.csv']));
    expect(statementQueries(fetchMock, '/api/coins/statement/export')).toEqual([{}]);
  });

  it('speaks Amharic: the words, the coins and the Ethiopian calendar', async () => {
    openAs(makeUser({ language: 'am' }), '/coins', { 'GET /api/coins/statement': json(200, statement()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'የሳንቲም ሒሳብ መግለጫ' })).toBeInTheDocument();
    expect(await screen.findByTestId('statement-balance')).toHaveTextContent('140 ሳንቲሞች');
    const table = screen.getByRole('table', { name: 'የሳንቲም ሒሳብ መግለጫ፣ አዲሱ መጀመሪያ' });
    expect(within(table).getByText('የሳንቲም ግዢ')).toBeInTheDocument();
    expect(within(table).getByText(/ብር\s250\.50 ተከፍሏል/)).toBeInTheDocument();
    // 22 November 2025 is 13 Hidar 2018 in the Ethiopian calendar.
    expect(within(table).getAllByText(/2018/).length).toBeGreaterThan(0);
  });
});

describe('the menu', () => {
  it('offers the statement to virtual-coin agents only', () => {
    const coins = (items: { to: string }[]) => items.some((item) => item.to === '/coins');
    expect(coins(menuFor('agent', 'virtual-coin'))).toBe(true);
    expect(coins(menuFor('agent', 'commission-share'))).toBe(false);
    expect(coins(menuFor('admin'))).toBe(false);
    expect(coins(menuFor('super-agent'))).toBe(false);
  });
});

describe('/agents/:agentId/coins, the admin', () => {
  it("reads the agent's statement by its id, with a way back to the agents", async () => {
    const fetchMock = openAs(adminUser(), `/agents/${AGENT_ID}/coins`, {
      'GET /api/coins/statement': json(200, statement()),
    });
    expect(await screen.findByText("Every change of agent1's coins, newest first.")).toBeInTheDocument();
    expect(statementQueries(fetchMock)).toEqual([{ agentId: AGENT_ID, page: '1' }]);
    expect(screen.getByRole('link', { name: 'Back to agents' })).toHaveAttribute('href', '/agents');
  });

  it("says a commission-share agent has no coins; an unknown agent is the server's 404", async () => {
    openAs(adminUser(), `/agents/${AGENT_ID}/coins`, {
      'GET /api/coins/statement': json(
        200,
        statement({
          agent: { id: AGENT_ID, username: 'agent2', financialModel: 'commission-share', virtualCoins: 0 },
          rows: [],
          total: 0,
          totalPages: 0,
        }),
      ),
    });
    expect(await screen.findByText(/Commission share: this agent pays a share/)).toBeInTheDocument();
    expect(screen.getByText('No coin changes yet')).toBeInTheDocument();
  });

  it('shows the refusal of an id that is no agent', async () => {
    openAs(adminUser(), `/agents/${AGENT_ID}/coins`, {
      'GET /api/coins/statement': json(404, { message: 'Agent not found', code: 'NOT_FOUND' }),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Agent not found')).toBeInTheDocument();
  });
});
