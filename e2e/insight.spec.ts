// Money and insight in the browser (issue 11): the admin dashboard, the super agent's dashboard, the daily
// commission payments and the agent's reports with their CSV export, on a server of their own.
//
// Why a server of its own: Generate Daily only takes a business day that is over, so the commission-share games
// must be dated yesterday and before, which no API call can do (a game gets the database's now()). The file
// creates a PostgreSQL database (cartela_e2e_<random>) on TEST_DATABASE_URL's server, starts the built server
// on it with the demo data, inserts the historical games with SQL (the database's triggers give them their
// business day and the daily rollup, as for any game), and drops the database at the end. Every expected figure
// below is computed by hand from that data set (SPECS), never read back from the server.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import pg from 'pg';
import { startFreshServer } from './support/fresh-server';
import { DEMO, E2E_PASSWORD, figure, LoginPage } from './support/pages';

const SERVER_URL = process.env.TEST_DATABASE_URL;

// ---------------------------------------------------------------------------------------------------------
// The data set
// ---------------------------------------------------------------------------------------------------------

type Status = 'active' | 'finished' | 'cancelled';
type DemoAgent = 'agent1' | 'agent2' | 'agent3';

/** A game to insert: `daysAgo` 0 is today (business day of the insert), 1 yesterday... */
interface GameSpec {
  agent: DemoAgent;
  daysAgo: 0 | 1 | 2 | 3;
  status: Status;
  stakeEtb: number;
  players: number;
  percent: number;
  calls?: number;
}

/** A game as inserted: its id, and its money in santim (every fee of the data set is whole: no rounding). */
interface Game extends GameSpec {
  gameId: string;
  totalSantim: number;
  feeSantim: number;
}

const THIRD_AGENT = { username: 'agent3', password: 'agent3-secret', systemCommissionShare: 30 };

/**
 * agent1 (virtual-coin, under super1 since the demo data), agent2 (commission-share, put under super1 at 25%
 * by the setup, its agreement dated back so it is in force on the days of its games), agent3 (commission-share,
 * admin share 30%, no super agent; created by the setup).
 */
const SPECS: GameSpec[] = [
  // Today: 3 counted games, an active one and one cancelled after 12 calls (neither counts).
  { agent: 'agent1', daysAgo: 0, status: 'finished', stakeEtb: 20, players: 6, percent: 10 },
  { agent: 'agent1', daysAgo: 0, status: 'finished', stakeEtb: 20, players: 6, percent: 10 },
  { agent: 'agent1', daysAgo: 0, status: 'active', stakeEtb: 10, players: 4, percent: 10, calls: 5 },
  { agent: 'agent1', daysAgo: 0, status: 'cancelled', stakeEtb: 10, players: 4, percent: 10, calls: 12 },
  { agent: 'agent2', daysAgo: 0, status: 'finished', stakeEtb: 10, players: 5, percent: 10 },
  // Yesterday: agent1 one game; agent3 the three games the browser's Generate Daily settles.
  { agent: 'agent1', daysAgo: 1, status: 'finished', stakeEtb: 50, players: 4, percent: 10 },
  { agent: 'agent3', daysAgo: 1, status: 'finished', stakeEtb: 10, players: 5, percent: 10 },
  { agent: 'agent3', daysAgo: 1, status: 'finished', stakeEtb: 10, players: 5, percent: 10 },
  { agent: 'agent3', daysAgo: 1, status: 'finished', stakeEtb: 10, players: 5, percent: 10 },
  // Two days ago: agent2's two games, settled by the payment the setup generates (super1's earning on it).
  { agent: 'agent2', daysAgo: 2, status: 'finished', stakeEtb: 20, players: 5, percent: 15 },
  { agent: 'agent2', daysAgo: 2, status: 'finished', stakeEtb: 20, players: 5, percent: 15 },
  // Three days ago: agent1's report material, 22 finished games of varied stakes and two cancelled ones.
  ...Array.from(
    { length: 22 },
    (_, i): GameSpec => ({
      agent: 'agent1',
      daysAgo: 3,
      status: 'finished',
      stakeEtb: [10, 20, 30, 50, 100][i % 5]!,
      players: 3 + (i % 7),
      percent: i % 3 === 0 ? 15 : 10,
    }),
  ),
  { agent: 'agent1', daysAgo: 3, status: 'cancelled', stakeEtb: 30, players: 3, percent: 10 },
  { agent: 'agent1', daysAgo: 3, status: 'cancelled', stakeEtb: 100, players: 8, percent: 10 },
];

const GAMES: Game[] = SPECS.map((spec, i) => {
  const totalSantim = spec.stakeEtb * 100 * spec.players;
  return {
    ...spec,
    gameId: `E2EINS${String(i).padStart(3, '0')}${randomBytes(3).toString('hex').toUpperCase()}`,
    totalSantim,
    // A whole number of santim for every stake and rate above: no rounding to agree on.
    feeSantim: (totalSantim * spec.percent) / 100,
  };
});

/** agent1's top-up by the admin: 500 coins for 500 ETB (super1's 20% of it, the platform's 40% of that). */
const TOP_UP = { coins: 500, etbAmount: 500 };
/** super1's platform rate, set by the setup (the demo's 50% would make the platform share equal the net). */
const PLATFORM_RATE = 40;
/** agent2's agreement with super1. */
const AGENT2_RATE = 25;

const counted = (g: Game) => g.status === 'finished';
const sum = (games: Game[], f: (g: Game) => number) => games.reduce((a, g) => a + f(g), 0);
const feesOf = (games: Game[]) => sum(games.filter(counted), (g) => g.feeSantim);
/** Amounts in santim as the app shows them in English: 'ETB 1,234.50' (or whole ETB, rounded half up). */
const etb = (santim: number, decimals: 0 | 2 = 2) =>
  `ETB ${(decimals === 0 ? Math.round(santim / 100) : santim / 100).toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  })}`;
/** The amount as the CSV writes it: '1234.50'. */
const csvEtb = (amount: number) => amount.toFixed(2);
/** A business day ('2026-11-21') as the English screens show it: 'Nov 21, 2026'. */
const longDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));

// ---------------------------------------------------------------------------------------------------------
// The server and its database
// ---------------------------------------------------------------------------------------------------------

interface World {
  baseURL: string;
  /** Business days: days[0] today, days[1] yesterday... (the database's, at the insert). */
  days: string[];
  tokens: Record<'admin' | 'agent1', string>;
  stop(): Promise<void>;
}

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function call<T>(
  baseURL: string,
  method: string,
  route: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseURL}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Signs a demo account in through the API and replaces its published password by E2E_PASSWORD. */
async function ownPassword(baseURL: string, who: keyof typeof DEMO): Promise<string> {
  const { username, password } = DEMO[who];
  const door = who === 'super1' ? '/api/super-agents/login' : '/api/auth/login';
  const { token } = await call<{ token: string }>(baseURL, 'POST', door, null, { username, password });
  const changed = await call<{ token?: string }>(baseURL, 'PUT', '/api/auth/profile', token, {
    currentPassword: password,
    newPassword: E2E_PASSWORD,
  });
  return changed.token ?? token;
}

async function insertGames(db: pg.Client, agentIds: Record<DemoAgent, string>): Promise<string[]> {
  await db.query('BEGIN');
  // One transaction: now() is one instant for every row and for the days read back.
  for (const [i, g] of GAMES.entries()) {
    const ended = g.status === 'finished' || g.status === 'cancelled';
    const hex = randomBytes(32).toString('hex');
    await db.query(
      `INSERT INTO games (game_id, agent_id, status, game_mode, pattern, stake_santim, players, total_santim,
         agent_fee_santim, prize_santim, commission_percent, coin_cost, cartela_numbers, total_calls,
         draw_commitment, draw_seed, state, cartelas, financial_model, created_at, updated_at, finished_at)
       SELECT $1, $2, $3, 'specific-pattern', 'full-house', $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $13,
         '{}'::jsonb, '[]'::json, $14, t.at, t.at, CASE WHEN $15 THEN t.at + interval '1 second' END
       FROM (SELECT now() - $16::int * interval '1 day' - $17::int * interval '1 millisecond' AS at) t`,
      [
        g.gameId,
        agentIds[g.agent],
        g.status,
        g.stakeEtb * 100,
        g.players,
        g.totalSantim,
        g.feeSantim,
        g.totalSantim - g.feeSantim,
        g.percent,
        g.agent === 'agent1' ? Math.ceil(g.feeSantim / 100) : 0,
        JSON.stringify(Array.from({ length: g.players }, (_, n) => n + 1)),
        g.calls ?? (g.status === 'finished' ? 30 : 0),
        hex,
        g.agent === 'agent1' ? 'virtual-coin' : 'commission-share',
        ended,
        g.daysAgo,
        // Apart by 10 ms (createdAt orders them; a day keeps them even a second after midnight).
        (GAMES.length - i) * 10,
      ],
    );
  }
  const { rows } = await db.query<{ day: string }>(
    `SELECT business_date(now() - n * interval '1 day')::text AS day FROM generate_series(0, 3) n ORDER BY n`,
  );
  await db.query('COMMIT');
  return rows.map((r) => r.day);
}

async function startWorld(): Promise<World> {
  const name = `cartela_e2e_${randomBytes(4).toString('hex')}`;
  const url = new URL(SERVER_URL!);
  url.pathname = `/${name}`;
  await onServer(`CREATE DATABASE ${name}`);
  const drop = () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  let server: Awaited<ReturnType<typeof startFreshServer>> | null = null;
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    server = await startFreshServer({
      startTimeoutMs: 60_000,
      env: {
        DATABASE_URL: url.toString(),
        DEMO_DATA: '1',
        // The demo accounts without their month of history (decision 076): every figure here is computed by hand
        // from SPECS, so the hall holds nothing else.
        DEMO_HISTORY: '0',
        BUSINESS_TIMEZONE: 'Africa/Addis_Ababa',
        LOGIN_RATE_LIMIT_MAX: '1000',
        LOGIN_RATE_LIMIT_USERNAME_MAX: '1000',
        LOGIN_RATE_LIMIT_ACCOUNT_MAX: '1000',
      },
    });
    const { baseURL } = server;
    const admin = await ownPassword(baseURL, 'admin');
    const agent1 = await ownPassword(baseURL, 'agent1');
    await ownPassword(baseURL, 'agent2');
    await ownPassword(baseURL, 'super1');

    const { agents } = await call<{ agents: { id: string; username: string }[] }>(
      baseURL,
      'GET',
      '/api/users/agents',
      admin,
    );
    const idOf = (username: string) => agents.find((a) => a.username === username)!.id;
    const { superAgents } = await call<{ superAgents: { id: string; username: string }[] }>(
      baseURL,
      'GET',
      '/api/super-agents',
      admin,
    );
    const super1 = superAgents.find((s) => s.username === 'super1')!.id;
    await call(baseURL, 'PUT', `/api/super-agents/${super1}`, admin, {
      platformCommissionRate: PLATFORM_RATE,
    });
    const { agent: third } = await call<{ agent: { id: string } }>(
      baseURL,
      'POST',
      '/api/users/agents',
      admin,
      {
        username: THIRD_AGENT.username,
        password: THIRD_AGENT.password,
        financialModel: 'commission-share',
        systemCommissionShare: THIRD_AGENT.systemCommissionShare,
      },
    );
    await call(baseURL, 'POST', '/api/super-agents/assign-agent', admin, {
      agentId: idOf('agent2'),
      superAgentId: super1,
      superAgentCommissionRate: AGENT2_RATE,
    });
    await call(baseURL, 'POST', `/api/users/agents/${idOf('agent1')}/add-coins`, admin, TOP_UP);

    await db.connect();
    // The agreement made now would not be in force at the end of the days of agent2's games (decision 053
    // section 5: the agreement in force at the end of the payment's business day): it started ten days ago.
    await db.query(
      `UPDATE super_agent_agreements SET effective_from = now() - interval '10 days'
       WHERE agent_id = $1 AND is_active`,
      [idOf('agent2')],
    );
    const days = await insertGames(db, { agent1: idOf('agent1'), agent2: idOf('agent2'), agent3: third.id });
    // Two days ago's payment (agent2's games), and with it super1's 'commission-share' earning.
    const generated = await call<{ created: number }>(
      baseURL,
      'POST',
      '/api/commission/generate-daily',
      admin,
      {
        date: days[2],
      },
    );
    expect(generated.created).toBe(1);

    const started = server;
    return {
      baseURL,
      days,
      tokens: { admin, agent1 },
      async stop() {
        await db.end().catch(() => {});
        await started.stop();
        await drop();
      },
    };
  } catch (error) {
    await db.end().catch(() => {});
    await server?.stop();
    await drop();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Screens
// ---------------------------------------------------------------------------------------------------------

/** Signs in on the file's server with the password the setup chose; lands on the account's dashboard. */
async function signIn(page: Page, baseURL: string, username: string) {
  const login = new LoginPage(page, baseURL);
  await login.open();
  await login.signIn(username, E2E_PASSWORD);
  // Checking a password (argon2) takes a while on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: /Dashboard$/ })).toBeVisible({ timeout: 20_000 });
}

// ---------------------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------------------

test.describe('money and insight', () => {
  test.skip(
    !SERVER_URL,
    'TEST_DATABASE_URL is unset: these tests need a PostgreSQL server where this user may create databases',
  );

  // A machine running other work beside the browser, the server and PostgreSQL: room for each test.
  test.describe.configure({ timeout: 60_000 });

  let world: World;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    world = await startWorld();
  });

  test.afterAll(async () => {
    test.setTimeout(60_000);
    await world?.stop();
  });

  const onDay = (games: Game[], daysAgo: number) => games.filter((g) => g.daysAgo === daysAgo);
  const ofAgent = (agent: DemoAgent) => GAMES.filter((g) => g.agent === agent);

  test('[ADMIN] the dashboard shows the totals of the seeded games, today and this month', async ({
    page,
  }) => {
    const { baseURL, days } = world;
    await signIn(page, baseURL, 'admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    const period = page.getByRole('group', { name: 'Period' });

    // Today: agent1's two games (12.00 each, 12 players) and agent2's one (5.00, 5 players); the active and
    // the cancelled games do not count, the cancelled-after-calls one is said apart.
    await period.locator('label').filter({ hasText: 'Today' }).click();
    await expect(page).toHaveURL(/[?&]period=day/);
    await expect(page.getByText(`Figures for ${longDay(days[0]!)}`)).toBeVisible();
    const today = onDay(GAMES, 0).filter(counted);
    expect(feesOf(today)).toBe(2900);
    await expect(figure(page, 'Total Revenue').value).toHaveText(etb(2900));
    await expect(figure(page, 'Total Games').value).toHaveText('3');
    await expect(figure(page, 'Total Games').hint).toHaveText('17 players');
    await expect(figure(page, 'Total Agents').value).toHaveText('3');
    await expect(figure(page, 'Total Agents').hint).toHaveText('3 active');
    await expect(figure(page, 'Coin Revenue').value).toHaveText(etb(TOP_UP.etbAmount * 100));
    await expect(figure(page, 'Coin Revenue').hint).toHaveText(`${TOP_UP.coins} coins sold`);
    await expect(
      page.getByRole('status').filter({ hasText: '1 game was cancelled after numbers had been called.' }),
    ).toBeVisible();
    const top = page.getByRole('list', { name: 'Top Performing Agents' }).getByRole('listitem');
    await expect(top).toHaveCount(2);
    await expect(top.nth(0)).toContainText('agent1');
    await expect(top.nth(0)).toContainText('2 games · 12 players');
    await expect(top.nth(0)).toContainText(etb(2400));
    await expect(top.nth(1)).toContainText('agent2');
    await expect(top.nth(1)).toContainText('1 game · 5 players');
    await expect(top.nth(1)).toContainText(etb(500));

    // The 7-day tiles, oldest first: whatever the period, the last four are the four days of the data set.
    const tiles = page.getByRole('region', { name: '7-Day Revenue Overview' }).getByRole('listitem');
    await expect(tiles).toHaveCount(7);
    await expect(tiles.nth(6)).toContainText('Today');
    for (const daysAgo of [0, 1, 2, 3]) {
      const amount = tiles
        .nth(6 - daysAgo)
        .locator(':scope > span')
        .last();
      await expect(amount).toHaveText(etb(feesOf(onDay(GAMES, daysAgo)), 0));
    }
    expect([0, 1, 2].map((d) => feesOf(onDay(GAMES, d)))).toEqual([2900, 3500, 3000]);

    // This Month (the default is the week, decision 066): the counted games created from the 1st, by hand from
    // the days of the data set.
    await period.locator('label').filter({ hasText: 'This Month' }).click();
    await expect(page).toHaveURL(/[?&]period=month/);
    const month = GAMES.filter((g) => counted(g) && days[g.daysAgo]!.slice(0, 7) === days[0]!.slice(0, 7));
    const monthPlayers = sum(month, (g) => g.players);
    await expect(figure(page, 'Total Revenue').value).toHaveText(etb(feesOf(month)));
    await expect(figure(page, 'Total Games').value).toHaveText(String(month.length));
    await expect(figure(page, 'Total Games').hint).toHaveText(`${monthPlayers} players`);
    await expect(figure(page, 'Coin Revenue').value).toHaveText(etb(TOP_UP.etbAmount * 100));
    const monthTop = page.getByRole('list', { name: 'Top Performing Agents' }).getByRole('listitem');
    await expect(monthTop.nth(0)).toContainText('agent1');
    await expect(monthTop.nth(0)).toContainText(etb(feesOf(month.filter((g) => g.agent === 'agent1'))));

    // The commission cards are the payments dated in the period: the same server's summary says which.
    const { summary } = await call<{
      summary: { totalAdminCommission: number; pendingPayments: number; paidPayments: number };
    }>(baseURL, 'GET', '/api/commission/summary?period=month', world.tokens.admin);
    await expect(figure(page, 'Admin Commission').value).toHaveText(
      etb(Math.round(summary.totalAdminCommission * 100)),
    );
    await expect(figure(page, 'Pending Payments').value).toHaveText(
      etb(Math.round(summary.pendingPayments * 100)),
    );
    await expect(figure(page, 'Paid Payments').value).toHaveText(etb(Math.round(summary.paidPayments * 100)));
  });

  test('[SUPER AGENT] sees its agents and its earnings from the top-up and the commission payment', async ({
    page,
  }) => {
    const { baseURL, days } = world;
    await signIn(page, baseURL, 'super1');
    await expect(page).toHaveURL(/\/super-agent-dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Super Agent Dashboard' })).toBeVisible();
    await expect(page.getByText(`Platform commission rate: ${PLATFORM_RATE}%`)).toBeVisible();

    // Its two earnings, by hand: agent1's top-up of 500.00 at 20% = 100.00, the platform's 40% of it 40.00,
    // net 60.00; agent2's payment of two days ago, 30.00 of fees at 25% = 7.50, platform 3.00, net 4.50.
    const agent2Fees = feesOf(onDay(ofAgent('agent2'), 2));
    expect(agent2Fees).toBe(3000);
    const topUp = { base: 50000, share: 10000, platform: 4000, net: 6000 };
    const commission = { base: agent2Fees, share: 750, platform: 300, net: 450 };

    const overview = page.getByRole('region', { name: 'Your figures' });
    // Each figure named for what it is, alike in both tabs (decision 066).
    await expect(figure(overview, 'Your Net Earnings').value).toHaveText(etb(topUp.net + commission.net));
    await expect(figure(overview, 'Your Net Earnings').hint).toHaveText(
      `All time · Pending ${etb(topUp.net + commission.net)} · Paid ${etb(0)}`,
    );
    await expect(figure(overview, 'Active Agents').value).toHaveText('2');
    await expect(figure(overview, 'Platform Share').value).toHaveText(
      etb(topUp.platform + commission.platform),
    );
    await expect(figure(overview, 'Platform Share').hint).toHaveText(
      `The platform's ${PLATFORM_RATE}% of your gross share, all time`,
    );

    // My Agents: agent1 (coins 1,000 + 500, its fees of all time) and agent2 (commission share, 30.00 + 5.00).
    await page.getByRole('tab', { name: 'My Agents' }).click();
    const agents = page.getByRole('table', { name: 'My agents' });
    await expect(agents.getByRole('row')).toHaveCount(3);
    const agent1 = agents.getByRole('row', { name: 'agent1', exact: true });
    await expect(agent1.getByRole('cell')).toHaveText([
      /^agent1/,
      '20%',
      (1000 + TOP_UP.coins).toLocaleString('en-US'),
      etb(feesOf(ofAgent('agent1'))),
      /\d{4}$/,
    ]);
    const agent2 = agents.getByRole('row', { name: 'agent2', exact: true });
    await expect(agent2.getByRole('cell')).toHaveText([
      /^agent2/,
      `${AGENT2_RATE}%`,
      'Commission share',
      etb(feesOf(ofAgent('agent2'))),
      /\d{4}$/,
    ]);

    // Earnings (Last Month by default): the two rows and their totals.
    await page.getByRole('tab', { name: 'Earnings' }).click();
    const earnings = page.getByRole('table', { name: 'Your earnings' });
    await expect(earnings.getByRole('row')).toHaveCount(3);
    const cells = (row: Locator, date: string, kind: string, e: typeof topUp) =>
      expect(row.getByRole('cell')).toHaveText([
        `${longDay(date)}${kind}`,
        etb(e.base),
        etb(e.share),
        etb(e.platform),
        etb(e.net),
        'Pending',
      ]);
    await cells(
      earnings.getByRole('row').filter({ hasText: 'Coin purchase by agent1' }),
      days[0]!,
      'Coin purchase by agent1',
      topUp,
    );
    await cells(
      earnings.getByRole('row').filter({ hasText: 'Commissions of agent2' }),
      days[2]!,
      'Commissions of agent2',
      commission,
    );
    const totals = page.getByRole('region', { name: 'Totals for the period' });
    await expect(figure(totals, 'Base (Coins Bought / Fees)').value).toHaveText(
      etb(topUp.base + commission.base),
    );
    await expect(figure(totals, 'Your Share (Gross)').value).toHaveText(etb(topUp.share + commission.share));
    await expect(figure(totals, 'Your Net Earnings').value).toHaveText(etb(topUp.net + commission.net));
    await expect(figure(totals, 'Platform Share').value).toHaveText(
      etb(topUp.platform + commission.platform),
    );
    await expect(figure(totals, 'Pending').value).toHaveText(etb(topUp.net + commission.net));
    await expect(figure(totals, 'Paid').value).toHaveText(etb(0));
  });

  test('[ADMIN] generates the daily commission payments of a day and marks one paid', async ({ page }) => {
    const { baseURL, days } = world;
    const yesterday = days[1]!;
    await signIn(page, baseURL, 'admin');
    await page.goto(`${baseURL}/commission`);
    await expect(page.getByRole('heading', { level: 1, name: 'Commission Management' })).toBeVisible();

    // The setup's payment: agent2, two days ago, 2 games, 30.00 at the demo's 20% = 6.00, net 24.00.
    const payments = page.getByRole('table', { name: 'Commission payments' });
    const paymentRow = (agent: string) => payments.getByRole('row').filter({ hasText: agent });
    await expect(payments.getByRole('row')).toHaveCount(2);
    await expect(paymentRow('agent2').getByRole('cell')).toHaveText([
      longDay(days[2]!),
      'agent2',
      '2',
      etb(3000),
      '20%',
      etb(600),
      etb(2400),
      'Pending',
      'Not paid',
      'Mark Paid',
    ]);

    // Generate Daily for yesterday: agent3's three games (5.00 each) at its 30%: 15.00, 4.50, net 10.50.
    const thirdFees = feesOf(onDay(ofAgent('agent3'), 1));
    expect(thirdFees).toBe(1500);
    const generate = async () => {
      await page.getByLabel('Business day', { exact: true }).fill(yesterday);
      await page.getByRole('button', { name: 'Generate Daily' }).click();
      const confirm = page.getByRole('dialog');
      await expect(confirm).toContainText(`Generate the payments for ${longDay(yesterday)}?`);
      await confirm.getByRole('button', { name: 'Generate', exact: true }).click();
      await expect(confirm).toBeHidden();
    };
    await generate();
    await expect(page.getByText(`Generated 1 payment for ${longDay(yesterday)}`)).toBeVisible();
    await expect(payments.getByRole('row')).toHaveCount(3);
    await expect(paymentRow('agent3').getByRole('cell')).toHaveText([
      longDay(yesterday),
      'agent3',
      '3',
      etb(1500),
      `${THIRD_AGENT.systemCommissionShare}%`,
      etb(450),
      etb(1050),
      'Pending',
      'Not paid',
      'Mark Paid',
    ]);
    // Newest day first.
    await expect(payments.getByRole('row').nth(1)).toContainText('agent3');

    // The same day again creates nothing.
    await generate();
    await expect(page.getByText(`No new payments for ${longDay(yesterday)}`)).toBeVisible();
    await expect(payments.getByRole('row')).toHaveCount(3);

    // Mark agent3's paid, with a note.
    await paymentRow('agent3').getByRole('button', { name: 'Mark Paid' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark payment as paid' });
    await expect(dialog).toContainText(
      `agent3 paid ${etb(450)} of admin commission for ${longDay(yesterday)}.`,
    );
    await dialog.getByLabel('Notes (optional)').fill('Cash, receipt 42');
    await dialog.getByRole('button', { name: 'Mark Paid' }).click();
    await expect(page.getByText('Payment marked as paid')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(paymentRow('agent3').getByRole('cell').nth(7)).toHaveText('Paid');
    await expect(paymentRow('agent3').getByRole('cell').nth(8)).toContainText('by admin');
    await expect(paymentRow('agent3').getByRole('button', { name: 'Mark Pending' })).toBeVisible();
    await expect(paymentRow('agent2').getByRole('cell').nth(7)).toHaveText('Pending');

    // What the server keeps.
    const { payments: paid } = await call<{
      payments: { agentUsername: string; paymentDate: string; status: string; notes: string | null }[];
    }>(baseURL, 'GET', '/api/commission/payments?status=paid', world.tokens.admin);
    expect(paid).toEqual([
      expect.objectContaining({
        agentUsername: 'agent3',
        paymentDate: yesterday,
        status: 'paid',
        notes: 'Cash, receipt 42',
        paidByUsername: 'admin',
      }),
    ]);
  });

  test('[AGENT] filters, sorts and exports its report; the CSV holds exactly the filtered rows', async ({
    page,
  }) => {
    const { baseURL, days } = world;
    const [from, to] = [days[3]!, days[1]!];
    await signIn(page, baseURL, 'agent1');
    await page.goto(`${baseURL}/reports`);
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

    // Finished games created three days ago to yesterday, by stake, smallest first.
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Finished' });
    await page.getByLabel('Date range', { exact: true }).check();
    await page.getByLabel('From', { exact: true }).fill(from);
    await page.getByLabel('To', { exact: true }).fill(to);
    const stake = page.getByRole('columnheader', { name: 'Stake', exact: true });
    await stake.getByRole('button').click();
    await expect(stake).toHaveAttribute('aria-sort', 'descending');
    await stake.getByRole('button').click();
    await expect(stake).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(
      new RegExp(`\\?startDate=${from}&endDate=${to}&status=finished&sortBy=stake&sortOrder=asc$`),
    );

    // The known data set: agent1's 22 games of three days ago and its one of yesterday.
    const expected = ofAgent('agent1').filter((g) => counted(g) && g.daysAgo >= 1);
    expect(expected).toHaveLength(23);
    await expect(page.getByText('Showing 20 of 23 games')).toBeVisible();
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(figure(summary, 'Total games').value).toHaveText('23');
    await expect(figure(summary, 'Total games').hint).toHaveText('23 finished');
    await expect(figure(summary, 'Total earnings').value).toHaveText(etb(feesOf(expected)));
    await expect(figure(summary, 'Total players').value).toHaveText(String(sum(expected, (g) => g.players)));
    await expect(figure(summary, 'Average revenue per game').value).toHaveText(
      etb(Math.round(feesOf(expected) / expected.length)),
    );

    // The same filters through the API, every page: the rows of the data set, smallest stake first.
    type Row = {
      gameId: string;
      status: string;
      stake: number;
      numberOfPlayers: number;
      totalCalls: number;
      commissionPercent: number;
      agentFee: number;
      totalAmount: number;
      prize: number;
      businessDate: string;
      createdAt: string;
      finishedAt: string | null;
      cancelReason: string | null;
      winners: number;
      prizeShares: number[];
      refundedCoins: number;
    };
    const rows: Row[] = [];
    for (let p = 1; ; p++) {
      const answer = await call<{ games: Row[]; totalPages: number }>(
        baseURL,
        'GET',
        `/api/reports/games?status=finished&startDate=${from}&endDate=${to}&sortBy=stake&sortOrder=asc&page=${p}&limit=20`,
        world.tokens.agent1,
      );
      rows.push(...answer.games);
      if (p >= answer.totalPages) break;
    }
    expect(rows.map((r) => r.gameId).sort()).toEqual(expected.map((g) => g.gameId).sort());
    const stakes = rows.map((r) => r.stake);
    expect(stakes).toEqual([...stakes].sort((a, b) => a - b));

    // The table's first page is the API's first page.
    const table = page.getByRole('table', { name: 'Games of the report' });
    await expect(table.getByRole('link')).toHaveCount(20);
    // Each id shown whole, '#' first (decision 066).
    const shown = await table
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.textContent?.replace(/^#/, '')));
    expect(shown).toEqual(rows.slice(0, 20).map((r) => r.gameId));

    // Export CSV: a UTF-8 file with a BOM, CRLF lines, the header, and the filtered rows in the sort order.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`cartela-report-${from}-${to}.csv`);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const lines = text.slice(0, -2).split('\r\n');
    expect(lines[0]).toBe(
      'Game ID,Status,Stake,Players,Calls,Commission %,Fee,Total,Prize,Winners,Prize per winner,Business date,Created,Finished,Cancel reason,Refunded coins',
    );
    expect(lines.slice(1)).toEqual(
      rows.map((r) =>
        [
          r.gameId,
          r.status,
          csvEtb(r.stake),
          r.numberOfPlayers,
          r.totalCalls,
          r.commissionPercent,
          csvEtb(r.agentFee),
          csvEtb(r.totalAmount),
          csvEtb(r.prize),
          r.winners,
          r.prizeShares.length === 0
            ? ''
            : r.prizeShares.every((share) => share === r.prizeShares[0])
              ? csvEtb(r.prizeShares[0]!)
              : r.prizeShares.map(csvEtb).join(' / '),
          r.businessDate,
          r.createdAt,
          r.finishedAt ?? '',
          r.cancelReason ?? '',
          r.refundedCoins,
        ].join(','),
      ),
    );
    // And by hand: yesterday's 50 ETB game of 4 players at 10%.
    const big = expected.find((g) => g.daysAgo === 1)!;
    expect(lines.find((l) => l.startsWith(`${big.gameId},`))).toMatch(
      new RegExp(`^${big.gameId},finished,50\\.00,4,30,10,20\\.00,200\\.00,180\\.00,0,,${to},`),
    );
  });
});
