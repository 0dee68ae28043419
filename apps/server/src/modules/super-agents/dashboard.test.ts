// The super agent's own dashboard and the admin's handling of its earnings, over a fixed data set whose every
// amount is computed by hand below (decision 053 sections 5, 8, 9). The app's clock is fixed: today is
// Thursday 2026-03-12 in Africa/Addis_Ababa, so Last Week is 03-06..03-12, Last Month 02-13..03-12 and Last
// Year 2025-03-13..2026-03-12.
import { superAgentDashboardRoutes } from '@cartela/contract';
import { santim, superAgentShares } from '@cartela/core';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  coinLedger,
  superAgentAgreements,
  superAgentEarnings,
  type UserRow,
  users,
} from '../../db/schema.js';
import { itAdminsOnly, itRefuses, useCallers, useTestApp } from '../../test/fixtures.js';
import { createAgent, createSuperAgent, insertGameRow, loginAs } from '../../test/helpers.js';
import { type Call, caller } from '../../test/network.js';

const NOW = new Date('2026-03-12T09:00:00.000Z');

const t = useTestApp({ now: () => NOW });
const callers = useCallers(t);
const { asAdmin, asAgent, anonymous } = callers;
let admin: UserRow;
let asSam: Call;
let asSid: Call;
let sam: UserRow;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(q));

const ids = {} as Record<'amber' | 'basil' | 'viola' | 'cyrus' | 'wren' | 'sid', string>;
/** viola's top-ups by day: T1 03-11 (150 ETB), T2 02-20 (100), T3 2025-12-01 (50), T4 2025-03-12 (10). */
const topUps = {} as Record<'T1' | 'T2' | 'T3' | 'T4', string>;

async function agreement(
  agentId: string,
  superAgentId: string,
  rate: string,
  effectiveFrom: string,
  endedAt?: string,
): Promise<string> {
  const [row] = await t.database.db
    .insert(superAgentAgreements)
    .values({
      agentId,
      superAgentId,
      superAgentCommissionRate: rate,
      effectiveFrom: new Date(effectiveFrom),
      ...(endedAt ? { isActive: false, endedAt: new Date(endedAt) } : {}),
    })
    .returning();
  return row!.id;
}

/**
 * A top-up of viola's on a given day, written as the agents module writes one (coins and ledger row, sam's
 * earning on it, sam's total), but at a chosen instant: the API's would be dated now.
 */
async function topUp(agreementId: string, at: string, etb: number): Promise<string> {
  return t.database.db.transaction(async (tx) => {
    const [agent] = await tx
      .update(users)
      .set({ virtualCoins: sql`${users.virtualCoins} + ${etb}` })
      .where(eq(users.id, ids.viola))
      .returning();
    const [entry] = await tx
      .insert(coinLedger)
      .values({
        agentId: ids.viola,
        delta: etb,
        balanceBefore: agent!.virtualCoins - etb,
        balanceAfter: agent!.virtualCoins,
        reason: 'top-up',
        etbAmountSantim: etb * 100,
        actorId: admin.id,
        createdAt: new Date(at),
      })
      .returning();
    const shares = superAgentShares(santim(etb * 100), 20, 40);
    const [earning] = await tx
      .insert(superAgentEarnings)
      .values({
        superAgentId: sam.id,
        agentId: ids.viola,
        agreementId,
        paymentType: 'virtual-coin-purchase',
        purchaseAmountSantim: etb * 100,
        superAgentCommissionRate: '20',
        platformCommissionRate: '40',
        superAgentShareSantim: shares.superAgentShare,
        platformShareSantim: shares.platformShare,
        superAgentNetSantim: shares.superAgentNetEarnings,
        coinLedgerId: entry!.id,
        paymentDate: new Date(at),
      })
      .returning();
    await tx
      .update(users)
      .set({ totalEarnings: sql`${users.totalEarnings} + ${shares.superAgentNetEarnings}` })
      .where(eq(users.id, sam.id));
    return earning!.id;
  });
}

beforeAll(async () => {
  admin = callers.admin.user;
  const samWho = await createSuperAgent(t.database, {
    username: 'sam',
    platformCommissionRate: 40,
    contact: '0911 000 000',
  });
  sam = samWho.user;
  const sidWho = await createSuperAgent(t.database, { username: 'sid', platformCommissionRate: 50 });
  ids.sid = sidWho.user.id;
  asSam = caller(t.app, await loginAs(t.app, samWho));
  asSid = caller(t.app, await loginAs(t.app, sidWho));
  const cs = { financialModel: 'commission-share' } as const;
  ids.amber = (await createAgent(t.database, { username: 'amber', contact: '0922', ...cs })).user.id;
  ids.basil = (await createAgent(t.database, { username: 'basil', ...cs })).user.id;
  ids.cyrus = (await createAgent(t.database, { username: 'cyrus', ...cs })).user.id;
  ids.viola = (await createAgent(t.database, { username: 'viola' })).user.id;
  ids.wren = (await createAgent(t.database, { username: 'wren' })).user.id;

  // sam: amber at 25% since January, basil at 10% from 00:30 on 2026-03-10 in Addis Ababa, viola at 20%; wren
  // left sam in February. sid: cyrus at 30%.
  await agreement(ids.amber, sam.id, '25', '2026-01-01T00:00:00Z');
  await agreement(ids.basil, sam.id, '10', '2026-03-09T21:30:00Z');
  const violaAgreement = await agreement(ids.viola, sam.id, '20', '2025-01-01T00:00:00Z');
  await agreement(ids.wren, sam.id, '15', '2025-06-01T00:00:00Z', '2026-02-01T00:00:00Z');
  await agreement(ids.cyrus, ids.sid, '30', '2026-02-01T00:00:00Z');

  const game = (agentId: string, createdAt: string, stakeEtb: number, players: number) =>
    insertGameRow(t.database, { agentId, createdAt, stakeEtb, players, financialModel: 'commission-share' });
  // amber (10% games): the 9th 3.00 + 2.21 = 5.21; the 10th 10.00 + 2.00 = 12.00.
  await game(ids.amber, '2026-03-09T20:59:00Z', 10, 3);
  await game(ids.amber, '2026-03-08T21:00:00Z', 7.35, 3);
  await game(ids.amber, '2026-03-09T21:00:00Z', 20, 5);
  await game(ids.amber, '2026-03-10T09:00:00Z', 10, 2);
  // basil: the 9th 10.00 (before his agreement: no earning), the 10th 5.00. cyrus: the 9th 12.00.
  await game(ids.basil, '2026-03-09T08:00:00Z', 10, 10);
  await game(ids.basil, '2026-03-10T08:00:00Z', 10, 5);
  await game(ids.cyrus, '2026-03-09T09:00:00Z', 30, 4);
  for (const date of ['2026-03-09', '2026-03-10']) {
    const res = await asAdmin('POST', '/api/commission/generate-daily', { date });
    expect(res.statusCode, res.body).toBe(200);
  }
  topUps.T1 = await topUp(violaAgreement, '2026-03-11T10:00:00Z', 150);
  topUps.T2 = await topUp(violaAgreement, '2026-02-20T10:00:00Z', 100);
  topUps.T3 = await topUp(violaAgreement, '2025-12-01T10:00:00Z', 50);
  topUps.T4 = await topUp(violaAgreement, '2025-03-12T10:00:00Z', 10);
});

const totalEarningsOf = async (userId: string) =>
  Number(
    (await query<{ v: string }>(sql`SELECT total_earnings::text AS v FROM users WHERE id = ${userId}`))[0]!.v,
  );

describe('who may call the super agent dashboard and earnings routes', () => {
  const own = [
    superAgentDashboardRoutes.overview,
    superAgentDashboardRoutes.agents,
    superAgentDashboardRoutes.earnings,
  ];
  const adminOnly = [
    superAgentDashboardRoutes.earningsOf,
    superAgentDashboardRoutes.markEarningPaid,
    superAgentDashboardRoutes.markEarningPending,
  ];
  itRefuses(
    '%s: super agents only; 403 for admins and agents, 401 without a token',
    own,
    () => [asAdmin, asAgent],
    anonymous,
  );
  itAdminsOnly(adminOnly, callers, () => [asSam]);
  it('takes no parameter naming a super agent: a super agent reads only its own rows', async () => {
    expect((await asSam('GET', `/api/super-agents/earnings?superAgentId=${ids.sid}`)).statusCode).toBe(400);
    expect((await asSam('GET', `/api/super-agents/${ids.sid}/earnings`)).statusCode).toBe(403);
  });
});

describe("the super agent's dashboard", () => {
  it('overview: its net earnings, the platform share, its active agents and its account', async () => {
    const res = await asSam('GET', '/api/super-agents/overview');
    expect(res.statusCode).toBe(200);
    // Net: 0.78 + 1.80 + 0.30 (commission-share) + 18 + 12 + 6 + 1.20 (top-ups) = 40.08.
    // Platform: 0.52 + 1.20 + 0.20 + 12 + 8 + 4 + 0.80 = 26.72.
    expect(res.json()).toEqual({
      totalEarnings: 40.08,
      activeAgentsCount: 3,
      platformCommissionRate: 40,
      totalPlatformShare: 26.72,
      pendingEarnings: 40.08,
      paidEarnings: 0,
      username: 'sam',
      contact: '0911 000 000',
      createdAt: sam.createdAt.toISOString(),
      lastPaymentDate: null,
    });
    expect(await totalEarningsOf(sam.id)).toBe(4008);

    const sid = (await asSid('GET', '/api/super-agents/overview')).json();
    expect(sid).toMatchObject({
      totalEarnings: 1.8,
      totalPlatformShare: 1.8,
      activeAgentsCount: 1,
      contact: null,
    });
  });

  it("agents: its active agreements, newest first, with the agents' coins and all-time earnings", async () => {
    const res = await asSam('GET', '/api/super-agents/agents');
    expect(res.statusCode).toBe(200);
    const agentOf = (id: string, username: string, extra: object) => ({
      id,
      _id: id,
      username,
      isActive: true,
      ...extra,
    });
    const { agents } = res.json();
    expect(agents).toEqual([
      {
        id: expect.any(String),
        _id: expect.any(String),
        agentUsername: 'basil',
        agentId: agentOf(ids.basil, 'basil', {
          contact: null,
          financialModel: 'commission-share',
          virtualCoins: 0,
          totalEarnings: 15,
        }),
        superAgentCommissionRate: 10,
        effectiveFrom: '2026-03-09T21:30:00.000Z',
      },
      {
        id: expect.any(String),
        _id: expect.any(String),
        agentUsername: 'amber',
        agentId: agentOf(ids.amber, 'amber', {
          contact: '0922',
          financialModel: 'commission-share',
          virtualCoins: 0,
          // 3.00 + 2.21 + 10.00 + 2.00: every counted game, all time
          totalEarnings: 17.21,
        }),
        superAgentCommissionRate: 25,
        effectiveFrom: '2026-01-01T00:00:00.000Z',
      },
      {
        id: expect.any(String),
        _id: expect.any(String),
        agentUsername: 'viola',
        agentId: agentOf(ids.viola, 'viola', {
          contact: null,
          financialModel: 'virtual-coin',
          virtualCoins: 310,
          totalEarnings: 0,
        }),
        superAgentCommissionRate: 20,
        effectiveFrom: '2025-01-01T00:00:00.000Z',
      },
    ]);
    expect(agents[0].id).toBe(agents[0]._id);
    const sid = (await asSid('GET', '/api/super-agents/agents')).json();
    expect(sid.agents.map((a: { agentUsername: string }) => a.agentUsername)).toEqual(['cyrus']);
  });

  it('earnings of the last week: newest business day first, with their totals', async () => {
    const res = await asSam('GET', '/api/super-agents/earnings?period=week');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      period: 'week',
      from: '2026-03-06',
      to: '2026-03-12',
      timeZone: 'Africa/Addis_Ababa',
      totals: {
        baseAmount: 172.21,
        superAgentShare: 34.8,
        platformShare: 13.92,
        superAgentNetEarnings: 20.88,
        pending: 20.88,
        paid: 0,
      },
    });
    const rows = body.payments as Array<Record<string, unknown>>;
    expect(rows.map((r) => r.businessDate)).toEqual(['2026-03-11', '2026-03-10', '2026-03-10', '2026-03-09']);
    expect(rows[0]).toEqual({
      id: topUps.T1,
      _id: topUps.T1,
      paymentDate: '2026-03-11T10:00:00.000Z',
      businessDate: '2026-03-11',
      paymentType: 'virtual-coin-purchase',
      agentId: ids.viola,
      agentUsername: 'viola',
      baseAmount: 150,
      purchaseAmount: 150,
      agentCommission: null,
      superAgentCommissionRate: 20,
      platformCommissionRate: 40,
      superAgentShare: 30,
      platformShare: 12,
      superAgentNetEarnings: 18,
      status: 'pending',
      paidAt: null,
      notes: null,
      commissionPaymentId: null,
    });
    // The 10th: amber's 12.00 at 25% (3.00, 1.20, 1.80) and basil's 5.00 at 10% (0.50, 0.20, 0.30), in either order.
    const tenth = rows
      .slice(1, 3)
      .sort((a, b) => String(a.agentUsername).localeCompare(String(b.agentUsername)));
    expect(tenth).toMatchObject([
      {
        paymentType: 'commission-share',
        agentUsername: 'amber',
        baseAmount: 12,
        agentCommission: 12,
        purchaseAmount: null,
        superAgentCommissionRate: 25,
        platformCommissionRate: 40,
        superAgentShare: 3,
        platformShare: 1.2,
        superAgentNetEarnings: 1.8,
        commissionPaymentId: expect.any(String),
      },
      {
        agentUsername: 'basil',
        baseAmount: 5,
        superAgentShare: 0.5,
        platformShare: 0.2,
        superAgentNetEarnings: 0.3,
      },
    ]);
    // The 9th: amber's 5.21 at 25% = 1.3025 -> 1.30; 40% of it 0.52; net 0.78. basil's 9th earned nothing.
    expect(rows[3]).toMatchObject({
      agentUsername: 'amber',
      baseAmount: 5.21,
      superAgentShare: 1.3,
      platformShare: 0.52,
      superAgentNetEarnings: 0.78,
    });
    // The earning's commission payment is amber's payment of that day.
    const [payment] = await query<{ id: string }>(sql`
      SELECT id FROM commission_payments WHERE agent_id = ${ids.amber} AND payment_date = '2026-03-09'`);
    expect(rows[3]!.commissionPaymentId).toBe(payment!.id);
  });

  it('earnings of the last month and year (month by default); sid sees only his', async () => {
    const month = (await asSam('GET', '/api/super-agents/earnings')).json();
    expect(month).toMatchObject({ period: 'month', from: '2026-02-13', to: '2026-03-12' });
    expect(month.totals).toEqual({
      baseAmount: 272.21,
      superAgentShare: 54.8,
      platformShare: 21.92,
      superAgentNetEarnings: 32.88,
      pending: 32.88,
      paid: 0,
    });
    expect(month.payments.at(-1).id).toBe(topUps.T2);

    const year = (await asSam('GET', '/api/super-agents/earnings?period=year')).json();
    expect(year).toMatchObject({ period: 'year', from: '2025-03-13', to: '2026-03-12' });
    // T3 is in; T4 (2025-03-12) is a day too old.
    expect(year.payments.map((p: { id: string }) => p.id)).toContain(topUps.T3);
    expect(year.payments.map((p: { id: string }) => p.id)).not.toContain(topUps.T4);
    expect(year.totals.superAgentNetEarnings).toBe(38.88);
    expect((await asSam('GET', '/api/super-agents/earnings?period=day')).statusCode).toBe(400);

    const sid = (await asSid('GET', '/api/super-agents/earnings?period=year')).json();
    expect(sid.payments).toHaveLength(1);
    expect(sid.payments[0]).toMatchObject({
      agentUsername: 'cyrus',
      baseAmount: 12,
      superAgentShare: 3.6,
      platformShare: 1.8,
      superAgentNetEarnings: 1.8,
    });
  });
});

describe("the admin's view of a super agent's earnings", () => {
  it('reads any super agent by period (all included) and status', async () => {
    const all = (await asAdmin('GET', `/api/super-agents/${sam.id}/earnings?period=all`)).json();
    expect(all).toMatchObject({ period: 'all', from: '2025-03-12', to: '2026-03-12' });
    expect(all.payments).toHaveLength(7);
    expect(all.totals).toEqual({
      baseAmount: 332.21,
      superAgentShare: 66.8,
      platformShare: 26.72,
      superAgentNetEarnings: 40.08,
      pending: 40.08,
      paid: 0,
    });
    const week = (await asAdmin('GET', `/api/super-agents/${sam.id}/earnings?period=week`)).json();
    expect(week.totals.superAgentNetEarnings).toBe(20.88);
    const paid = (await asAdmin('GET', `/api/super-agents/${sam.id}/earnings?period=all&status=paid`)).json();
    expect(paid.payments).toEqual([]);
  });

  it('answers 404 for an unknown id or one that is not a super agent', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', ids.amber, admin.id]) {
      const res = await asAdmin('GET', `/api/super-agents/${id}/earnings`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await asAdmin('GET', `/api/super-agents/${sam.id}/earnings?status=late`)).statusCode).toBe(400);
  });
});

describe('earning status: pending -> paid -> pending', () => {
  it('marks an earning paid (when, notes) without changing the total; refuses paid -> paid', async () => {
    const res = await asAdmin('PUT', `/api/super-agents/earnings/${topUps.T2}/mark-paid`, { notes: 'cash' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Earning marked as paid',
      earning: {
        id: topUps.T2,
        status: 'paid',
        paidAt: NOW.toISOString(),
        notes: 'cash',
        superAgentNetEarnings: 12,
      },
    });
    const again = await asAdmin('PUT', `/api/super-agents/earnings/${topUps.T2}/mark-paid`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'CONFLICT',
      reason: 'PAYMENT_STATUS',
      message: 'Earning is already paid',
    });

    expect(await totalEarningsOf(sam.id)).toBe(4008);
    expect((await asSam('GET', '/api/super-agents/overview')).json()).toMatchObject({
      totalEarnings: 40.08,
      pendingEarnings: 28.08,
      paidEarnings: 12,
      lastPaymentDate: NOW.toISOString(),
    });
    // The session user's lastPaymentDate says the same, at once (migration 0010).
    expect((await asSam('GET', '/api/auth/me')).json().user.lastPaymentDate).toBe(NOW.toISOString());
    const month = (await asSam('GET', '/api/super-agents/earnings?period=month')).json();
    expect(month.totals).toMatchObject({ superAgentNetEarnings: 32.88, pending: 20.88, paid: 12 });
  });

  it('marks it pending again (paid_at cleared) and refuses pending -> pending; each move is in payment_events', async () => {
    const res = await asAdmin('PUT', `/api/super-agents/earnings/${topUps.T2}/mark-pending`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Earning marked as pending',
      earning: { status: 'pending', paidAt: null, notes: 'cash' },
    });
    const again = await asAdmin('PUT', `/api/super-agents/earnings/${topUps.T2}/mark-pending`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'CONFLICT',
      reason: 'PAYMENT_STATUS',
      message: 'Earning is already pending',
    });
    const events = await query(sql`
      SELECT from_status AS "from", to_status AS "to", actor_id AS actor, notes FROM payment_events
      WHERE super_agent_earning_id = ${topUps.T2} ORDER BY created_at`);
    expect(events).toEqual([
      { from: 'pending', to: 'paid', actor: admin.id, notes: 'cash' },
      { from: 'paid', to: 'pending', actor: admin.id, notes: null },
    ]);
    expect(await totalEarningsOf(sam.id)).toBe(4008);
    // lastPaymentDate is the latest paid_at of the earnings that are paid now.
    expect((await asSam('GET', '/api/super-agents/overview')).json().lastPaymentDate).toBeNull();
    expect((await asSam('GET', '/api/auth/me')).json().user.lastPaymentDate).toBeNull();
  });

  it("keeps an agent's last payment date at its latest top-up bought for money", async () => {
    // viola's four top-ups, written in the set-up: the latest is T1's, 2026-03-11.
    const [viola] = await query<{ at: string | null }>(
      sql`SELECT last_payment_date AS at FROM users WHERE id = ${ids.viola}`,
    );
    expect(new Date(viola!.at!).toISOString()).toBe('2026-03-11T10:00:00.000Z');
  });

  it('refuses both moves of a cancelled earning, an unknown one (404) and a malformed id (400)', async () => {
    await t.database.db.execute(
      sql`UPDATE super_agent_earnings SET status = 'cancelled' WHERE id = ${topUps.T4}`,
    );
    try {
      for (const move of ['mark-paid', 'mark-pending']) {
        const res = await asAdmin('PUT', `/api/super-agents/earnings/${topUps.T4}/${move}`, {});
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ reason: 'PAYMENT_STATUS', message: 'Earning is cancelled' });
      }
    } finally {
      await t.database.db.execute(
        sql`UPDATE super_agent_earnings SET status = 'pending' WHERE id = ${topUps.T4}`,
      );
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await asAdmin('PUT', `/api/super-agents/earnings/${unknown}/mark-paid`, {});
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Earning not found' });
    expect((await asAdmin('PUT', `/api/super-agents/earnings/${unknown}/mark-pending`)).statusCode).toBe(404);
    expect((await asAdmin('PUT', '/api/super-agents/earnings/x/mark-paid', {})).statusCode).toBe(400);
  });

  it('lets exactly one of two simultaneous mark-paid requests through', async () => {
    const answers = await Promise.all([
      asAdmin('PUT', `/api/super-agents/earnings/${topUps.T1}/mark-paid`, {}),
      asAdmin('PUT', `/api/super-agents/earnings/${topUps.T1}/mark-paid`, {}),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const paid = (await asAdmin('GET', `/api/super-agents/${sam.id}/earnings?period=all&status=paid`)).json();
    expect(paid.payments.map((p: { id: string }) => p.id)).toEqual([topUps.T1]);
    expect(paid.totals).toMatchObject({ superAgentNetEarnings: 18, paid: 18, pending: 0 });
    expect((await asSam('GET', '/api/super-agents/overview')).json()).toMatchObject({
      totalEarnings: 40.08,
      paidEarnings: 18,
      lastPaymentDate: NOW.toISOString(),
    });
    expect(await totalEarningsOf(sam.id)).toBe(4008);
  });
});
