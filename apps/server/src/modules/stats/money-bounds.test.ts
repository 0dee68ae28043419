// Money has an upper bound (docs/decisions/081-money-has-an-upper-bound.md): no request puts an amount into the
// books that could make a sum of the figures leave the exact numbers (2^53 santim), and a sum that does anyway
// (rows from before the bounds) is the server's failure, a 500 said in the log, never a 400 the client can do
// nothing about on a read: rows of money are never changed, so that 400 would be forever.
import { Writable } from 'node:stream';
import { MAX_TOP_UP_COINS, MAX_TOP_UP_ETB } from '@cartela/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { useTestApp } from '../../test/fixtures.js';
import {
  createAdmin,
  createAgent,
  createSuperAgent,
  createTestDatabase,
  loginAs,
  type TestDatabase,
  testConfig,
} from '../../test/helpers.js';
import { type Call, caller } from '../../test/network.js';

/** A virtual-coin agent under a super agent who earns all of each top-up (rate 100%, platform 0%). */
async function hall(app: FastifyInstance, database: Database) {
  const admin = await createAdmin(database);
  const agent = await createAgent(database, { financialModel: 'virtual-coin' });
  const superAgent = await createSuperAgent(database, { platformCommissionRate: 0 });
  const asAdmin = caller(app, await loginAs(app, admin));
  const assigned = await asAdmin('POST', '/api/super-agents/assign-agent', {
    agentId: agent.user.id,
    superAgentId: superAgent.user.id,
    superAgentCommissionRate: 100,
  });
  expect(assigned.statusCode).toBe(200);
  const asSuperAgent = caller(app, await loginAs(app, superAgent));
  /** Every read that sums the top-ups or the earnings on them, with who reads it. */
  const reads: [Call, string][] = [
    [asAdmin, '/api/stats/admin?period=year'],
    [asAdmin, '/api/stats/payments?period=year'],
    [asAdmin, `/api/super-agents/${superAgent.user.id}/earnings?period=all`],
    [asAdmin, '/api/super-agents'],
    [asSuperAgent, '/api/super-agents/overview'],
    [asSuperAgent, '/api/super-agents/earnings?period=year'],
    [asSuperAgent, '/api/auth/me'],
  ];
  return { agent, superAgent, asAdmin, reads };
}

describe('a top-up past the bound', () => {
  const t = useTestApp();

  it('is refused, so that two legal ones can never make a sum the dashboards cannot read', async () => {
    const { agent, asAdmin, reads } = await hall(t.app, t.database);
    const addCoins = (payload: unknown) =>
      asAdmin('POST', `/api/users/agents/${agent.user.id}/add-coins`, payload);
    // 90 trillion birr: each one a safe integer of santim, two of them a sum that is not.
    for (const etbAmount of [90_000_000_000_000, MAX_TOP_UP_ETB + 0.01]) {
      const res = await addCoins({ coins: 1, etbAmount });
      expect(res.statusCode, String(etbAmount)).toBe(400);
      expect(res.json()).toEqual({
        message: 'etbAmount: At most 10,000,000 ETB',
        code: 'VALIDATION_FAILED',
        field: 'etbAmount',
      });
    }
    const coins = await addCoins({ coins: MAX_TOP_UP_COINS + 1, etbAmount: 1 });
    expect(coins.statusCode).toBe(400);
    expect(coins.json()).toMatchObject({ message: 'coins: At most 10,000,000 coins', field: 'coins' });

    // At the bound, twice: far more than any hall pays, and every sum still exact.
    for (let i = 0; i < 2; i++) {
      const res = await addCoins({ coins: MAX_TOP_UP_COINS, etbAmount: MAX_TOP_UP_ETB });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const [call, url] of reads) {
      const res = await call('GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const payments = (await reads[1]![0]('GET', reads[1]![1])).json();
    expect(payments.coinPurchases).toMatchObject({ coins: 2 * MAX_TOP_UP_COINS, amount: 2 * MAX_TOP_UP_ETB });
    expect(payments.superAgentEarnings.superAgentNetEarnings).toBe(2 * MAX_TOP_UP_ETB);
  });
});

describe('a sum past 2^53 santim in rows from before the bounds', () => {
  const lines: string[] = [];
  let db: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await createTestDatabase();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({ config: testConfig(), database: db.database, logger: { level: 'info', stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('is a 500 whose log line names the sum, never a 400, on every read of it', async () => {
    const { agent, superAgent, reads } = await hall(app, db.database);
    // Two top-ups of 90 trillion birr and the super agent's earning on each, as the server wrote them before the
    // bound (the ledger and the earnings are never changed afterwards: decision 020).
    const santim = 9_000_000_000_000_000;
    for (let i = 0; i < 2; i++) {
      await db.database.db.execute(sql`
        WITH ledger AS (
          INSERT INTO coin_ledger (agent_id, delta, balance_before, balance_after, reason, etb_amount_santim)
          VALUES (${agent.user.id}, 1, ${i}, ${i + 1}, 'top-up', ${santim}) RETURNING id
        )
        INSERT INTO super_agent_earnings (super_agent_id, agent_id, agreement_id, payment_type,
          purchase_amount_santim, super_agent_commission_rate, platform_commission_rate,
          super_agent_share_santim, platform_share_santim, super_agent_net_santim, coin_ledger_id)
        SELECT ${superAgent.user.id}, ${agent.user.id}, a.id, 'virtual-coin-purchase', ${santim}, 100, 0,
          ${santim}, 0, ${santim}, ledger.id
        FROM ledger, super_agent_agreements a WHERE a.agent_id = ${agent.user.id} AND a.is_active`);
    }
    await db.database.db.execute(
      sql`UPDATE users SET total_earnings = total_earnings + ${2 * santim} WHERE id = ${superAgent.user.id}`,
    );

    for (const [call, url] of reads) {
      lines.length = 0;
      const res = await call('GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(500);
      expect(res.json()).toEqual({ message: 'Something went wrong. Please try again.', code: 'INTERNAL' });
      const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request failed');
      expect(logged?.err, url).toMatchObject({
        type: 'MoneyOverflowError',
        message: expect.stringMatching(/^The sum .+ is beyond exact numbers \(2\^53 santim, decision 081\)/),
        sum: expect.any(String),
      });
    }
  });
});
