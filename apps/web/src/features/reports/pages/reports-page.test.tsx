import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { FetchMock, Routes } from '@/test/utils';
import {
  adminUser,
  columnNames,
  compileFirst,
  json,
  makeUser,
  openAs,
  renderApp,
  signedIn,
} from '@/test/utils';
import { AGENT_ID, makeAgent, makeReportGame, OTHER_AGENT_ID, reportAnswer } from '../testing';

/** The report's columns, the admin's (with the agent). */
const COLUMNS = [
  'Game ID',
  'Agent',
  'Stake',
  'Players',
  'Calls',
  'Commission %',
  'Fee',
  'Total',
  'Date',
  'Status',
];

function asAdmin(routes: Routes = {}) {
  return signedIn(adminUser(), {
    'GET /api/users/agents': json(200, {
      agents: [
        makeAgent({ id: OTHER_AGENT_ID, username: 'hall7' }),
        makeAgent({ id: AGENT_ID, username: 'agent1' }),
      ],
    }),
    ...routes,
  });
}

/** The query of every call made to `path`, as plain objects, in order. */
const queriesTo = (fetchMock: FetchMock, path: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));

const reportQueries = (fetchMock: FetchMock) => queriesTo(fetchMock, '/api/reports/games');
const lastReportQuery = (fetchMock: FetchMock) => reportQueries(fetchMock).at(-1);

/** jsdom has no object URLs: these stand in for the ones a download goes through. */
function stubObjectUrls() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:report');
  const revokeObjectURL = vi.fn((_url: string) => {});
  const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  onTestFinished(() => {
    Object.assign(URL, original);
  });
  return { createObjectURL, revokeObjectURL };
}

const DEFAULT_QUERY = { status: 'all', sortBy: 'createdAt', sortOrder: 'desc', page: '1', limit: '20' };

compileFirst(() => import('./reports-page'));

describe('/reports, an agent', () => {
  it("marks a finished game without a confirmed winner 'No winner' (product/draw.md#cancelling)", async () => {
    openAs(makeUser(), '/reports', {
      'GET /api/reports/games': reportAnswer([
        makeReportGame({ gameId: 'G-20251122-NOWINNER', winners: 0, prizeShares: [] }),
        makeReportGame({ gameId: 'G-20251122-WINNER01' }),
      ]),
    });
    const none = within(await screen.findByRole('row', { name: 'Game G-20251122-NOWINNER' }));
    expect(none.getByText('Finished').className).toMatch(/danger/);
    expect(none.getByTestId('no-winner')).toHaveTextContent('No winner');
    const won = within(screen.getByRole('row', { name: 'Game G-20251122-WINNER01' }));
    expect(won.getByText('Finished')).toBeInTheDocument();
    expect(won.queryByTestId('no-winner')).not.toBeInTheDocument();
  });

  it('shows the summary and the games of the answer, each id opening its history', async () => {
    const finished = makeReportGame({
      gameId: 'G-20251122-FINISHED',
      stake: 50,
      numberOfPlayers: 25,
      totalCalls: 41,
      commissionPercent: 16.6667,
      agentFee: 208.33,
      totalAmount: 1250,
    });
    const active = makeReportGame({
      gameId: 'G-20251122-RUNNING1',
      status: 'active',
      finishedAt: null,
    });
    const fetchMock = openAs(makeUser(), '/reports', {
      'GET /api/reports/games': reportAnswer([finished, active], {
        summary: {
          totalGames: 2,
          countedGames: 1,
          totalEarnings: 1234.5,
          totalPlayers: 25,
          averageRevenuePerGame: 617.25,
        },
      }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(screen.getByText(/^Your game reports/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Games of the report' });
    expect(reportQueries(fetchMock)).toEqual([DEFAULT_QUERY]);

    // The summary: every figure, and that the money is of the finished games.
    const summary = within(screen.getByRole('region', { name: 'Summary' }));
    const figure = (label: string) => summary.getByText(label).nextElementSibling;
    expect(figure('Total games')).toHaveTextContent('2');
    expect(summary.getByText('1 finished')).toBeInTheDocument();
    expect(figure('Total earnings')).toHaveTextContent(/ETB\s1,234\.50/);
    expect(summary.getByText('Fees of the finished games')).toBeInTheDocument();
    expect(figure('Total players')).toHaveTextContent('25');
    expect(figure('Average revenue per game')).toHaveTextContent(/ETB\s617\.25/);
    expect(screen.getByText(/count finished games only/)).toBeInTheDocument();

    // The columns of the spec, without the agent.
    expect(columnNames(table)).toEqual(COLUMNS.filter((name) => name !== 'Agent'));
    // The id whole, as the report sorts it (decision 066).
    const row = within(screen.getByRole('row', { name: 'Game G-20251122-FINISHED' }));
    const link = row.getByRole('link', { name: '#G-20251122-FINISHED' });
    expect(link).toHaveAttribute('href', '/game-history/G-20251122-FINISHED');
    expect(row.getByText(/ETB\s50\.00/)).toBeInTheDocument();
    expect(row.getByText('25')).toBeInTheDocument();
    expect(row.getByText('41')).toBeInTheDocument();
    expect(row.getByText('16.6667%')).toBeInTheDocument();
    expect(row.getByText(/ETB\s208\.33/)).toBeInTheDocument();
    expect(row.getByText(/ETB\s1,250\.00/)).toBeInTheDocument();
    expect(row.getByText(/Nov 22, 2025/)).toBeInTheDocument();
    expect(row.getByText('Finished').className).toMatch(/danger/);
    expect(
      within(screen.getByRole('row', { name: 'Game G-20251122-RUNNING1' })).getByText('Active').className,
    ).toMatch(/success/);
    expect(within(table).queryByText('agent1')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Agent')).not.toBeInTheDocument();
    // One page: no pagination.
    expect(screen.queryByRole('navigation', { name: 'Pages of the report' })).not.toBeInTheDocument();
  });

  it('sorts by a column, toggling its order, with aria-sort on the header and from the keyboard', async () => {
    const fetchMock = openAs(makeUser(), '/reports', {
      'GET /api/reports/games': () => reportAnswer([makeReportGame()]),
    });
    const table = await screen.findByRole('table', { name: 'Games of the report' });
    const header = (name: string) =>
      within(table)
        .getAllByRole('columnheader')
        .find((h) => h.textContent === name)!;
    expect(header('Date')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Stake')).toHaveAttribute('aria-sort', 'none');
    expect(header('Calls')).not.toHaveAttribute('aria-sort');

    const user = userEvent.setup();
    await user.click(within(header('Stake')).getByRole('button', { name: 'Stake' }));
    await waitFor(() =>
      expect(lastReportQuery(fetchMock)).toMatchObject({ sortBy: 'stake', sortOrder: 'desc' }),
    );
    await waitFor(() => expect(header('Stake')).toHaveAttribute('aria-sort', 'descending'));
    expect(header('Date')).toHaveAttribute('aria-sort', 'none');

    await user.click(within(header('Stake')).getByRole('button', { name: 'Stake' }));
    await waitFor(() =>
      expect(lastReportQuery(fetchMock)).toMatchObject({ sortBy: 'stake', sortOrder: 'asc' }),
    );
    await waitFor(() => expect(header('Stake')).toHaveAttribute('aria-sort', 'ascending'));

    // The keyboard: a header is a button, Enter sorts by it.
    within(header('Players')).getByRole('button', { name: 'Players' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(lastReportQuery(fetchMock)).toMatchObject({ sortBy: 'numberOfPlayers', sortOrder: 'desc' }),
    );
    await user.keyboard(' ');
    await waitFor(() =>
      expect(lastReportQuery(fetchMock)).toMatchObject({ sortBy: 'numberOfPlayers', sortOrder: 'asc' }),
    );
    // Each sort starts again at page 1.
    expect(reportQueries(fetchMock).every((q) => q.page === '1')).toBe(true);
  });

  it('shows the game ids as the server sorts them: whole, so the column reads in order (issue 20)', async () => {
    // Sorted by the whole id, as the server and the CSV sort; by their last 8 characters they would not be.
    const games = ['GA0ZZZZZZZZ', 'GB000000000', 'GC0MMMMMMMM'].map((gameId, n) =>
      makeReportGame({ id: `00000000-0000-4000-8000-00000000000${n}`, gameId }),
    );
    openAs(makeUser(), '/reports?sortBy=gameId&sortOrder=asc', {
      'GET /api/reports/games': () => reportAnswer(games),
    });
    const table = await screen.findByRole('table', { name: 'Games of the report' });
    await within(table).findByRole('link', { name: '#GA0ZZZZZZZZ' });
    const shown = within(table)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(shown).toEqual(['#GA0ZZZZZZZZ', '#GB000000000', '#GC0MMMMMMMM']);
    expect(shown).toEqual([...shown].sort());
    expect(within(table).getByRole('columnheader', { name: 'Game ID' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('sends the status and the date filters, one day or a range, and clears them', async () => {
    const fetchMock = openAs(makeUser(), '/reports', {
      'GET /api/reports/games': () => reportAnswer([makeReportGame()]),
    });
    await screen.findByRole('table', { name: 'Games of the report' });
    const user = userEvent.setup();

    await user.selectOptions(screen.getByLabelText('Status'), 'Finished');
    await waitFor(() => expect(lastReportQuery(fetchMock)).toEqual({ ...DEFAULT_QUERY, status: 'finished' }));

    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2025-11-22' } });
    await waitFor(() =>
      expect(lastReportQuery(fetchMock)).toEqual({
        ...DEFAULT_QUERY,
        status: 'finished',
        date: '2025-11-22',
      }),
    );

    // The range: the chosen day becomes its two ends, and date is no longer sent (the contract refuses both).
    await user.click(screen.getByRole('switch', { name: 'Date range' }));
    await waitFor(() =>
      expect(lastReportQuery(fetchMock)).toEqual({
        ...DEFAULT_QUERY,
        status: 'finished',
        startDate: '2025-11-22',
        endDate: '2025-11-22',
      }),
    );
    expect(screen.queryByLabelText('Date')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-11-30' } });
    await waitFor(() =>
      expect(lastReportQuery(fetchMock)).toMatchObject({ startDate: '2025-11-22', endDate: '2025-11-30' }),
    );
    // A start after the end moves the end along: never a backwards range.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-12-05' } });
    await waitFor(() =>
      expect(lastReportQuery(fetchMock)).toMatchObject({ startDate: '2025-12-05', endDate: '2025-12-05' }),
    );
    expect(reportQueries(fetchMock).some((q) => 'date' in q && 'startDate' in q)).toBe(false);

    // Back to every game: the first answer, still in the cache, is shown again.
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByLabelText('Date')).toHaveValue('');
    expect(screen.getByRole('switch', { name: 'Date range' })).not.toBeChecked();
    expect(screen.getByLabelText('Status')).toHaveValue('all');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
    expect(reportQueries(fetchMock)[0]).toEqual(DEFAULT_QUERY);
  });

  it('reads the filters, the sort and the page from the address', async () => {
    const fetchMock = signedIn(makeUser(), {
      'GET /api/reports/games': reportAnswer([makeReportGame()], { page: 2, totalPages: 3, total: 41 }),
    });
    renderApp(
      '/reports?startDate=2025-11-01&endDate=2025-11-30&status=cancelled&sortBy=agentFee&sortOrder=asc&page=2&agentId=0b7c3f9e-4a8d-4c1e-9f00-000000000002',
    );
    await screen.findByRole('table', { name: 'Games of the report' });
    // An agent's address cannot name another agent: that filter is dropped, not sent to be refused.
    expect(reportQueries(fetchMock)).toEqual([
      {
        status: 'cancelled',
        startDate: '2025-11-01',
        endDate: '2025-11-30',
        sortBy: 'agentFee',
        sortOrder: 'asc',
        page: '2',
        limit: '20',
      },
    ]);
    expect(screen.getByRole('switch', { name: 'Date range' })).toBeChecked();
    expect(screen.getByLabelText('From')).toHaveValue('2025-11-01');
    expect(screen.getByLabelText('To')).toHaveValue('2025-11-30');
    expect(screen.getByLabelText('Status')).toHaveValue('cancelled');
    expect(screen.getByRole('columnheader', { name: 'Fee' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('pages with First, Previous, Next and Last only when there is more than one page', async () => {
    let pages = 1;
    const fetchMock = signedIn(makeUser(), {
      'GET /api/reports/games': () =>
        reportAnswer([makeReportGame()], { totalPages: pages, total: pages * 20 }),
    });
    const first = renderApp('/reports');
    await screen.findByRole('table', { name: 'Games of the report' });
    expect(screen.queryByRole('navigation', { name: 'Pages of the report' })).not.toBeInTheDocument();
    first.unmount();

    pages = 4;
    renderApp('/reports?status=finished');
    const nav = await screen.findByRole('navigation', { name: 'Pages of the report' });
    expect(within(nav).getByText('Page 1 of 4')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'First' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();

    const user = userEvent.setup();
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(nav).getByText('Page 2 of 4')).toBeInTheDocument());
    await user.click(within(nav).getByRole('button', { name: 'Last' }));
    await waitFor(() => expect(within(nav).getByText('Page 4 of 4')).toBeInTheDocument());
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'First' }));
    await waitFor(() => expect(within(nav).getByText('Page 1 of 4')).toBeInTheDocument());
    // The filters stay with every page (page 1 came back from the cache).
    expect(
      reportQueries(fetchMock)
        .slice(1)
        .map((q) => `${q.status} ${q.page}`),
    ).toEqual(['finished 1', 'finished 2', 'finished 4']);
  });

  it("shows a cancelled game's reason beside its status (decision 055)", async () => {
    openAs(makeUser(), '/reports', {
      'GET /api/reports/games': () =>
        reportAnswer([makeReportGame({ status: 'cancelled', cancelReason: 'Power cut' })]),
    });
    expect(await screen.findByText('Reason: Power cut')).toBeInTheDocument();
    expect(screen.getByTitle('Reason: Power cut')).toHaveTextContent('Cancelled');
  });

  it('a cancelled game shows no fee and no total, and the coins it gave back (decision 064)', async () => {
    openAs(makeUser(), '/reports', {
      'GET /api/reports/games': () =>
        reportAnswer([
          makeReportGame({
            status: 'cancelled',
            agentFee: 0,
            totalAmount: 0,
            prize: 0,
            winners: 0,
            prizeShares: [],
            refundedCoins: 12,
          }),
        ]),
    });
    const row = (await screen.findByText('12 coins refunded')).closest('tr')!;
    expect(within(row).getAllByText('none: cancelled')).toHaveLength(2);
    expect(row).not.toHaveTextContent('ETB 0.00');
  });

  it("says 'No games match these filters' and clears them", async () => {
    const fetchMock = openAs(makeUser(), '/reports?status=paused', {
      'GET /api/reports/games': () => reportAnswer([], { total: 0 }),
    });
    expect(await screen.findByText('No games match these filters')).toBeInTheDocument();
    const user = userEvent.setup();
    // The empty state's own 'Clear filters' (the filters card has one too).
    const clearButtons = screen.getAllByRole('button', { name: 'Clear filters' });
    expect(clearButtons).toHaveLength(2);
    await user.click(clearButtons[1]!);
    await waitFor(() => expect(lastReportQuery(fetchMock)).toEqual(DEFAULT_QUERY));
    expect(await screen.findByText('No games yet')).toBeInTheDocument();
  });

  it("says 'Loading reports...', then 'Failed to load reports' with the reason, and tries again", async () => {
    let answer: () => Response | Promise<Response> = () =>
      json(400, { message: 'startDate must not be after endDate', code: 'VALIDATION_FAILED' });
    openAs(makeUser(), '/reports', { 'GET /api/reports/games': () => answer() });
    expect(await screen.findByText('Loading reports...')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load reports')).toBeInTheDocument();
    expect(within(alert).getByText('startDate must not be after endDate')).toBeInTheDocument();
    answer = () => reportAnswer([makeReportGame()]);
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Games of the report' })).toBeInTheDocument();
  });

  it('exports the filtered, sorted games as a CSV file with the bearer token', async () => {
    const { createObjectURL, revokeObjectURL } = stubObjectUrls();
    const saved: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ download: this.download, href: this.href });
    });
    let release: () => void = () => {};
    const fetchMock = openAs(
      makeUser(),
      '/reports?date=2025-11-22&status=finished&sortBy=stake&sortOrder=asc&page=3',
      {
        'GET /api/reports/games': () => reportAnswer([makeReportGame()]),
        'GET /api/reports/games/export': async () => {
          await new Promise<void>((resolve) => (release = resolve));
          return new Response('\uFEFFGame ID,Status\r\nG-1,finished\r\n', {
            status: 200,
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': 'attachment; filename="cartela-report-2025-11-22-2025-11-22.csv"',
            },
          });
        },
      },
    );
    await screen.findByRole('table', { name: 'Games of the report' });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    // Busy while the file comes.
    const busy = await screen.findByRole('button', { name: 'Exporting...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(saved).toHaveLength(1));

    expect(queriesTo(fetchMock, '/api/reports/games/export')).toEqual([
      { date: '2025-11-22', status: 'finished', sortBy: 'stake', sortOrder: 'asc' },
    ]);
    const init = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/reports/games/export'))![1]!;
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token-1');
    expect(saved[0]).toEqual({ download: 'cartela-report-2025-11-22-2025-11-22.csv', href: 'blob:report' });
    const blob = createObjectURL.mock.calls[0]![0];
    expect(await blob.text()).toContain('Game ID,Status');
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:report'));
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it("names the file 'cartela-report.csv' without a Content-Disposition, and toasts the server's message on failure", async () => {
    stubObjectUrls();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    let fail = false;
    openAs(makeUser(), '/reports', {
      'GET /api/reports/games': () => reportAnswer([makeReportGame()]),
      'GET /api/reports/games/export': () =>
        fail
          ? json(400, { message: 'Send date, or startDate and endDate, not both', code: 'VALIDATION_FAILED' })
          : new Response('Game ID\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    });
    await screen.findByRole('table', { name: 'Games of the report' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['cartela-report.csv']));

    fail = true;
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Export failed')).toBeInTheDocument();
    expect(screen.getByText('Send date, or startDate and endDate, not both')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
  });

  it('speaks Amharic: the texts, birr and Ethiopian dates', async () => {
    const amharic = makeUser({ language: 'am' });
    openAs(amharic, '/reports', {
      'GET /api/reports/games': reportAnswer([makeReportGame({ gameId: 'G-20251122-AMHARIC1', stake: 50 })]),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'ሪፖርቶች' })).toBeInTheDocument();
    const row = within(await screen.findByRole('row', { name: 'ጨዋታ G-20251122-AMHARIC1' }));
    expect(row.getByText(/ብር\s50\.00/)).toBeInTheDocument();
    expect(row.getByText('ተጠናቋል')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSV አውርድ' })).toBeInTheDocument();
    // 22 November 2025 is 13 Hidar 2018 in the Ethiopian calendar.
    expect(row.getByText(/2018/)).toBeInTheDocument();
  });
});

describe('the business day of the hall (decision 065)', () => {
  it("shows each game on its day in the server's business time zone", async () => {
    // 03:30 UTC on 23 November is the 23rd in Addis Ababa, but still the 22nd in Chicago.
    const chicago = makeUser({ businessTimeZone: 'America/Chicago' });
    openAs(chicago, '/reports', {
      'GET /api/reports/games': reportAnswer([
        makeReportGame({ gameId: 'G-20251122-CHICAGO1', createdAt: '2025-11-23T03:30:00.000Z' }),
      ]),
    });
    const row = within(await screen.findByRole('row', { name: 'Game G-20251122-CHICAGO1' }));
    expect(row.getByText(/Nov 22, 2025/)).toBeInTheDocument();
    expect(row.queryByText(/Nov 23/)).not.toBeInTheDocument();
  });

  it('takes the date filters as Ethiopian days in Amharic, with the Gregorian day beside them', async () => {
    const amharic = makeUser({ language: 'am' });
    const fetchMock = openAs(amharic, '/reports', {
      'GET /api/reports/games': () => reportAnswer([makeReportGame()]),
    });
    await screen.findByRole('heading', { level: 1, name: 'ሪፖርቶች' });
    const user = userEvent.setup();
    const date = screen.getByLabelText('ቀን');
    expect(date).toHaveAttribute('type', 'text');
    await user.type(date, '13 ኅዳር 2018');
    await waitFor(() => expect(lastReportQuery(fetchMock)).toMatchObject({ date: '2025-11-22' }));
    expect(date).toHaveAccessibleDescription('እ.ኤ.አ. 22 ኖቬምበር 2025');

    // The range starts from the chosen day, written the Ethiopian way; the end is typed by numbers.
    await user.click(screen.getByRole('switch', { name: 'የቀን ክልል' }));
    expect(screen.getByLabelText('መጀመሪያ ቀን')).toHaveValue('13 ኅዳር 2018');
    const end = screen.getByLabelText('መጨረሻ ቀን');
    await user.clear(end);
    await user.type(end, '21/3/2018');
    await waitFor(() =>
      expect(lastReportQuery(fetchMock)).toMatchObject({ startDate: '2025-11-22', endDate: '2025-11-30' }),
    );
  });
});

describe('/admin/reports', () => {
  it("shows every agent's games with the agent column, and filters by agent", async () => {
    const fetchMock = asAdmin({
      'GET /api/reports/games': () =>
        reportAnswer([makeReportGame({ gameId: 'G-20251122-HALLSEVN', agentUsername: 'hall7' })]),
    });
    renderApp('/admin/reports');
    expect(await screen.findByRole('heading', { level: 1, name: 'System Reports' })).toBeInTheDocument();
    expect(screen.getByText(/^System-wide reports/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Games of the report' });
    expect(columnNames(table)).toEqual(COLUMNS);
    expect(
      within(screen.getByRole('row', { name: 'Game G-20251122-HALLSEVN' })).getByText('hall7'),
    ).toBeInTheDocument();

    // The agents, by name, after 'All agents'.
    const agent = screen.getByLabelText('Agent');
    await waitFor(() =>
      expect(
        within(agent)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All agents', 'agent1', 'hall7']),
    );
    const user = userEvent.setup();
    await user.selectOptions(agent, 'hall7');
    await waitFor(() =>
      expect(lastReportQuery(fetchMock)).toEqual({ ...DEFAULT_QUERY, agentId: OTHER_AGENT_ID }),
    );
    await user.selectOptions(agent, 'All agents');
    await waitFor(() => expect(screen.getByLabelText('Agent')).toHaveValue(''));
    expect(reportQueries(fetchMock)[0]).toEqual(DEFAULT_QUERY);
  });

  it('sends the admin from /reports to /admin/reports, filters kept', async () => {
    const fetchMock = asAdmin({ 'GET /api/reports/games': () => reportAnswer([makeReportGame()]) });
    renderApp('/reports?status=finished');
    expect(await screen.findByRole('heading', { level: 1, name: 'System Reports' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/reports');
    await waitFor(() => expect(lastReportQuery(fetchMock)).toMatchObject({ status: 'finished' }));
  });
});
