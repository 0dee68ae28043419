// Commission management over a fixed data set whose every amount is computed by hand below (decision 053
// section 4). The app's clock is fixed: today is Thursday 2026-03-12 in Africa/Addis_Ababa (UTC+3), so
// 2026-03-09 and 2026-03-10 are over and can be generated; 21:00 UTC is midnight there.
import { type CommissionPayment, commissionRoutes } from '@cartela/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { superAgentAgreements, type UserRow } from '../../db/schema.js';
import { itAdminsOnly, useCallers, useTestApp } from '../../test/fixtures.js';
import {
  createAgent,
  createSuperAgent,
  type GameRowInput,
  insertGameRow,
  loginAs,
  startTestApp,
  usingPostgres,
} from '../../test/helpers.js';
import { type Call, caller } from '../../test/network.js';

const NOW = new Date('2026-03-12T09:00:00.000Z');
const clock = () => NOW;

const t = useTestApp({ now: clock });
const callers = useCallers(t);
const { asAdmin } = callers;
let admin: UserRow;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(q));

// The data set. Agents (usernames order the payments list): amber, basil, cyrus and delta are commission-share,
// viola is virtual-coin. Super agents: sam (platform 40%) and sid (platform 50%).
const ids = {} as Record<'amber' | 'basil' | 'cyrus' | 'delta' | 'viola' | 'sam' | 'sid', string>;
const games = {} as Record<string, string>;
let amberLogin: { user: UserRow; password: string };

async function agreement(agentId: string, superAgentId: string, rate: string, effectiveFrom: string) {
  await t.database.db.insert(superAgentAgreements).values({
    agentId,
    superAgentId,
    superAgentCommissionRate: rate,
    effectiveFrom: new Date(effectiveFrom),
  });
}

beforeAll(async () => {
  admin = callers.admin.user;
  const cs = { financialModel: 'commission-share' } as const;
  amberLogin = await createAgent(t.database, { username: 'amber', ...cs });
  ids.amber = amberLogin.user.id;
  ids.basil = (await createAgent(t.database, { username: 'basil', ...cs })).user.id;
  ids.cyrus = (await createAgent(t.database, { username: 'cyrus', ...cs })).user.id;
  ids.delta = (await createAgent(t.database, { username: 'delta', ...cs })).user.id;
  ids.viola = (await createAgent(t.database, { username: 'viola' })).user.id;
  ids.sam = (await createSuperAgent(t.database, { username: 'sam', platformCommissionRate: 40 })).user.id;
  ids.sid = (await createSuperAgent(t.database, { username: 'sid', platformCommissionRate: 50 })).user.id;

  // sam earns 25% on amber since January; basil joined sam at 00:30 on 2026-03-10 in Addis Ababa (after the
  // end of 2026-03-09); cyrus is sid's at 30%. delta and viola have no super agent.
  await agreement(ids.amber, ids.sam, '25', '2026-01-01T00:00:00Z');
  await agreement(ids.basil, ids.sam, '10', '2026-03-09T21:30:00Z');
  await agreement(ids.cyrus, ids.sid, '30', '2026-02-01T00:00:00Z');

  const cg = (agentId: string, createdAt: string, extra: Omit<GameRowInput, 'agentId' | 'createdAt'> = {}) =>
    insertGameRow(t.database, { agentId, createdAt, financialModel: 'commission-share', ...extra });
  // amber (10% games): 3.00 at 23:59 on the 9th; 10.00 at 00:00 on the 10th; 2.21 (22.05 x 10% = 2.205,
  // rounded once) at 00:00 on the 9th; a cancelled game after 12 calls (never counts); a game still running
  // (2.00, finished after the 9th's payment); a game of her virtual-coin days (never in a payment).
  games.a1 = (await cg(ids.amber, '2026-03-09T20:59:00Z', { stakeEtb: 10, players: 3 })).id;
  games.a2 = (await cg(ids.amber, '2026-03-09T21:00:00Z', { stakeEtb: 20, players: 5 })).id;
  games.a3 = (await cg(ids.amber, '2026-03-08T21:00:00Z', { stakeEtb: 7.35, players: 3 })).id;
  games.a4 = (
    await cg(ids.amber, '2026-03-09T10:00:00Z', {
      stakeEtb: 50,
      players: 4,
      status: 'cancelled',
      totalCalls: 12,
    })
  ).id;
  games.a5 = (await cg(ids.amber, '2026-03-09T11:00:00Z', { stakeEtb: 10, players: 2, status: 'active' })).id;
  games.a6 = (
    await cg(ids.amber, '2026-03-09T12:00:00Z', { stakeEtb: 10, players: 4, financialModel: 'virtual-coin' })
  ).id;
  // basil: 10.00 on the 9th, 5.00 on the 10th. cyrus: 12.00 on the 9th. delta: a 0% game on the 9th.
  games.b1 = (await cg(ids.basil, '2026-03-09T08:00:00Z', { stakeEtb: 10, players: 10 })).id;
  games.b2 = (await cg(ids.basil, '2026-03-10T08:00:00Z', { stakeEtb: 10, players: 5 })).id;
  games.c1 = (await cg(ids.cyrus, '2026-03-09T09:00:00Z', { stakeEtb: 30, players: 4 })).id;
  games.d1 = (
    await cg(ids.delta, '2026-03-09T09:30:00Z', { stakeEtb: 10, players: 3, commissionPercent: 0 })
  ).id;
  // viola plays with coins: her games count everywhere but in a payment.
  games.v1 = (await cg(ids.viola, '2026-03-09T09:00:00Z', { financialModel: 'virtual-coin' })).id;
  games.v2 = (await cg(ids.viola, '2026-03-10T09:00:00Z', { financialModel: 'virtual-coin' })).id;
});

const generate = (date: string, call: Call = asAdmin) =>
  call('POST', '/api/commission/generate-daily', { date });
const paymentsOf = async (qs = '') =>
  (await asAdmin('GET', `/api/commission/payments${qs}`)).json() as {
    payments: CommissionPayment[];
    total: number;
    totalPages: number;
    page: number;
    limit: number;
  };
const paymentOf = async (agent: keyof typeof ids, date: string) => {
  const { payments } = await paymentsOf(`?agentId=${ids[agent]}&startDate=${date}&endDate=${date}`);
  expect(payments).toHaveLength(1);
  return payments[0]!;
};
const settledBy = async (gameId: string) =>
  (
    await query<{ p: string | null }>(sql`SELECT commission_payment_id AS p FROM games WHERE id = ${gameId}`)
  )[0]!.p;
const totalEarningsOf = async (userId: string) =>
  Number(
    (await query<{ v: string }>(sql`SELECT total_earnings::text AS v FROM users WHERE id = ${userId}`))[0]!.v,
  );

/** Every counted commission-share game up to the day is settled by exactly one payment, whose totals are its games'. */
async function expectSettledExactly(upTo: string) {
  const unsettled = await query<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM games
    WHERE financial_model = 'commission-share' AND status = 'finished' AND commission_payment_id IS NULL
      AND business_date <= ${upTo}`);
  expect(unsettled[0]!.n).toBe(0);
  const mismatched = await query(sql`
    SELECT p.id FROM commission_payments p
    LEFT JOIN games g ON g.commission_payment_id = p.id
    GROUP BY p.id
    HAVING count(g.id) <> p.games_count OR coalesce(sum(g.agent_fee_santim), 0) <> p.total_earnings_santim`);
  expect(mismatched).toEqual([]);
  const wrongGames = await query(sql`
    SELECT id FROM games WHERE commission_payment_id IS NOT NULL
      AND (financial_model <> 'commission-share' OR status <> 'finished')`);
  expect(wrongGames).toEqual([]);
  // Each payment has at most one earning, and each super agent's total is the sum of its earnings.
  const doubled = await query(sql`
    SELECT commission_payment_id FROM super_agent_earnings WHERE commission_payment_id IS NOT NULL
    GROUP BY 1 HAVING count(*) > 1`);
  expect(doubled).toEqual([]);
  const totals = await query(sql`
    SELECT u.id FROM users u LEFT JOIN super_agent_earnings e ON e.super_agent_id = u.id AND e.status <> 'cancelled'
    WHERE u.role = 'super-agent' GROUP BY u.id, u.total_earnings
    HAVING u.total_earnings <> coalesce(sum(e.super_agent_net_santim), 0)`);
  expect(totals).toEqual([]);
}

describe('who may call the commission routes', () => {
  itAdminsOnly(Object.values(commissionRoutes), callers);
});

describe('commission settings', () => {
  it('lists the commission-share agents that are not deleted, with their share as the admin rate', async () => {
    const res = await asAdmin('GET', '/api/commission/settings');
    expect(res.statusCode).toBe(200);
    const { settings } = res.json();
    const mine = settings.filter((s: { agentUsername: string }) =>
      ['amber', 'basil', 'cyrus', 'delta', 'viola'].includes(s.agentUsername),
    );
    expect(mine).toEqual(
      ['amber', 'basil', 'cyrus', 'delta'].map((name) => ({
        agentId: ids[name as keyof typeof ids],
        agentUsername: name,
        financialModel: 'commission-share',
        isActive: true,
        adminCommissionRate: 20,
        notes: null,
      })),
    );
  });

  it("sets amber's share (her systemCommissionShare) and notes; her session sees the new share at once", async () => {
    const asAmber = caller(t.app, await loginAs(t.app, amberLogin));
    expect((await asAmber('GET', '/api/auth/me')).json().user.systemCommissionShare).toBe(20);

    const res = await asAdmin('PUT', `/api/commission/settings/${ids.amber}`, {
      adminCommissionRate: 16.67,
      notes: '  1/6 as agreed  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Commission settings updated',
      setting: {
        agentId: ids.amber,
        agentUsername: 'amber',
        financialModel: 'commission-share',
        isActive: true,
        adminCommissionRate: 16.67,
        notes: '1/6 as agreed',
      },
    });
    const [row] = await query<{ share: string; notes: string }>(
      sql`SELECT system_commission_share AS share, commission_notes AS notes FROM users WHERE id = ${ids.amber}`,
    );
    expect(row).toEqual({ share: '16.6700', notes: '1/6 as agreed' });
    expect((await asAmber('GET', '/api/auth/me')).json().user.systemCommissionShare).toBe(16.67);

    // Without notes the notes stay; null clears them.
    await asAdmin('PUT', `/api/commission/settings/${ids.amber}`, { adminCommissionRate: 16.67 });
    expect(
      (await query<{ n: string }>(sql`SELECT commission_notes AS n FROM users WHERE id = ${ids.amber}`))[0]!
        .n,
    ).toBe('1/6 as agreed');
  });

  it('answers 404 for a virtual-coin agent, an unknown id, a deleted agent or a super agent; 400 for a bad rate', async () => {
    const gone = await createAgent(t.database, { financialModel: 'commission-share' });
    expect((await asAdmin('DELETE', `/api/users/agents/${gone.user.id}`)).statusCode).toBe(200);
    for (const id of [ids.viola, '00000000-0000-4000-8000-000000000000', gone.user.id, ids.sam]) {
      const res = await asAdmin('PUT', `/api/commission/settings/${id}`, { adminCommissionRate: 5 });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const [viola] = await query<{ share: string }>(
      sql`SELECT system_commission_share AS share FROM users WHERE id = ${ids.viola}`,
    );
    expect(viola!.share).toBe('20.0000');
    for (const rate of [-1, 100.5, 12.34567]) {
      const res = await asAdmin('PUT', `/api/commission/settings/${ids.basil}`, {
        adminCommissionRate: rate,
      });
      expect(res.statusCode).toBe(400);
    }
    const { settings } = (await asAdmin('GET', '/api/commission/settings')).json();
    expect(settings.map((s: { agentId: string }) => s.agentId)).not.toContain(gone.user.id);
  });
});

describe('POST /api/commission/generate-daily', () => {
  it('refuses today, a future day and a malformed date, creating nothing', async () => {
    for (const date of ['2026-03-12', '2026-03-13', '2027-01-01']) {
      const res = await generate(date);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'date' });
    }
    expect((await generate('2026-3-9')).statusCode).toBe(400);
    expect((await asAdmin('POST', '/api/commission/generate-daily', {})).statusCode).toBe(400);
    expect(await query(sql`SELECT id FROM commission_payments`)).toEqual([]);
  });

  it('writes one payment per commission-share agent with counted games of 2026-03-09, with the super agent earnings', async () => {
    const res = await generate('2026-03-09');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      message: 'Generated 4 payments for 2026-03-09',
      date: '2026-03-09',
      created: 4,
    });
    const byAgent = Object.fromEntries(
      (body.payments as CommissionPayment[]).map((p) => [p.agentUsername, p]),
    ) as Record<'amber' | 'basil' | 'cyrus' | 'delta', CommissionPayment> & { viola?: CommissionPayment };
    const common = {
      paymentDate: '2026-03-09',
      status: 'pending',
      notes: null,
      paidAt: null,
      paidByUsername: null,
    };
    // amber: 3.00 (20:59 UTC) + 2.21 = 5.21; 16.67% of 521 santim = 86.85 -> 87: 0.87, net 4.34.
    expect(byAgent.amber).toMatchObject({
      ...common,
      agentId: ids.amber,
      gamesCount: 2,
      totalEarnings: 5.21,
      adminCommissionRate: 16.67,
      adminCommissionAmount: 0.87,
      agentNetAmount: 4.34,
    });
    expect(byAgent.amber.superAgentEarningId).toEqual(expect.any(String));
    // basil: 10.00 at 20%; his agreement began after the day ended: no earning.
    expect(byAgent.basil).toMatchObject({
      ...common,
      gamesCount: 1,
      totalEarnings: 10,
      adminCommissionRate: 20,
      adminCommissionAmount: 2,
      agentNetAmount: 8,
      superAgentEarningId: null,
    });
    // cyrus: 12.00 at 20%, sid's earning on it.
    expect(byAgent.cyrus).toMatchObject({
      ...common,
      gamesCount: 1,
      totalEarnings: 12,
      adminCommissionAmount: 2.4,
      agentNetAmount: 9.6,
    });
    // delta: a 0% game is still a game: a payment of 0.
    expect(byAgent.delta).toMatchObject({
      ...common,
      gamesCount: 1,
      totalEarnings: 0,
      adminCommissionAmount: 0,
      agentNetAmount: 0,
      superAgentEarningId: null,
    });
    expect(byAgent.viola).toBeUndefined();

    // The games: 20:59 UTC is the 9th, 21:00 UTC the 10th; the cancelled, running and coin games are unsettled.
    expect(await settledBy(games.a1!)).toBe(byAgent.amber.id);
    expect(await settledBy(games.a3!)).toBe(byAgent.amber.id);
    for (const g of ['a2', 'a4', 'a5', 'a6', 'b2', 'v1', 'v2']) expect(await settledBy(games[g]!)).toBeNull();

    // sam: 25% of 5.21 = 1.3025 -> 1.30; the platform's 40% of it 0.52; net 0.78. sid: 30% of 12 = 3.60, 1.80, 1.80.
    const earnings = await query(sql`
      SELECT super_agent_id AS "superAgentId", agent_id AS "agentId", payment_type AS type,
        agent_commission_santim::int AS base, super_agent_commission_rate::text AS rate,
        platform_commission_rate::text AS "platformRate", super_agent_share_santim::int AS share,
        platform_share_santim::int AS platform, super_agent_net_santim::int AS net, status,
        business_date::text AS day, commission_payment_id AS "paymentId"
      FROM super_agent_earnings ORDER BY base`);
    expect(earnings).toEqual([
      {
        superAgentId: ids.sam,
        agentId: ids.amber,
        type: 'commission-share',
        base: 521,
        rate: '25.0000',
        platformRate: '40.0000',
        share: 130,
        platform: 52,
        net: 78,
        status: 'pending',
        day: '2026-03-09',
        paymentId: byAgent.amber.id,
      },
      {
        superAgentId: ids.sid,
        agentId: ids.cyrus,
        type: 'commission-share',
        base: 1200,
        rate: '30.0000',
        platformRate: '50.0000',
        share: 360,
        platform: 180,
        net: 180,
        status: 'pending',
        day: '2026-03-09',
        paymentId: byAgent.cyrus.id,
      },
    ]);
    expect(byAgent.amber.superAgentEarningId).not.toBe(byAgent.cyrus.superAgentEarningId);
    expect(await totalEarningsOf(ids.sam)).toBe(78);
    expect(await totalEarningsOf(ids.sid)).toBe(180);
    // Each payment's history starts with its creation.
    const events = await query<{ from: string | null; to: string; actor: string }>(sql`
      SELECT from_status AS "from", to_status AS "to", actor_id AS actor FROM payment_events
      WHERE commission_payment_id IS NOT NULL`);
    expect(events).toHaveLength(4);
    for (const e of events) expect(e).toEqual({ from: null, to: 'pending', actor: admin.id });
    await expectSettledExactly('2026-03-08');
  });

  it('creates nothing new when the same day is generated again', async () => {
    const before = await query(sql`SELECT * FROM commission_payments ORDER BY id`);
    const res = await generate('2026-03-09');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'No new payments for 2026-03-09',
      date: '2026-03-09',
      created: 0,
      payments: [],
    });
    expect(await query(sql`SELECT * FROM commission_payments ORDER BY id`)).toEqual(before);
    expect(await totalEarningsOf(ids.sam)).toBe(78);
  });

  it("settles a game finished after its day's payment with the next day's, once, however many generate at once", async () => {
    await t.database.db.execute(
      sql`UPDATE games SET status = 'finished', finished_at = ${new Date('2026-03-10T12:00:00Z')} WHERE id = ${games.a5!}`,
    );
    // Several generations of the 10th at once: on PostgreSQL through two app instances (two pools).
    const second = usingPostgres() ? await startTestApp({ database: await t.another(), now: clock }) : null;
    try {
      const asAdmin2 = second ? caller(second.app, await loginAs(second.app, callers.admin)) : asAdmin;
      const answers = await Promise.all([
        generate('2026-03-10'),
        generate('2026-03-10', asAdmin2),
        generate('2026-03-10'),
        generate('2026-03-10', asAdmin2),
      ]);
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      const made = answers.flatMap((a) => a.json().payments as CommissionPayment[]);
      expect(answers.reduce((n, a) => n + a.json().created, 0)).toBe(2);
      expect(made.map((p) => p.agentUsername).sort()).toEqual(['amber', 'basil']);
    } finally {
      if (second) {
        await second.close();
        await second.database.close();
      }
    }
    // amber: 10.00 (21:00 UTC on the 9th) + 2.00 (the 9th's game finished late) = 12.00; 16.67% = 2.0004 -> 2.00.
    const amber = await paymentOf('amber', '2026-03-10');
    expect(amber).toMatchObject({
      gamesCount: 2,
      totalEarnings: 12,
      adminCommissionRate: 16.67,
      adminCommissionAmount: 2,
      agentNetAmount: 10,
      status: 'pending',
    });
    expect(await settledBy(games.a2!)).toBe(amber.id);
    expect(await settledBy(games.a5!)).toBe(amber.id);
    // basil: 5.00 at 20%; his agreement was in force at the end of the 10th: sam earns 10% = 0.50, net 0.30.
    const basil = await paymentOf('basil', '2026-03-10');
    expect(basil).toMatchObject({
      gamesCount: 1,
      totalEarnings: 5,
      adminCommissionAmount: 1,
      agentNetAmount: 4,
    });
    expect(basil.superAgentEarningId).toEqual(expect.any(String));
    // sam: 0.78 + (25% of 12.00 = 3.00, 40% platform: 1.80) + 0.30 = 2.88.
    expect(await totalEarningsOf(ids.sam)).toBe(78 + 180 + 30);
    expect(await totalEarningsOf(ids.sid)).toBe(180);
    expect((await query(sql`SELECT id FROM commission_payments`)).length).toBe(6);
    expect((await query(sql`SELECT id FROM super_agent_earnings`)).length).toBe(4);
    // The coin games were never settled; the cancelled game neither.
    for (const g of ['a4', 'a6', 'v1', 'v2']) expect(await settledBy(games[g]!)).toBeNull();
    expect(await query(sql`SELECT id FROM commission_payments WHERE agent_id = ${ids.viola}`)).toEqual([]);
    await expectSettledExactly('2026-03-11');

    // Nothing is left for the 11th.
    expect((await generate('2026-03-11')).json()).toMatchObject({
      message: 'No new payments for 2026-03-11',
      created: 0,
    });
  });

  it('settles each game once when different days of one agent are generated at the same time', async () => {
    const ezra = await createAgent(t.database, { financialModel: 'commission-share' });
    for (const at of [
      '2026-02-02T08:00:00Z',
      '2026-02-02T20:00:00Z',
      '2026-02-03T08:00:00Z',
      '2026-02-03T21:30:00Z',
    ]) {
      await insertGameRow(t.database, {
        agentId: ezra.user.id,
        createdAt: at,
        financialModel: 'commission-share',
      });
    }
    const answers = await Promise.all(
      ['2026-02-02', '2026-02-03', '2026-02-04', '2026-02-02', '2026-02-03', '2026-02-04'].map((d) =>
        generate(d),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const payments = await query<{ games: number; total: number }>(sql`
      SELECT games_count AS games, total_earnings_santim::int AS total FROM commission_payments
      WHERE agent_id = ${ezra.user.id}`);
    // Four 3.00 games, whichever payments took them.
    expect(payments.reduce((n, p) => n + p.games, 0)).toBe(4);
    expect(payments.reduce((n, p) => n + p.total, 0)).toBe(1200);
    await expectSettledExactly('2026-03-11');
  });
});

describe('payment status: pending -> paid -> pending, cancelled -> pending', () => {
  it('marks a payment paid with notes, by whom and when, and refuses to mark it paid again', async () => {
    const p = await paymentOf('amber', '2026-03-09');
    const asAmber = caller(t.app, await loginAs(t.app, amberLogin));
    expect((await asAmber('GET', '/api/auth/me')).json().user.lastPaymentDate).toBeNull();
    const res = await asAdmin('PUT', `/api/commission/payments/${p.id}/mark-paid`, {
      notes: 'cash, receipt 12',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Payment marked as paid',
      payment: {
        ...p,
        status: 'paid',
        notes: 'cash, receipt 12',
        paidAt: NOW.toISOString(),
        paidByUsername: admin.username,
        updatedAt: expect.any(String),
      },
    });
    const again = await asAdmin('PUT', `/api/commission/payments/${p.id}/mark-paid`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'CONFLICT',
      reason: 'PAYMENT_STATUS',
      message: 'Payment is already paid',
    });
    // Marking paid touches only the payment: the games and sam's earning and total stay as they were.
    expect(await totalEarningsOf(ids.sam)).toBe(288);
    const [earning] = await query<{ status: string }>(
      sql`SELECT status FROM super_agent_earnings WHERE commission_payment_id = ${p.id}`,
    );
    expect(earning!.status).toBe('pending');
    // Her session's last payment date is the payment's, at once (migration 0010).
    expect((await asAmber('GET', '/api/auth/me')).json().user.lastPaymentDate).toBe(NOW.toISOString());
  });

  it('marks it pending again (paid_at and paid_by cleared, notes kept) and refuses pending -> pending', async () => {
    const p = await paymentOf('amber', '2026-03-09');
    const asAmber = caller(t.app, await loginAs(t.app, amberLogin));
    const res = await asAdmin('PUT', `/api/commission/payments/${p.id}/mark-pending`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Payment marked as pending');
    expect(res.json().payment).toMatchObject({
      status: 'pending',
      paidAt: null,
      paidByUsername: null,
      notes: 'cash, receipt 12',
    });
    const again = await asAdmin('PUT', `/api/commission/payments/${p.id}/mark-pending`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'CONFLICT',
      reason: 'PAYMENT_STATUS',
      message: 'Payment is already pending',
    });
    const events = await query<{ from: string | null; to: string; notes: string | null }>(sql`
      SELECT from_status AS "from", to_status AS "to", notes FROM payment_events
      WHERE commission_payment_id = ${p.id} ORDER BY created_at`);
    expect(events).toEqual([
      { from: null, to: 'pending', notes: null },
      { from: 'pending', to: 'paid', notes: 'cash, receipt 12' },
      { from: 'paid', to: 'pending', notes: null },
    ]);
    // Her only paid payment is not paid any more: no last payment date.
    expect((await asAmber('GET', '/api/auth/me')).json().user.lastPaymentDate).toBeNull();
  });

  it('lets exactly one of two simultaneous mark-paid requests through', async () => {
    const p = await paymentOf('basil', '2026-03-10');
    const answers = await Promise.all([
      asAdmin('PUT', `/api/commission/payments/${p.id}/mark-paid`, {}),
      asAdmin('PUT', `/api/commission/payments/${p.id}/mark-paid`, {}),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const events = await query(sql`SELECT id FROM payment_events WHERE commission_payment_id = ${p.id}`);
    expect(events).toHaveLength(2);
    expect((await asAdmin('PUT', `/api/commission/payments/${p.id}/mark-pending`)).statusCode).toBe(200);
  });

  it('takes a cancelled payment back to pending, never straight to paid', async () => {
    const p = await paymentOf('cyrus', '2026-03-09');
    // No route cancels yet (decision 053): the state is set in the database.
    await t.database.db.execute(sql`UPDATE commission_payments SET status = 'cancelled' WHERE id = ${p.id}`);
    const paid = await asAdmin('PUT', `/api/commission/payments/${p.id}/mark-paid`, {});
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({
      reason: 'PAYMENT_STATUS',
      message: 'Payment is cancelled: mark it pending first',
    });

    // The summary leaves the cancelled payment's money out, and counts it.
    const summary = (await asAdmin('GET', '/api/commission/summary')).json();
    expect(summary).toEqual({
      period: 'week',
      from: '2026-03-09',
      to: '2026-03-12',
      timeZone: 'Africa/Addis_Ababa',
      summary: {
        // 5.21 + 10 + 0 + 12 + 5 (cyrus's 12.00 cancelled)
        totalEarnings: 32.21,
        // 0.87 + 2 + 0 + 2 + 1
        totalAdminCommission: 5.87,
        // 4.34 + 8 + 0 + 10 + 4
        totalAgentPayments: 26.34,
        pendingPayments: 5.87,
        paidPayments: 0,
        pendingCount: 5,
        paidCount: 0,
        cancelledCount: 1,
      },
    });

    const back = await asAdmin('PUT', `/api/commission/payments/${p.id}/mark-pending`);
    expect(back.statusCode).toBe(200);
    expect(back.json().payment.status).toBe('pending');
    const [event] = await query<{ from: string }>(sql`
      SELECT from_status AS "from" FROM payment_events WHERE commission_payment_id = ${p.id} AND to_status = 'pending'
        AND from_status IS NOT NULL`);
    expect(event!.from).toBe('cancelled');
  });

  it('answers 404 for an unknown payment and 400 for a malformed id', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const path of [`${unknown}/mark-paid`, `${unknown}/mark-pending`]) {
      const res = await asAdmin(
        'PUT',
        `/api/commission/payments/${path}`,
        path.endsWith('paid') ? {} : undefined,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Payment not found' });
    }
    expect((await asAdmin('PUT', '/api/commission/payments/nope/mark-paid', {})).statusCode).toBe(400);
  });

  it('never changes the amounts of a payment, nor deletes it (the database refuses)', async () => {
    const p = await paymentOf('amber', '2026-03-10');
    await expect(
      t.database.db.execute(
        sql`UPDATE commission_payments SET admin_commission_santim = 0 WHERE id = ${p.id}`,
      ),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`DELETE FROM commission_payments WHERE id = ${p.id}`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM payment_events`)).rejects.toThrow();
  });
});

describe('GET /api/commission/payments and /summary', () => {
  it('lists newest business day first, then by agent username, with filters and pages', async () => {
    const mine = ['amber', 'basil', 'cyrus', 'delta'].map((n) => ids[n as keyof typeof ids]);
    const all = await paymentsOf('?startDate=2026-03-09&endDate=2026-03-10');
    expect(all.payments.map((p) => `${p.paymentDate} ${p.agentUsername}`)).toEqual([
      '2026-03-10 amber',
      '2026-03-10 basil',
      '2026-03-09 amber',
      '2026-03-09 basil',
      '2026-03-09 cyrus',
      '2026-03-09 delta',
    ]);
    expect(all).toMatchObject({ total: 6, totalPages: 1, page: 1, limit: 20 });
    expect(all.payments.every((p) => mine.includes(p.agentId))).toBe(true);

    const page2 = await paymentsOf('?startDate=2026-03-09&endDate=2026-03-10&limit=4&page=2');
    expect(page2.payments.map((p) => p.agentUsername)).toEqual(['cyrus', 'delta']);
    expect(page2).toMatchObject({ total: 6, totalPages: 2, page: 2, limit: 4 });

    const amber = await paymentsOf(`?agentId=${ids.amber}`);
    expect(amber.payments.map((p) => p.paymentDate)).toEqual(['2026-03-10', '2026-03-09']);

    const tenth = await paymentsOf('?startDate=2026-03-10&endDate=2026-03-10');
    expect(tenth.total).toBe(2);

    const p = await paymentOf('basil', '2026-03-09');
    await asAdmin('PUT', `/api/commission/payments/${p.id}/mark-paid`, { notes: 'bank' });
    const paid = await paymentsOf('?status=paid');
    expect(paid.payments.map((x) => x.id)).toEqual([p.id]);
    expect((await paymentsOf('?status=pending&startDate=2026-03-09&endDate=2026-03-10')).total).toBe(5);
  });

  it('refuses bad filters with 400', async () => {
    for (const qs of [
      '?status=late',
      '?agentId=x',
      '?startDate=2026-03-10&endDate=2026-03-09',
      '?limit=101',
      '?page=0',
      '?other=1',
    ]) {
      expect((await asAdmin('GET', `/api/commission/payments${qs}`)).statusCode, qs).toBe(400);
    }
  });

  it('sums the payments dated in the period; pending and paid are admin commission amounts', async () => {
    const week = (await asAdmin('GET', '/api/commission/summary?period=week')).json();
    expect(week.summary).toEqual({
      totalEarnings: 44.21,
      totalAdminCommission: 8.27,
      totalAgentPayments: 35.94,
      // basil's 2.00 of the 9th was paid
      pendingPayments: 6.27,
      paidPayments: 2,
      pendingCount: 5,
      paidCount: 1,
      cancelledCount: 0,
    });
    const month = (await asAdmin('GET', '/api/commission/summary?period=month')).json();
    expect(month).toMatchObject({ from: '2026-03-01', to: '2026-03-12' });
    expect(month.summary.totalEarnings).toBe(44.21);
    const day = (await asAdmin('GET', '/api/commission/summary?period=day')).json();
    expect(day).toMatchObject({ from: '2026-03-12', to: '2026-03-12' });
    expect(day.summary).toEqual({
      totalEarnings: 0,
      totalAdminCommission: 0,
      totalAgentPayments: 0,
      pendingPayments: 0,
      paidPayments: 0,
      pendingCount: 0,
      paidCount: 0,
      cancelledCount: 0,
    });
    // ezra's February payments are in the year.
    const year = (await asAdmin('GET', '/api/commission/summary?period=year')).json();
    expect(year.summary.totalEarnings).toBe(56.21);
    expect((await asAdmin('GET', '/api/commission/summary?period=decade')).statusCode).toBe(400);
  });
});
