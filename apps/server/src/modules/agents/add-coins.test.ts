import type { SuperAgent } from '@cartela/contract';
import { etbToSantim, superAgentShares } from '@cartela/core';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coinLedger, superAgentEarnings, users } from '../../db/schema.js';
import { useCallers, useTestApp } from '../../test/fixtures.js';
import { createAgent, createSuperAgent, loginAs, type UserInput } from '../../test/helpers.js';
import { caller, coinsOf, expectRefusedUnchanged } from '../../test/network.js';

const t = useTestApp();
const callers = useCallers(t);
const { asAdmin } = callers;

const addCoins = (agentId: string, payload: unknown) =>
  asAdmin('POST', `/api/users/agents/${agentId}/add-coins`, payload);
const earningsOf = (agentId: string) =>
  t.database.db.select().from(superAgentEarnings).where(eq(superAgentEarnings.agentId, agentId));
const totalEarningsOf = async (userId: string) => {
  const [row] = await t.database.db
    .select({ total: users.totalEarnings })
    .from(users)
    .where(eq(users.id, userId));
  return row!.total;
};

/** An agent under a new super agent (platform rate as given) at the agreement rate. */
async function agentUnderSuperAgent(rate: number, platformRate = 50, agent: UserInput = {}) {
  const superAgent = await createSuperAgent(t.database, { platformCommissionRate: platformRate });
  const created = await createAgent(t.database, agent);
  const res = await asAdmin('POST', '/api/super-agents/assign-agent', {
    agentId: created.user.id,
    superAgentId: superAgent.user.id,
    superAgentCommissionRate: rate,
  });
  expect(res.statusCode).toBe(200);
  return { agent: created, superAgent, agreementId: res.json().agreement.id as string };
}

describe('POST /api/users/agents/:id/add-coins', () => {
  it('adds the coins with one top-up ledger row carrying the ETB paid', async () => {
    const agent = await createAgent(t.database);
    const res = await addCoins(agent.user.id, { coins: 500, etbAmount: 1234.5, notes: 'Cash, Monday' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(`Added 500 coins (1234.50 ETB) to ${agent.user.username}`);
    expect(body.agent).toMatchObject({ id: agent.user.id, virtualCoins: 500 });
    expect(body.entry).toMatchObject({
      agentId: agent.user.id,
      delta: 500,
      balanceBefore: 0,
      balanceAfter: 500,
      reason: 'top-up',
      etbAmount: 1234.5,
      gameId: null,
      notes: 'Cash, Monday',
    });
    const [row] = await t.database.db.select().from(coinLedger).where(eq(coinLedger.id, body.entry.id));
    expect(row).toMatchObject({ etbAmountSantim: 123450, actorId: callers.admin.user.id });

    const second = await addCoins(agent.user.id, { coins: 1, etbAmount: 0 });
    expect(second.json().entry).toMatchObject({
      balanceBefore: 500,
      balanceAfter: 501,
      etbAmount: 0,
      notes: null,
    });
    expect(await coinsOf(t.database, agent.user.id)).toMatchObject({ balance: 501, ledgerSum: 501 });
    // Without a super agent, nobody earns on it.
    expect(await earningsOf(agent.user.id)).toEqual([]);
    // The agent sees the new balance at once, and the coins bought for money as its last payment (the second
    // top-up, given for nothing, is not one: migration 0010).
    const me = await caller(t.app, await loginAs(t.app, agent))('GET', '/api/auth/me');
    expect(me.json().user.virtualCoins).toBe(501);
    expect(me.json().user.lastPaymentDate).toBe(row!.createdAt.toISOString());
  });

  it("pays the agent's super agent its share of the ETB paid, in the same request", async () => {
    const { agent, superAgent, agreementId } = await agentUnderSuperAgent(20, 50);
    const res = await addCoins(agent.user.id, { coins: 1000, etbAmount: 1000 });
    expect(res.statusCode).toBe(200);
    const [earning] = await earningsOf(agent.user.id);
    // 20% of 1,000 ETB is 200 ETB; the platform takes 50% of that: 100 ETB each.
    expect(earning).toMatchObject({
      superAgentId: superAgent.user.id,
      agentId: agent.user.id,
      agreementId,
      paymentType: 'virtual-coin-purchase',
      purchaseAmountSantim: 100_000,
      agentCommissionSantim: null,
      superAgentCommissionRate: '20.0000',
      platformCommissionRate: '50.0000',
      superAgentShareSantim: 20_000,
      platformShareSantim: 10_000,
      superAgentNetSantim: 10_000,
      status: 'pending',
      coinLedgerId: res.json().entry.id,
      paidAt: null,
    });
    expect(await totalEarningsOf(superAgent.user.id)).toBe(10_000);
    const list = (await asAdmin('GET', '/api/super-agents')).json().superAgents as SuperAgent[];
    expect(list.find((s) => s.id === superAgent.user.id)!.totalEarnings).toBe(100);
    // The super agent's own profile shows it at once.
    const profile = await caller(t.app, await loginAs(t.app, superAgent))('GET', '/api/super-agents/profile');
    expect(profile.json().superAgent.totalEarnings).toBe(100);
  });

  it("rounds each share once, with core's rules, and keeps the rates it used", async () => {
    const { agent, superAgent } = await agentUnderSuperAgent(16.6667, 33.3333);
    await addCoins(agent.user.id, { coins: 7, etbAmount: 12.35 });
    const [earning] = await earningsOf(agent.user.id);
    const shares = superAgentShares(etbToSantim(12.35), 16.6667, 33.3333);
    expect(earning).toMatchObject({
      superAgentShareSantim: shares.superAgentShare,
      platformShareSantim: shares.platformShare,
      superAgentNetSantim: shares.superAgentNetEarnings,
      superAgentCommissionRate: '16.6667',
      platformCommissionRate: '33.3333',
    });
    // 1235 x 16.6667% = 205.83 -> 206 santim; 206 x 33.3333% = 68.67 -> 69; the super agent keeps 137.
    expect([shares.superAgentShare, shares.platformShare, shares.superAgentNetEarnings]).toEqual([
      206, 69, 137,
    ]);

    // A later change of the super agent's platform rate does not touch what was earned.
    await asAdmin('PUT', `/api/super-agents/${superAgent.user.id}`, { platformCommissionRate: 10 });
    expect((await earningsOf(agent.user.id))[0]).toEqual(earning);
    await addCoins(agent.user.id, { coins: 1, etbAmount: 100 });
    const rates = (await earningsOf(agent.user.id)).map((e) => e.platformCommissionRate).sort();
    expect(rates).toEqual(['10.0000', '33.3333']);
  });

  it('stops paying a super agent once the agreement ended', async () => {
    const { agent } = await agentUnderSuperAgent(20);
    await addCoins(agent.user.id, { coins: 1, etbAmount: 10 });
    await asAdmin('PUT', `/api/users/agents/${agent.user.id}`, { superAgentId: null });
    await addCoins(agent.user.id, { coins: 1, etbAmount: 10 });
    expect(await earningsOf(agent.user.id)).toHaveLength(1);
  });

  it('refuses a commission-share agent with 409, writing nothing', async () => {
    const agent = await createAgent(t.database, { financialModel: 'commission-share' });
    await expectRefusedUnchanged(
      t.database,
      () => addCoins(agent.user.id, { coins: 10, etbAmount: 10 }),
      409,
      {
        message: `Agent "${agent.user.username}" uses the commission-share model: only virtual-coin agents buy coins`,
        code: 'CONFLICT',
      },
    );
  });

  it('answers 404 for an unknown agent and a super agent, writing nothing', async () => {
    const superAgent = await createSuperAgent(t.database);
    for (const id of [crypto.randomUUID(), superAgent.user.id]) {
      await expectRefusedUnchanged(t.database, () => addCoins(id, { coins: 10, etbAmount: 10 }), 404, {
        message: 'Agent not found',
        code: 'NOT_FOUND',
      });
    }
  });

  it.each([
    [{ etbAmount: 10 }, 'coins: Coins is required', 'coins'],
    [{ coins: 0, etbAmount: 10 }, 'coins: At least 1 coin', 'coins'],
    [{ coins: 2.5, etbAmount: 10 }, 'coins: Must be a whole number', 'coins'],
    [{ coins: '10', etbAmount: 10 }, 'coins: Must be a number', 'coins'],
    [{ coins: 10_000_001, etbAmount: 10 }, 'coins: At most 10,000,000 coins', 'coins'],
    [{ coins: 10 }, 'etbAmount: Etb amount is required', 'etbAmount'],
    [{ coins: 10, etbAmount: -1 }, 'etbAmount: Must be 0 or more', 'etbAmount'],
    [{ coins: 10, etbAmount: 10_000_000.01 }, 'etbAmount: At most 10,000,000 ETB', 'etbAmount'],
    [
      { coins: 10, etbAmount: 1.005 },
      'etbAmount: Must be an amount in ETB with at most 2 decimals',
      'etbAmount',
    ],
    [{ coins: 10, etbAmount: 10, notes: 'x'.repeat(501) }, undefined, 'notes'],
    [{ coins: 10, etbAmount: 10, actorId: 'me' }, 'actorId: Unknown field', undefined],
  ])('refuses %j with 400, writing nothing', async (payload, message, field) => {
    const { agent } = await agentUnderSuperAgent(20);
    const before = await coinsOf(t.database, agent.user.id);
    const res = await addCoins(agent.user.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    if (message) expect(res.json().message).toBe(message);
    expect(res.json().field).toBe(field);
    expect(await coinsOf(t.database, agent.user.id)).toEqual(before);
    expect(await earningsOf(agent.user.id)).toEqual([]);
  });
});

describe('top-ups at the same time', () => {
  it('keeps the balance equal to the ledger and to what was sold, with one earning per top-up', async () => {
    const { agent, superAgent } = await agentUnderSuperAgent(20, 50);
    await addCoins(agent.user.id, { coins: 7, etbAmount: 7 });
    const count = 60;
    const results = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        addCoins(agent.user.id, { coins: i + 1, etbAmount: (i + 1) * 2.5 }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));

    const sold = 7 + (count * (count + 1)) / 2;
    const coins = await coinsOf(t.database, agent.user.id);
    expect(coins.balance).toBe(sold);
    expect(coins.ledgerSum).toBe(sold);
    // Each top-up started from the balance the previous one left: no change was lost or counted twice.
    coins.ledger.forEach((row, i) => {
      expect(row.before).toBe(i === 0 ? 0 : coins.ledger[i - 1]!.after);
    });

    const earnings = await earningsOf(agent.user.id);
    expect(earnings).toHaveLength(count + 1);
    const ledgerIds = new Set(
      (await t.database.db.select().from(coinLedger).where(eq(coinLedger.agentId, agent.user.id))).map(
        (r) => r.id,
      ),
    );
    expect(new Set(earnings.map((e) => e.coinLedgerId))).toEqual(ledgerIds);
    const net = earnings.reduce((sum, e) => sum + e.superAgentNetSantim, 0);
    expect(await totalEarningsOf(superAgent.user.id)).toBe(net);
    // 2.5 ETB per coin, 20% to the super agent, half of it to the platform: 0.25 ETB per coin.
    expect(net).toBe(7 * 100 * 0.1 + ((count * (count + 1)) / 2) * 25);
  });

  it('keeps the invariant with top-ups, balance edits and assignments all at once', async () => {
    const { agent, superAgent } = await agentUnderSuperAgent(20);
    const other = await createSuperAgent(t.database);
    const url = `/api/users/agents/${agent.user.id}`;
    const requests = Array.from({ length: 40 }, (_, i) => {
      // A balance typed over 0: refused (409) once a top-up got there first.
      if (i % 10 === 3) return asAdmin('PUT', url, { virtualCoins: i, virtualCoinsShown: 0 });
      if (i % 10 === 7) {
        return asAdmin('POST', '/api/super-agents/assign-agent', {
          agentId: agent.user.id,
          superAgentId: i % 20 === 7 ? other.user.id : superAgent.user.id,
        });
      }
      return addCoins(agent.user.id, { coins: 10, etbAmount: 10 });
    });
    const results = await Promise.all(requests);
    expect(results.map((r) => r.statusCode)).toEqual(
      results.map((r, i) => (i % 10 === 3 && r.statusCode === 409 ? 409 : 200)),
    );
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json().reason).toBe('BALANCE_CHANGED');
    }
    const coins = await coinsOf(t.database, agent.user.id);
    expect(coins.balance).toBe(coins.ledgerSum);
    const totals = await t.database.db.execute(sql`
      SELECT u.id, u.total_earnings AS total, coalesce(sum(e.super_agent_net_santim), 0) AS earned
      FROM users u LEFT JOIN super_agent_earnings e ON e.super_agent_id = u.id AND e.status <> 'cancelled'
      WHERE u.id IN (${superAgent.user.id}, ${other.user.id}) GROUP BY u.id`);
    for (const row of (totals as unknown as { rows: { total: string; earned: string }[] }).rows) {
      expect(Number(row.total)).toBe(Number(row.earned));
    }
    expect(await earningsOf(agent.user.id)).toHaveLength(32);
  });

  it('writes neither the coins nor the earning when writing the earning fails', async () => {
    const { agent, superAgent } = await agentUnderSuperAgent(20);
    await addCoins(agent.user.id, { coins: 10, etbAmount: 10 });
    const before = await coinsOf(t.database, agent.user.id);
    const earnedBefore = await totalEarningsOf(superAgent.user.id);

    // Make the earning insert fail, as a full disk or a bug would.
    await t.database.db.execute(sql`
      CREATE FUNCTION test_refuse_earning() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END; $$`);
    await t.database.db.execute(sql`
      CREATE TRIGGER test_refuse_earning BEFORE INSERT ON super_agent_earnings
      FOR EACH ROW EXECUTE FUNCTION test_refuse_earning()`);
    try {
      const res = await addCoins(agent.user.id, { coins: 5, etbAmount: 5 });
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe('INTERNAL');
    } finally {
      await t.database.db.execute(sql`DROP TRIGGER test_refuse_earning ON super_agent_earnings`);
      await t.database.db.execute(sql`DROP FUNCTION test_refuse_earning()`);
    }
    expect(await coinsOf(t.database, agent.user.id)).toEqual(before);
    expect(await earningsOf(agent.user.id)).toHaveLength(1);
    expect(await totalEarningsOf(superAgent.user.id)).toBe(earnedBefore);
    // And the agent's next top-up works as usual.
    expect((await addCoins(agent.user.id, { coins: 5, etbAmount: 5 })).statusCode).toBe(200);
  });
});

describe('super agent earnings rows', () => {
  it('are money history: amounts never change and rows never go away', async () => {
    const { agent } = await agentUnderSuperAgent(20);
    await addCoins(agent.user.id, { coins: 10, etbAmount: 10 });
    const [earning] = await earningsOf(agent.user.id);
    const refused = async (write: () => Promise<unknown>) => {
      try {
        await write();
      } catch {
        return true;
      }
      return false;
    };
    const byId = eq(superAgentEarnings.id, earning!.id);
    expect(await refused(() => t.database.db.delete(superAgentEarnings).where(byId))).toBe(true);
    expect(
      await refused(() =>
        t.database.db.update(superAgentEarnings).set({ superAgentNetSantim: 1 }).where(byId),
      ),
    ).toBe(true);
    // The payment itself moves.
    await t.database.db
      .update(superAgentEarnings)
      .set({ status: 'paid', paidAt: new Date(), notes: 'Paid in cash' })
      .where(byId);
    // A row that does not add up, or paid without a date, is refused.
    expect(
      await refused(() => t.database.db.update(superAgentEarnings).set({ paidAt: null }).where(byId)),
    ).toBe(true);
  });
});
