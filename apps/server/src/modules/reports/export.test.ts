// The export at size: 2,500 games inserted in one statement (triggers run), with heavy ties on every sort key and
// creation times in microseconds (what now() writes, finer than a JavaScript Date), streamed in keyset batches
// of 1,000 without a duplicate or a gap, in each sort order; and what a game changed during an export looks like.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from '../../test/fixtures.js';
import { bearer, createAgent, insertGameRow } from '../../test/helpers.js';
import { EXPORT_BATCH_SIZE, keysetBatches } from './service.js';

const COUNT = 2500;
const t = useTestApp();
let adminToken: string;
let agentId: string;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

beforeAll(async () => {
  adminToken = (await signedIn(t, 'admin')).token;
  agentId = (await createAgent(t.database, { financialModel: 'commission-share' })).user.id;
  // Stakes of 10, 20 or 30 ETB, 1-3 players, fee 10%; two games per creation instant, instants a microsecond
  // apart from whole seconds; all on 2025-04-01 in Addis Ababa.
  await t.database.db.execute(sql`
    INSERT INTO games (game_id, agent_id, status, game_mode, pattern, stake_santim, players, total_santim,
      agent_fee_santim, prize_santim, commission_percent, coin_cost, cartela_numbers, total_calls,
      draw_commitment, draw_seed, state, cartelas, financial_model, created_at, updated_at, finished_at)
    SELECT 'L' || lpad(i::text, 6, '0'), ${agentId}, 'finished', 'specific-pattern', 'full-house', x.stake, x.players,
      x.stake * x.players, x.stake * x.players / 10, x.stake * x.players - x.stake * x.players / 10, 10, 0,
      (SELECT jsonb_agg(n) FROM generate_series(1, x.players) AS n), 30, repeat('a', 64), repeat('b', 64),
      '{}'::jsonb, '[]'::json, 'commission-share', x.at, x.at, x.at + interval '15 minutes'
    FROM generate_series(1, ${COUNT}) AS i
    CROSS JOIN LATERAL (SELECT 1000 * (1 + i % 3) AS stake, 1 + i % 3 AS players,
      timestamptz '2025-04-01 06:00:00.000001+00' + (i / 2) * interval '1.000001 second' AS at) AS x`);
});

/** The game ids of the export, after checking the header and that each line has all its cells. */
async function exportIds(query: string): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/reports/games/export?${query}`,
    headers: bearer(adminToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n');
  expect(lines.pop()).toBe('');
  expect(lines.shift()).toMatch(/^Game ID,Agent,Status,/);
  for (const line of lines) expect(line.split(',')).toHaveLength(17);
  return lines.map((line) => line.slice(0, line.indexOf(',')));
}

const COLUMNS: Record<string, string> = {
  gameId: 'game_id',
  stake: 'stake_santim',
  numberOfPlayers: 'players',
  agentFee: 'agent_fee_santim',
  totalAmount: 'total_santim',
  createdAt: 'created_at',
};

/** The order the database itself gives in one statement. */
async function referenceOrder(column: string, order: 'asc' | 'desc', where = sql``): Promise<string[]> {
  const dir = sql.raw(order);
  const rows = rowsOf<{ game_id: string }>(
    await t.database.db.execute(
      sql`SELECT game_id FROM games ${where} ORDER BY ${sql.identifier(column)} ${dir}, id ${dir}`,
    ),
  );
  return rows.map((r) => r.game_id);
}

describe('a large export', () => {
  it('has ties on every key but gameId, and creation times finer than a millisecond', async () => {
    const [row] = rowsOf<{ stakes: number; instants: number; micro: number }>(
      await t.database.db.execute(sql`
        SELECT count(DISTINCT stake_santim)::int AS stakes, count(DISTINCT created_at)::int AS instants,
          count(*) FILTER (WHERE extract(microseconds FROM created_at)::int % 1000 <> 0)::int AS micro
        FROM games`),
    );
    expect(row).toMatchObject({ stakes: 3, instants: COUNT / 2 + 1 });
    expect(row!.micro).toBeGreaterThan(COUNT - 10);
  });

  for (const [sortBy, column] of Object.entries(COLUMNS)) {
    for (const order of ['asc', 'desc'] as const) {
      it(`sortBy=${sortBy}&sortOrder=${order}: every game once, in order, across batches`, async () => {
        expect(COUNT).toBeGreaterThan(2 * EXPORT_BATCH_SIZE);
        const got = await exportIds(`sortBy=${sortBy}&sortOrder=${order}`);
        expect(got).toHaveLength(COUNT);
        expect(new Set(got).size).toBe(COUNT);
        expect(got).toEqual(await referenceOrder(column, order));
      });
    }
  }

  it('with filters: the matching rows only', async () => {
    // Every game is the agent's, finished, created on 2025-04-01 in Addis Ababa.
    const got = await exportIds(`agentId=${agentId}&status=finished&date=2025-04-01&sortBy=numberOfPlayers`);
    expect(got).toEqual(await referenceOrder('players', 'desc'));
    expect(await exportIds('status=cancelled')).toEqual([]);
    expect(await exportIds('date=2025-04-02')).toEqual([]);
  });

  it('keyset batches of any size give the same rows as one statement', async () => {
    // Size 1 crosses ties one row at a time (the first 60 rows); 333 crosses the stake boundaries mid-batch.
    for (const size of [1, 333, 1000, 2499, 2500, 2501]) {
      const batches = [];
      for await (const batch of keysetBatches(
        t.database,
        { agentId, status: 'all', from: null, to: null },
        { by: 'stake', order: 'desc' },
        size,
      )) {
        expect(batch.length).toBeLessThanOrEqual(size);
        batches.push(batch.map((r) => r.gameId));
        if (size === 1 && batches.length === 60) break;
      }
      const expected = await referenceOrder('stake_santim', 'desc');
      expect(batches.flat(), `size ${size}`).toEqual(size === 1 ? expected.slice(0, 60) : expected);
      if (size !== 1) expect(batches).toHaveLength(Math.ceil(COUNT / size));
    }
  });

  it('a game changed during an export appears as its batch found it; one created after the cursor appears too', async () => {
    const late = await insertGameRow(t.database, {
      agentId,
      createdAt: '2025-04-01T20:00:00.000Z',
      status: 'active',
      financialModel: 'commission-share',
    });
    const batches = keysetBatches(
      t.database,
      { agentId, status: 'all', from: null, to: null },
      { by: 'createdAt', order: 'asc' },
      1000,
    );
    const first = await batches.next();
    expect(first.done).toBe(false);
    // Between two batches: the late game finishes, and a game is created after everything read so far.
    await t.database.db.execute(
      sql`UPDATE games SET status = 'finished', finished_at = now(), total_calls = 40 WHERE id = ${late.id}`,
    );
    const newer = await insertGameRow(t.database, {
      agentId,
      createdAt: '2025-04-01T20:30:00.000Z',
      status: 'active',
      financialModel: 'commission-share',
    });
    const rest = [];
    for (let b = await batches.next(); !b.done; b = await batches.next()) rest.push(...b.value);
    const all = [...(first.value ?? []), ...rest];
    expect(all).toHaveLength(COUNT + 2);
    expect(new Set(all.map((r) => r.id)).size).toBe(COUNT + 2);
    expect(all.at(-2)).toMatchObject({ id: late.id, status: 'finished', totalCalls: 40 });
    expect(all.at(-1)).toMatchObject({ id: newer.id, status: 'active' });
  });
});
