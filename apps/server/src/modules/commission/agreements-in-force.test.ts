// Issue 20 point 2, decision 064: a super agent earns only on fees of games that finished while its agreement
// was in force, to the second. One commission-share agent's business day 2026-03-10 (Addis Ababa, UTC+3):
//   08:15 UTC  game g1 finishes (fee 10.00): no agreement yet, nobody earns on it
//   09:00 UTC  the admin puts the agent under sam (20 %)
//   09:15 UTC  game g2 finishes (fee 20.00): sam's
//   11:00 UTC  the admin moves the agent to sid (30 %): sam's agreement ends, sid's starts
//   11:00 UTC  game g3 finishes at that very second (fee 30.00): sid's (an agreement covers [start, end))
//   12:15 UTC  game g4 finishes (fee 40.00): sid's
// Generate Daily for that day writes one payment (fees 100.00) and two earnings: sam on 20.00, sid on 70.00.
// Before, the agreement in force at the end of the day took it all: sid on 100.00.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { superAgentAgreements } from '../../db/schema.js';
import { useCallers, useTestApp } from '../../test/fixtures.js';
import { createAgent, createSuperAgent, insertGameRow } from '../../test/helpers.js';

const NOW = new Date('2026-03-12T09:00:00.000Z');
const t = useTestApp({ now: () => NOW });
const { asAdmin } = useCallers(t);
const ids = {} as Record<'agent' | 'sam' | 'sid', string>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

beforeAll(async () => {
  ids.agent = (
    await createAgent(t.database, { username: 'zara', financialModel: 'commission-share' })
  ).user.id;
  ids.sam = (await createSuperAgent(t.database, { username: 'sam', platformCommissionRate: 50 })).user.id;
  ids.sid = (await createSuperAgent(t.database, { username: 'sid', platformCommissionRate: 50 })).user.id;
  await t.database.db.insert(superAgentAgreements).values([
    {
      agentId: ids.agent,
      superAgentId: ids.sam,
      superAgentCommissionRate: '20',
      effectiveFrom: new Date('2026-03-10T09:00:00Z'),
      endedAt: new Date('2026-03-10T11:00:00Z'),
      isActive: false,
    },
    {
      agentId: ids.agent,
      superAgentId: ids.sid,
      superAgentCommissionRate: '30',
      effectiveFrom: new Date('2026-03-10T11:00:00Z'),
    },
  ]);
  const game = (finishedAt: string, players: number) =>
    insertGameRow(t.database, {
      agentId: ids.agent,
      createdAt: new Date(Date.parse(finishedAt) - 15 * 60_000),
      finishedAt,
      financialModel: 'commission-share',
      stakeEtb: 10,
      players,
    });
  await game('2026-03-10T08:15:00Z', 10); // fee 10.00
  await game('2026-03-10T09:15:00Z', 20); // fee 20.00
  await game('2026-03-10T11:00:00Z', 30); // fee 30.00
  await game('2026-03-10T12:15:00Z', 40); // fee 40.00
});

describe('a super agent earns only while its agreement is in force (decision 064)', () => {
  it('an assignment in the middle of the day and a reassignment: each super agent on its own games only', async () => {
    const res = await asAdmin('POST', '/api/commission/generate-daily', { date: '2026-03-10' });
    expect(res.statusCode, res.body).toBe(200);
    const [payment] = rowsOf<{ id: string; fees: string }>(
      await t.database.db.execute(
        sql`SELECT id, total_earnings_santim::text AS fees FROM commission_payments WHERE agent_id = ${ids.agent}`,
      ),
    );
    expect(payment!.fees).toBe('10000');
    const earnings = rowsOf<{ superAgentId: string; base: string; share: string; net: string }>(
      await t.database.db.execute(sql`SELECT super_agent_id AS "superAgentId",
          agent_commission_santim::text AS base, super_agent_share_santim::text AS share,
          super_agent_net_santim::text AS net
        FROM super_agent_earnings WHERE commission_payment_id = ${payment!.id} ORDER BY base`),
    );
    expect(earnings).toEqual([
      // sam: 20 % of 20.00 = 4.00, half to the platform.
      { superAgentId: ids.sam, base: '2000', share: '400', net: '200' },
      // sid: 30 % of 70.00 = 21.00, half to the platform.
      { superAgentId: ids.sid, base: '7000', share: '2100', net: '1050' },
    ]);
    // Each super agent's total earnings grew by its own net only.
    const totals = rowsOf<{ id: string; total: string }>(
      await t.database.db.execute(
        sql`SELECT id, total_earnings::text AS total FROM users WHERE id IN (${ids.sam}, ${ids.sid}) ORDER BY username`,
      ),
    );
    expect(totals).toEqual([
      { id: ids.sam, total: '200' },
      { id: ids.sid, total: '1050' },
    ]);
    // The payments list still shows the payment once, with an earning.
    const list = (await asAdmin('GET', '/api/commission/payments')).json() as {
      payments: { superAgentEarningId: string | null }[];
    };
    expect(list.payments).toHaveLength(1);
    expect(list.payments[0]!.superAgentEarningId).not.toBeNull();
  });
});
