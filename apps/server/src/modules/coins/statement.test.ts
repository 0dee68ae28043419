// The coin statement (decision 075): each reason as the API presents it, newest first, paged; whose statement
// each caller reads (policy.ts); the CSV of all of it; a commission-share agent's empty statement; and, over
// random changes, some of them racing, the rows adding up to the balance.
import type { CoinStatementResponse, CoinStatementRow } from '@cartela/contract';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useGamesApp } from '../../test/fixtures.js';
import { type GameCall, gameAgent, newGame } from '../../test/games.js';
import { bearer, createAgent, createSuperAgent, loginAs } from '../../test/helpers.js';
import { softDeleteUser } from '../users/index.js';
import { type CoinChange, changeCoins } from './index.js';
import { createStatementService } from './statement.js';

const { t, asAdmin } = useGamesApp();

const change = (c: CoinChange) => t.database.db.transaction((tx) => changeCoins(tx, c));

/** The statement page the caller gets (expects 200). */
async function statementOf(as: GameCall, query = ''): Promise<CoinStatementResponse> {
  const res = await as('GET', `/api/coins/statement${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every row of the agent's statement, newest first, read page by page as the admin. */
async function everyRow(agentId: string, limit = 100) {
  const first = await statementOf(asAdmin, `agentId=${agentId}&limit=${limit}`);
  const rows = [...first.rows];
  for (let page = 2; page <= first.totalPages; page++) {
    rows.push(...(await statementOf(asAdmin, `agentId=${agentId}&limit=${limit}&page=${page}`)).rows);
  }
  return { agent: first.agent, total: first.total, rows };
}

/** The statement's own promise (product/money.md#ledger): the rows chain up to the balance shown. */
function expectChained(rows: CoinStatementRow[], balance: number) {
  expect(rows.reduce((sum, r) => sum + r.delta, 0)).toBe(balance);
  expect(rows[0]?.balanceAfter ?? 0).toBe(balance);
  for (let i = 0; i + 1 < rows.length; i++) {
    expect(rows[i]!.balanceAfter, `row ${i}`).toBe(rows[i + 1]!.balanceAfter + rows[i]!.delta);
    expect(rows[i]!.createdAt >= rows[i + 1]!.createdAt).toBe(true);
  }
  if (rows.length > 0) expect(rows.at(-1)!.balanceAfter).toBe(rows.at(-1)!.delta);
}

describe('an agent that bought coins, played, cancelled and was adjusted', () => {
  let agent: Awaited<ReturnType<typeof gameAgent>>;
  let adminName: string;
  let refunded: { id: string; gameId: string };
  let spent: { id: string; gameId: string };

  beforeAll(async () => {
    agent = await gameAgent(t.app, t.database, asAdmin);
    adminName = (await asAdmin('GET', '/api/auth/me')).json().user.username;
    await change({ agentId: agent.user.id, delta: 40, reason: 'demo', actorId: null });
    const topUp = await asAdmin('POST', `/api/users/agents/${agent.user.id}/add-coins`, {
      coins: 100,
      etbAmount: 250.5,
      notes: 'Cash at the counter',
    });
    expect(topUp.statusCode, topUp.body).toBe(200);
    // Stake 10 x 5 cartelas at 10%: 5 coins each. The first is cancelled before a call (refunded); the second is
    // played (a game with a call cannot be cancelled) and finished, its coins spent.
    const first = await newGame(agent.as);
    refunded = { id: first.id, gameId: first.gameId };
    expect((await agent.as('POST', `/api/games/${first.id}/cancel`, {})).statusCode).toBe(200);
    const second = await newGame(agent.as);
    spent = { id: second.id, gameId: second.gameId };
    expect((await agent.as('POST', `/api/games/${second.id}/call-number`)).statusCode).toBe(200);
    expect((await agent.as('POST', `/api/games/${second.id}/finish`, {})).statusCode).toBe(200);
    const adjusted = await asAdmin('PUT', `/api/users/agents/${agent.user.id}`, {
      virtualCoins: 200,
      virtualCoinsShown: 135,
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
  });

  it('shows each change newest first, in words of its reason, with what it belongs to', async () => {
    const statement = await statementOf(agent.as);
    expect(statement.agent).toEqual({
      id: agent.user.id,
      username: agent.user.username,
      financialModel: 'virtual-coin',
      virtualCoins: 200,
    });
    expect(statement).toMatchObject({ page: 1, limit: 50, total: 6, totalPages: 1 });
    const admin = { username: adminName, role: 'admin' };
    expect(statement.rows.map(({ id: _, createdAt: __, ...row }) => row)).toEqual([
      {
        reason: 'adjustment',
        delta: 65,
        balanceAfter: 200,
        game: null,
        etbAmount: null,
        by: admin,
        notes: null,
      },
      { reason: 'game', delta: -5, balanceAfter: 135, game: spent, etbAmount: null, by: null, notes: null },
      {
        reason: 'refund',
        delta: 5,
        balanceAfter: 140,
        game: refunded,
        etbAmount: null,
        by: null,
        notes: null,
      },
      {
        reason: 'game',
        delta: -5,
        balanceAfter: 135,
        game: refunded,
        etbAmount: null,
        by: null,
        notes: null,
      },
      {
        reason: 'top-up',
        delta: 100,
        balanceAfter: 140,
        game: null,
        etbAmount: 250.5,
        by: admin,
        notes: 'Cash at the counter',
      },
      { reason: 'demo', delta: 40, balanceAfter: 40, game: null, etbAmount: null, by: null, notes: null },
    ]);
    expectChained(statement.rows, 200);
    // The admin reads the very same statement by naming the agent.
    expect(await statementOf(asAdmin, `agentId=${agent.user.id}`)).toEqual(statement);
  });

  it('pages: the limit, the total and the pages; a page past the end is empty', async () => {
    const all = (await statementOf(agent.as)).rows.map((r) => r.id);
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => statementOf(agent.as, `limit=4&page=${page}`)),
    );
    expect(pages.map((p) => [p.page, p.limit, p.total, p.totalPages])).toEqual([
      [1, 4, 6, 2],
      [2, 4, 6, 2],
      [3, 4, 6, 2],
      [4, 4, 6, 2],
    ]);
    expect(pages.map((p) => p.rows.map((r) => r.id))).toEqual([all.slice(0, 4), all.slice(4), [], []]);
  });

  it('refuses a bad page or limit with a 400 on the field', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['sort=asc', undefined],
    ] as const) {
      const res = await agent.as('GET', `/api/coins/statement?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      if (field) expect(res.json().field).toBe(field);
    }
  });

  it('gives the whole statement as CSV, newest first, in the hall’s business days', async () => {
    const res = await agent.as('GET', '/api/coins/statement/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="cartela-coins-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines.shift()).toBe(
      'Business date,Created,What,Game ID,Coins in,Coins out,Balance after,ETB paid,By,Notes',
    );
    const { rows } = await statementOf(agent.as);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Addis_Ababa' });
    expect(lines).toEqual([
      `${day.format(new Date(rows[0]!.createdAt))},${rows[0]!.createdAt},Adjustment,,65,,200,,${adminName},`,
      `${day.format(new Date(rows[1]!.createdAt))},${rows[1]!.createdAt},Game,${spent.gameId},,5,135,,,`,
      `${day.format(new Date(rows[2]!.createdAt))},${rows[2]!.createdAt},Refund,${refunded.gameId},5,,140,,,`,
      `${day.format(new Date(rows[3]!.createdAt))},${rows[3]!.createdAt},Game,${refunded.gameId},,5,135,,,`,
      `${day.format(new Date(rows[4]!.createdAt))},${rows[4]!.createdAt},Top-up,,100,,140,250.50,${adminName},Cash at the counter`,
      `${day.format(new Date(rows[5]!.createdAt))},${rows[5]!.createdAt},Demo coins,,40,,40,,,`,
    ]);
    // The admin's file of the agent is the same file.
    const admins = await asAdmin('GET', `/api/coins/statement/export?agentId=${agent.user.id}`);
    expect(admins.statusCode).toBe(200);
    expect(admins.body).toBe(res.body);
  });

  it('reads the export in keyset batches without a gap or a repeat (batches of 2 here)', async () => {
    const service = createStatementService({
      database: t.database,
      timeZone: 'Africa/Addis_Ababa',
      now: () => new Date(),
      batchSize: 2,
    });
    const [user] = await t.database.db.query.users.findMany({
      where: (u, { eq }) => eq(u.id, agent.user.id),
    });
    const { body } = await service.export(user!, {});
    let text = '';
    for await (const chunk of body) text += String(chunk);
    const res = await agent.as('GET', '/api/coins/statement/export');
    expect(text).toBe(res.rawPayload.toString('utf8'));
  });

  it('neutralises a top-up note that a spreadsheet would run as a formula', async () => {
    const other = await gameAgent(t.app, t.database, asAdmin, { cartelas: [] });
    await asAdmin('POST', `/api/users/agents/${other.user.id}/add-coins`, {
      coins: 1,
      etbAmount: 0,
      notes: '=HYPERLINK("x", "y")',
    });
    const res = await other.as('GET', '/api/coins/statement/export');
    expect(res.body).toContain(`,1,,1,0.00,${adminName},"'=HYPERLINK(""x"", ""y"")"\r\n`);
  });
});

describe('whose statement', () => {
  let a: Awaited<ReturnType<typeof gameAgent>>;
  let b: Awaited<ReturnType<typeof gameAgent>>;
  let asSuper: GameCall;

  beforeAll(async () => {
    [a, b] = await Promise.all([
      gameAgent(t.app, t.database, asAdmin, { cartelas: [], coins: 30 }),
      gameAgent(t.app, t.database, asAdmin, { cartelas: [], coins: 7 }),
    ]);
    const superAgent = await createSuperAgent(t.database);
    const assigned = await asAdmin('PUT', `/api/users/agents/${a.user.id}`, {
      superAgentId: superAgent.user.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const token = await loginAs(t.app, superAgent);
    asSuper = (method, url) => t.app.inject({ method, url, headers: bearer(token) });
  });

  it('an agent reads its own and only its own', async () => {
    const mine = await statementOf(b.as);
    expect(mine.agent.id).toBe(b.user.id);
    expect(mine.rows.map((r) => r.delta)).toEqual([7]);
    expect(JSON.stringify(mine)).not.toContain(a.user.id);
  });

  it('an agent that names an agent, another or itself, is refused on the field', async () => {
    for (const named of [a.user.id, b.user.id, crypto.randomUUID()]) {
      for (const path of ['/api/coins/statement', '/api/coins/statement/export']) {
        const res = await b.as('GET', `${path}?agentId=${named}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          message: 'agentId is for the admin: an agent reads its own statement',
          code: 'VALIDATION_FAILED',
          field: 'agentId',
        });
      }
    }
  });

  it('the admin reads any agent it names; it must name one; no live agent is 404', async () => {
    expect((await statementOf(asAdmin, `agentId=${a.user.id}`)).rows.map((r) => r.delta)).toEqual([30]);
    expect((await statementOf(asAdmin, `agentId=${b.user.id}`)).rows.map((r) => r.delta)).toEqual([7]);
    const unnamed = await asAdmin('GET', '/api/coins/statement');
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'agentId' });

    const deleted = await createAgent(t.database);
    await t.database.db.transaction((tx) => softDeleteUser(tx, deleted.user.id));
    const admin = (await asAdmin('GET', '/api/auth/me')).json().user.id;
    const superAgent = await createSuperAgent(t.database);
    for (const id of [crypto.randomUUID(), deleted.user.id, admin, superAgent.user.id]) {
      for (const path of ['/api/coins/statement', '/api/coins/statement/export']) {
        const res = await asAdmin('GET', `${path}?agentId=${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Agent not found', code: 'NOT_FOUND' });
      }
    }
    const bad = await asAdmin('GET', '/api/coins/statement?agentId=nope');
    expect(bad.statusCode).toBe(400);
  });

  it('a super agent has no door to any statement, its own agents’ included (403); no token 401', async () => {
    for (const path of ['/api/coins/statement', '/api/coins/statement/export']) {
      for (const url of [path, `${path}?agentId=${a.user.id}`]) {
        const res = await asSuper('GET', url);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
        const anonymous = await t.app.inject({ method: 'GET', url });
        expect(anonymous.statusCode).toBe(401);
      }
    }
  });
});

describe('a commission-share agent', () => {
  it('has no coins: an empty statement and a CSV of its header alone', async () => {
    const agent = await gameAgent(t.app, t.database, asAdmin, {
      financialModel: 'commission-share',
      cartelas: [],
    });
    expect(await statementOf(agent.as)).toEqual({
      agent: {
        id: agent.user.id,
        username: agent.user.username,
        financialModel: 'commission-share',
        virtualCoins: 0,
      },
      rows: [],
      page: 1,
      limit: 50,
      total: 0,
      totalPages: 0,
    });
    const csv = await agent.as('GET', '/api/coins/statement/export');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toBe(
      '\uFEFFBusiness date,Created,What,Game ID,Coins in,Coins out,Balance after,ETB paid,By,Notes\r\n',
    );
  });
});

describe('the rows add up to the balance', () => {
  const REASONS = ['top-up', 'game', 'refund', 'adjustment'] as const;
  const aChange = fc.record({
    delta: fc.integer({ min: -40, max: 60 }).filter((d) => d !== 0),
    reason: fc.constantFrom(...REASONS),
  });

  it('whatever the changes, some refused, some racing for the same balance', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(aChange, { minLength: 1, maxLength: 4 }), { maxLength: 8 }),
        async (bursts) => {
          const agent = await createAgent(t.database);
          for (const burst of bursts) {
            // A burst's changes run at once: they queue on the agent's row lock; a charge over the balance is refused.
            await Promise.allSettled(
              burst.map((c) => change({ agentId: agent.user.id, ...c, actorId: null })),
            );
          }
          const { agent: shown, total, rows } = await everyRow(agent.user.id, 7);
          expect(rows).toHaveLength(total);
          expectChained(rows, shown.virtualCoins);
        },
      ),
      { numRuns: 15 },
    );
  });
});
