import {
  type Agent,
  type Agreement,
  agentRoutes,
  type SuperAgent,
  type UserSummary,
} from '@cartela/contract';
import { PATTERN_IDS } from '@cartela/core';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentCartelas, cartelas, coinLedger, superAgentAgreements, users } from '../../db/schema.js';
import { itAdminsOnly, useCallers, useTestApp } from '../../test/fixtures.js';
import { createAdmin, createAgent, createSuperAgent, loginAs } from '../../test/helpers.js';
import { caller, coinsOf, expectRefusedUnchanged } from '../../test/network.js';
import { changeCoins } from '../coins/index.js';
import { toAgent } from './present.js';
import { agentViews } from './queries.js';

const t = useTestApp();
const callers = useCallers(t);
const { asAdmin } = callers;
beforeAll(async () => {
  // System cartelas 1-3, so that agents can hold copies of them.
  const card = [
    [1, 16, 31, 46, 61],
    [2, 17, 32, 47, 62],
    [3, 18, 0, 48, 63],
    [4, 19, 33, 49, 64],
    [5, 20, 34, 50, 65],
  ];
  await t.database.db
    .insert(cartelas)
    .values([1, 2, 3].map((n) => ({ cartelaNumber: n, card, winningPatterns: [...PATTERN_IDS] })));
});

let names = 0;
const uniqueName = (prefix = 'agent') => `${prefix}-${++names}-${Math.random().toString(36).slice(2, 7)}`;

const newAgent = (payload: Record<string, unknown> = {}) =>
  asAdmin('POST', '/api/users/agents', { username: uniqueName(), password: 'secret1', ...payload });
const listAgents = async () => (await asAdmin('GET', '/api/users/agents')).json().agents as Agent[];
const agentIn = async (id: string) => (await listAgents()).find((a) => a.id === id);
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
const me = (token: string) => caller(t.app, token)('GET', '/api/auth/me');
const activeAgreements = (agentId: string) =>
  t.database.db
    .select()
    .from(superAgentAgreements)
    .where(and(eq(superAgentAgreements.agentId, agentId), eq(superAgentAgreements.isActive, true)));
const allAgreements = (agentId: string) =>
  t.database.db.select().from(superAgentAgreements).where(eq(superAgentAgreements.agentId, agentId));

describe('who may call the agent routes', () => {
  itAdminsOnly(Object.values(agentRoutes), callers);
});

describe('GET /api/users/agents', () => {
  it('lists every agent with its super agent, coins and cartelas, and nobody else', async () => {
    const sa = await createSuperAgent(t.database);
    const withSuper = (
      await newAgent({
        contact: '+251 911 111111',
        commissionPercentage: 12.5,
        superAgentId: sa.user.id,
        superAgentCommissionRate: 16.6667,
      })
    ).json().agent;
    const share = (
      await newAgent({ financialModel: 'commission-share', systemCommissionShare: 16.67 })
    ).json().agent;
    await t.database.db.insert(agentCartelas).values(
      [1, 2, 3].map((n) => ({
        agentId: withSuper.id,
        cartelaNumber: n,
        card: [[1], [2], [3], [4], [5]],
      })),
    );

    const agents = await listAgents();
    expect(agents.find((a) => a.id === withSuper.id)).toEqual({
      id: withSuper.id,
      _id: withSuper.id,
      username: withSuper.username,
      contact: '+251 911 111111',
      financialModel: 'virtual-coin',
      commissionPercentage: 12.5,
      minCommissionPercentage: 10,
      systemCommissionShare: 20,
      virtualCoins: 0,
      totalEarnings: 0,
      isActive: true,
      createdAt: withSuper.createdAt,
      winningPatterns: [...PATTERN_IDS],
      superAgent: {
        superAgentId: sa.user.id,
        superAgentUsername: sa.user.username,
        superAgentCommissionRate: 16.6667,
      },
      superAgentId: sa.user.id,
      superAgentCommissionRate: 16.6667,
      assignedCartelas: 3,
    });
    expect(agents.find((a) => a.id === share.id)).toMatchObject({
      financialModel: 'commission-share',
      systemCommissionShare: 16.67,
      superAgent: null,
      superAgentId: null,
      superAgentCommissionRate: null,
      assignedCartelas: 0,
    });
    // Admins and super agents are not agents.
    expect(agents.every((a) => a.id !== sa.user.id)).toBe(true);
    const names = agents.map((a) => a.username.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('shows each agent as the users table holds it, and as it reads alone', async () => {
    // The list reads plain rows (queries.ts agentViews): each value must come out as Drizzle's mapping of the same
    // row gives it, on both engines (bigint is text from node-postgres, a number from PGlite).
    const sa = await createSuperAgent(t.database);
    const rich = (await newAgent({ superAgentId: sa.user.id, superAgentCommissionRate: 12.3456 })).json()
      .agent;
    const picky = (await newAgent({ winningPatterns: ['plus', 'diamond'], contact: '0911' })).json().agent;
    const none = (
      await newAgent({ winningPatterns: [], commissionPercentage: 0.0001, minCommissionPercentage: 0 })
    ).json().agent;
    await t.database.db
      .update(users)
      .set({ virtualCoins: 99_000_000, totalEarnings: 123_456_789_012 })
      .where(eq(users.id, rich.id));

    const listed = await listAgents();
    for (const id of [rich.id, picky.id, none.id]) {
      const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
      const agent = listed.find((a) => a.id === id)!;
      expect(agent).toMatchObject({
        username: row!.username,
        contact: row!.contact,
        financialModel: row!.financialModel,
        commissionPercentage: Number(row!.commissionPercentage),
        minCommissionPercentage: Number(row!.minCommissionPercentage),
        systemCommissionShare: Number(row!.systemCommissionShare),
        virtualCoins: row!.virtualCoins,
        totalEarnings: row!.totalEarnings / 100,
        isActive: row!.isActive,
        createdAt: row!.createdAt.toISOString(),
        winningPatterns: row!.winningPatterns,
      });
      const [alone] = await agentViews(t.database.db, id);
      expect(toAgent(alone!)).toEqual(agent);
    }
    expect(listed.find((a) => a.id === rich.id)).toMatchObject({
      virtualCoins: 99_000_000,
      totalEarnings: 1_234_567_890.12,
      superAgentCommissionRate: 12.3456,
    });
    expect(listed.find((a) => a.id === picky.id)!.winningPatterns).toEqual(['plus', 'diamond']);
    expect(listed.find((a) => a.id === none.id)).toMatchObject({
      winningPatterns: [],
      commissionPercentage: 0.0001,
    });
  });

  it('stores winning patterns as pattern ids only', async () => {
    const { user } = await createAgent(t.database);
    const setPatterns = (text: string) =>
      t.database.db.execute(sql`UPDATE users SET winning_patterns = ${text} WHERE id = ${user.id}`);
    for (const text of ['full-house,nope', 'full-house,,plus', 'full-house, plus', '{full-house}']) {
      await expect(setPatterns(text), text).rejects.toMatchObject({ cause: { code: '23514' } });
    }
    await setPatterns('plus,full-house');
    expect((await agentIn(user.id))!.winningPatterns).toEqual(['plus', 'full-house']);
  });

  it('shows the super agent of the active agreement only', async () => {
    const [first, second] = await Promise.all([createSuperAgent(t.database), createSuperAgent(t.database)]);
    const agent = (await newAgent({ superAgentId: first.user.id })).json().agent;
    await asAdmin('POST', '/api/super-agents/assign-agent', {
      agentId: agent.id,
      superAgentId: second.user.id,
      superAgentCommissionRate: 30,
    });
    expect((await agentIn(agent.id))!.superAgent).toEqual({
      superAgentId: second.user.id,
      superAgentUsername: second.user.username,
      superAgentCommissionRate: 30,
    });
    await asAdmin('PUT', `/api/users/agents/${agent.id}`, { superAgentId: null });
    expect((await agentIn(agent.id))!.superAgent).toBeNull();
  });
});

describe('POST /api/users/agents', () => {
  it('creates an agent with the spec defaults, who can sign in', async () => {
    const username = uniqueName();
    const res = await asAdmin('POST', '/api/users/agents', { username, password: 'secret1' });
    expect(res.statusCode).toBe(201);
    const { message, agent } = res.json();
    expect(message).toBe('Agent created successfully');
    expect(agent).toMatchObject({
      username,
      contact: null,
      financialModel: 'virtual-coin',
      commissionPercentage: 10,
      systemCommissionShare: 20,
      virtualCoins: 0,
      isActive: true,
      winningPatterns: [...PATTERN_IDS],
      superAgent: null,
      assignedCartelas: 0,
    });
    expect(await agentIn(agent.id)).toEqual(agent);
    const signIn = await login(username, 'secret1');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ id: agent.id, role: 'agent', mustChangePassword: false });
    expect(await allAgreements(agent.id)).toEqual([]);
  });

  it('creates the super agent agreement in the same request, at 20% unless told', async () => {
    const sa = await createSuperAgent(t.database);
    const agent = (await newAgent({ superAgentId: sa.user.id, contact: '  0911  ' })).json().agent;
    expect(agent.contact).toBe('0911');
    expect(agent.superAgent).toMatchObject({ superAgentId: sa.user.id, superAgentCommissionRate: 20 });
    const [agreement] = await activeAgreements(agent.id);
    expect(agreement).toMatchObject({ superAgentId: sa.user.id, superAgentCommissionRate: '20.0000' });
  });

  it('keeps the chosen patterns once each, and accepts an explicit null super agent', async () => {
    const res = await newAgent({
      winningPatterns: ['full-house', 'four-corners', 'full-house'],
      superAgentId: null,
      financialModel: 'commission-share',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().agent).toMatchObject({
      winningPatterns: ['full-house', 'four-corners'],
      financialModel: 'commission-share',
      superAgent: null,
    });
  });

  it('refuses a username taken in any letter case, by any role, with 409 on the username field', async () => {
    const holders = [
      await createAgent(t.database),
      await createSuperAgent(t.database),
      await createAdmin(t.database),
    ];
    for (const holder of holders) {
      const taken = holder.user.username.toUpperCase();
      await expectRefusedUnchanged(t.database, () => newAgent({ username: taken }), 409, {
        message: `Username "${taken}" is already taken`,
        code: 'CONFLICT',
        field: 'username',
        reason: 'USERNAME_TAKEN',
      });
    }
  });

  it('answers 409 to one of two concurrent creations of the same name', async () => {
    const username = uniqueName();
    const results = await Promise.all([
      newAgent({ username }),
      newAgent({ username: username.toUpperCase() }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.database.db.select().from(users).where(sql`lower(${users.username}) = ${username}`);
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ username: '' }, 'username: Username is required', 'username'],
    [{ username: '   ' }, 'username: Username is required', 'username'],
    [{ username: 'x'.repeat(65) }, 'username: At most 64 characters', 'username'],
    [{ password: undefined }, 'password: Password is required', 'password'],
    [{ password: 'short' }, 'password: Password must be at least 6 characters', 'password'],
    [
      { commissionPercentage: 100.5 },
      'commissionPercentage: Must be between 0 and 100',
      'commissionPercentage',
    ],
    [{ commissionPercentage: -1 }, 'commissionPercentage: Must be between 0 and 100', 'commissionPercentage'],
    [
      { commissionPercentage: 10.00001 },
      'commissionPercentage: Must be a percentage with at most 4 decimals',
      'commissionPercentage',
    ],
    [
      { systemCommissionShare: 101 },
      'systemCommissionShare: Must be between 0 and 100',
      'systemCommissionShare',
    ],
    [
      { superAgentCommissionRate: 101 },
      'superAgentCommissionRate: Must be between 0 and 100',
      'superAgentCommissionRate',
    ],
    [
      { financialModel: 'cash' },
      'financialModel: Invalid option: expected one of "virtual-coin"|"commission-share"',
      'financialModel',
    ],
    [{ winningPatterns: ['nope'] }, undefined, 'winningPatterns.0'],
    [{ winningPatterns: 'full-house' }, 'winningPatterns: Must be a list', 'winningPatterns'],
    [{ superAgentId: 'x' }, 'superAgentId: Not a valid id', 'superAgentId'],
    [{ contact: 'a\u0000b' }, 'contact: Must not contain a NUL character', 'contact'],
    [{ virtualCoins: 100 }, 'virtualCoins: Unknown field', undefined],
  ])('refuses %j with 400 and creates nothing', async (change, message, field) => {
    const payload = { username: uniqueName(), password: 'secret1', ...change };
    const before = await listAgents();
    const res = await asAdmin('POST', '/api/users/agents', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', ...(message ? { message } : {}) });
    expect(res.json().field).toBe(field);
    expect(await listAgents()).toEqual(before);
  });

  it('refuses a super agent that does not exist, is deactivated or is not a super agent, creating nothing', async () => {
    const inactive = await createSuperAgent(t.database, { isActive: false });
    const agent = await createAgent(t.database);
    await expectRefusedUnchanged(t.database, () => newAgent({ superAgentId: crypto.randomUUID() }), 404, {
      message: 'Super agent not found',
      code: 'NOT_FOUND',
      field: 'superAgentId',
    });
    await expectRefusedUnchanged(t.database, () => newAgent({ superAgentId: inactive.user.id }), 400, {
      message: `superAgentId: Super agent "${inactive.user.username}" is deactivated; activate it or choose another`,
      code: 'VALIDATION_FAILED',
      field: 'superAgentId',
    });
    await expectRefusedUnchanged(t.database, () => newAgent({ superAgentId: agent.user.id }), 400, {
      message: `superAgentId: "${agent.user.username}" is not a super agent`,
      code: 'VALIDATION_FAILED',
      field: 'superAgentId',
    });
  });
});

describe('PUT /api/users/agents/:id', () => {
  it('changes only the fields sent', async () => {
    const agent = (await newAgent({ contact: '0911' })).json().agent;
    const username = uniqueName('renamed');
    const res = await asAdmin('PUT', `/api/users/agents/${agent.id}`, {
      username,
      commissionPercentage: 15,
      systemCommissionShare: 16.6667,
      financialModel: 'commission-share',
      winningPatterns: ['plus', 'diamond', 'plus'],
      contact: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Agent updated successfully');
    expect(res.json().agent).toEqual({
      ...agent,
      username,
      commissionPercentage: 15,
      systemCommissionShare: 16.6667,
      financialModel: 'commission-share',
      winningPatterns: ['plus', 'diamond'],
      contact: null,
    });
    // Renaming to another letter case of its own name is no conflict.
    const again = await asAdmin('PUT', `/api/users/agents/${agent.id}`, { username: username.toUpperCase() });
    expect(again.statusCode).toBe(200);
    expect(again.json().agent.username).toBe(username.toUpperCase());
  });

  it('ends the sessions at once when the agent is deactivated, and lets it back in when activated', async () => {
    const agent = await createAgent(t.database);
    const token = await loginAs(t.app, agent);
    const off = await asAdmin('PUT', `/api/users/agents/${agent.user.id}`, { isActive: false });
    expect(off.json().agent.isActive).toBe(false);
    expect((await me(token)).statusCode).toBe(401);
    expect((await login(agent.user.username, agent.password)).json().code).toBe('ACCOUNT_INACTIVE');
    await asAdmin('PUT', `/api/users/agents/${agent.user.id}`, { isActive: true });
    expect((await login(agent.user.username, agent.password)).statusCode).toBe(200);
    // The old session stays ended.
    expect((await me(token)).statusCode).toBe(401);
  });

  it('ends the sessions when the password changes; a blank password keeps it and the sessions', async () => {
    const agent = await createAgent(t.database);
    const token = await loginAs(t.app, agent);
    await asAdmin('PUT', `/api/users/agents/${agent.user.id}`, { password: '', contact: 'x' });
    expect((await me(token)).statusCode).toBe(200);
    expect((await login(agent.user.username, agent.password)).statusCode).toBe(200);

    await asAdmin('PUT', `/api/users/agents/${agent.user.id}`, { password: 'brand-new' });
    expect((await me(token)).statusCode).toBe(401);
    expect((await login(agent.user.username, agent.password)).statusCode).toBe(401);
    expect((await login(agent.user.username, 'brand-new')).statusCode).toBe(200);
  });

  it('sets the coin balance through an adjustment ledger row, and writes nothing when it is unchanged', async () => {
    const agent = await createAgent(t.database);
    const url = `/api/users/agents/${agent.user.id}`;
    await asAdmin('PUT', url, { virtualCoins: 120, virtualCoinsShown: 0 });
    const res = await asAdmin('PUT', url, { virtualCoins: 45, virtualCoinsShown: 120 });
    expect(res.json().agent.virtualCoins).toBe(45);
    // The form sends the balance back unchanged, with or without the one it showed.
    expect((await asAdmin('PUT', url, { virtualCoins: 45, virtualCoinsShown: 45 })).statusCode).toBe(200);
    expect((await asAdmin('PUT', url, { virtualCoins: 45 })).statusCode).toBe(200);
    const coins = await coinsOf(t.database, agent.user.id);
    expect(coins.balance).toBe(45);
    expect(coins.ledgerSum).toBe(45);
    expect(coins.ledger.map((r) => [r.reason, r.delta]).sort()).toEqual([
      ['adjustment', -75],
      ['adjustment', 120],
    ]);
    const [row] = await t.database.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.agentId, agent.user.id), eq(coinLedger.delta, -75)));
    expect(row).toMatchObject({ balanceBefore: 120, balanceAfter: 45, etbAmountSantim: null });
    expect(row!.actorId).not.toBeNull();
    // The agent sees its new balance at once.
    const token = await loginAs(t.app, agent);
    expect((await me(token)).json().user.virtualCoins).toBe(45);
  });

  it('refuses to change the coins of a commission-share agent, but accepts the unchanged balance', async () => {
    const agent = await createAgent(t.database, { financialModel: 'commission-share' });
    const url = `/api/users/agents/${agent.user.id}`;
    await expectRefusedUnchanged(t.database, () => asAdmin('PUT', url, { virtualCoins: 10 }), 400, {
      message: 'virtualCoins: Only virtual-coin agents have coins',
      code: 'VALIDATION_FAILED',
      field: 'virtualCoins',
    });
    // Switching to commission-share and setting coins in one request is refused too.
    const coin = await createAgent(t.database);
    await expectRefusedUnchanged(
      t.database,
      () =>
        asAdmin('PUT', `/api/users/agents/${coin.user.id}`, {
          financialModel: 'commission-share',
          virtualCoins: 5,
        }),
      400,
    );
    const ok = await asAdmin('PUT', url, { virtualCoins: 0, contact: 'kept' });
    expect(ok.statusCode).toBe(200);
  });

  it('moves the agent between super agents, keeping the history, and leaves an unchanged form alone', async () => {
    const [first, second] = await Promise.all([createSuperAgent(t.database), createSuperAgent(t.database)]);
    const agent = (await newAgent()).json().agent;
    const url = `/api/users/agents/${agent.id}`;

    await asAdmin('PUT', url, { superAgentId: first.user.id, superAgentCommissionRate: 25 });
    // The form sends the same values back: no new agreement.
    await asAdmin('PUT', url, { superAgentId: first.user.id, superAgentCommissionRate: 25, contact: 'a' });
    expect(await allAgreements(agent.id)).toHaveLength(1);

    // Only a new rate: a new agreement with the same super agent.
    const rated = await asAdmin('PUT', url, { superAgentCommissionRate: 30 });
    expect(rated.json().agent.superAgent).toMatchObject({
      superAgentId: first.user.id,
      superAgentCommissionRate: 30,
    });

    // Another super agent without a rate: the default 20.
    const moved = await asAdmin('PUT', url, { superAgentId: second.user.id });
    expect(moved.json().agent.superAgent).toMatchObject({
      superAgentId: second.user.id,
      superAgentCommissionRate: 20,
    });

    const history = await allAgreements(agent.id);
    expect(history).toHaveLength(3);
    expect(history.filter((a) => a.isActive)).toHaveLength(1);
    expect(history.filter((a) => !a.isActive).every((a) => a.endedAt !== null)).toBe(true);

    await asAdmin('PUT', url, { superAgentId: null, superAgentCommissionRate: 20 });
    expect(await activeAgreements(agent.id)).toEqual([]);
    expect(await allAgreements(agent.id)).toHaveLength(3);
  });

  it('refuses a rate without a super agent, and an inactive super agent, changing nothing', async () => {
    const agent = (await newAgent()).json().agent;
    const url = `/api/users/agents/${agent.id}`;
    await expectRefusedUnchanged(
      t.database,
      () => asAdmin('PUT', url, { superAgentCommissionRate: 30, contact: 'new' }),
      400,
      {
        message: 'superAgentCommissionRate: The agent has no super agent; choose one with the rate',
        code: 'VALIDATION_FAILED',
        field: 'superAgentCommissionRate',
      },
    );
    const inactive = await createSuperAgent(t.database, { isActive: false });
    await expectRefusedUnchanged(
      t.database,
      () => asAdmin('PUT', url, { superAgentId: inactive.user.id, username: uniqueName() }),
      400,
    );
  });

  it('refuses a username taken by someone else in any case with 409, changing nothing', async () => {
    const other = await createSuperAgent(t.database);
    const agent = await createAgent(t.database);
    const taken = other.user.username.toUpperCase();
    await expectRefusedUnchanged(
      t.database,
      () => asAdmin('PUT', `/api/users/agents/${agent.user.id}`, { username: taken, contact: 'x' }),
      409,
      {
        message: `Username "${taken}" is already taken`,
        code: 'CONFLICT',
        field: 'username',
        reason: 'USERNAME_TAKEN',
      },
    );
  });

  it.each([
    [{}, 'Nothing to update', undefined],
    [{ username: '' }, 'username: Username is required', 'username'],
    [{ password: 'short' }, null, 'password'],
    [{ virtualCoins: -1 }, 'virtualCoins: At least 0', 'virtualCoins'],
    [{ virtualCoins: 1.5 }, 'virtualCoins: Must be a whole number', 'virtualCoins'],
    [
      { commissionPercentage: 101 },
      'commissionPercentage: Must be between 0 and 100',
      'commissionPercentage',
    ],
    [{ isActive: 'no' }, 'isActive: Must be true or false', 'isActive'],
    [{ role: 'admin' }, 'role: Unknown field', undefined],
  ])('refuses %j with 400, changing nothing', async (payload, message, field) => {
    const agent = await createAgent(t.database);
    const before = await networkStateOf(agent.user.id);
    const res = await asAdmin('PUT', `/api/users/agents/${agent.user.id}`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    if (message !== null) expect(res.json().message).toBe(message);
    expect(res.json().field).toBe(field);
    expect(await networkStateOf(agent.user.id)).toEqual(before);
  });

  it('answers 404 for an unknown id, a super agent, an admin and a deleted agent; 400 for a bad id', async () => {
    const sa = await createSuperAgent(t.database);
    const admin = await createAdmin(t.database);
    const deleted = await createAgent(t.database);
    await asAdmin('DELETE', `/api/users/agents/${deleted.user.id}`);
    for (const id of [crypto.randomUUID(), sa.user.id, admin.user.id, deleted.user.id]) {
      await expectRefusedUnchanged(
        t.database,
        () => asAdmin('PUT', `/api/users/agents/${id}`, { contact: 'x' }),
        404,
        { message: 'Agent not found', code: 'NOT_FOUND' },
      );
    }
    const bad = await asAdmin('PUT', '/api/users/agents/not-a-uuid', { contact: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'id: Not a valid id', field: 'id' });
  });
});

describe('DELETE /api/users/agents/:id', () => {
  it('removes the agent from lists and sign-in, ends its sessions, and keeps its money history', async () => {
    const sa = await createSuperAgent(t.database);
    const agent = await createAgent(t.database);
    const token = await loginAs(t.app, agent);
    await asAdmin('POST', '/api/super-agents/assign-agent', {
      agentId: agent.user.id,
      superAgentId: sa.user.id,
    });
    await asAdmin('POST', `/api/users/agents/${agent.user.id}/add-coins`, { coins: 50, etbAmount: 100 });

    const res = await asAdmin('DELETE', `/api/users/agents/${agent.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Agent deleted successfully' });

    expect(await agentIn(agent.user.id)).toBeUndefined();
    const everyone = (await asAdmin('GET', '/api/users')).json().users as { id: string }[];
    expect(everyone.some((u) => u.id === agent.user.id)).toBe(false);
    // Gone, not merely deactivated: the session check no longer finds the account.
    expect((await me(token)).json().code).toBe('TOKEN_EXPIRED');
    expect((await login(agent.user.username, agent.password)).json()).toEqual({
      message: 'Invalid credentials',
      code: 'INVALID_CREDENTIALS',
    });

    // The ledger and the agreement stay; the agreement is ended, so the super agent no longer counts it.
    const coins = await coinsOf(t.database, agent.user.id);
    expect(coins).toMatchObject({ balance: 50, ledgerSum: 50 });
    const [agreement] = await allAgreements(agent.user.id);
    expect(agreement).toMatchObject({ isActive: false });
    const agreements = (await asAdmin('GET', '/api/super-agents/agreements')).json()
      .agreements as Agreement[];
    expect(agreements.find((a) => a.agentId === agent.user.id)).toMatchObject({
      agentUsername: agent.user.username,
      isActive: false,
    });
    const superAgents = (await asAdmin('GET', '/api/super-agents')).json().superAgents as SuperAgent[];
    expect(superAgents.find((s) => s.id === sa.user.id)!.activeAgents).toBe(0);

    // Gone for every other call too.
    expect((await asAdmin('DELETE', `/api/users/agents/${agent.user.id}`)).statusCode).toBe(404);
    expect(
      (await asAdmin('POST', `/api/users/agents/${agent.user.id}/add-coins`, { coins: 1, etbAmount: 1 }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await asAdmin('POST', '/api/super-agents/assign-agent', {
          agentId: agent.user.id,
          superAgentId: sa.user.id,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("frees the deleted agent's username for a new account, and the old one stays deleted", async () => {
    const agent = await createAgent(t.database);
    await asAdmin('DELETE', `/api/users/agents/${agent.user.id}`);
    const again = await newAgent({ username: agent.user.username, password: 'another1' });
    expect(again.statusCode).toBe(201);
    expect(again.json().agent.id).not.toBe(agent.user.id);
    expect((await login(agent.user.username, agent.password)).statusCode).toBe(401);
    expect((await login(agent.user.username, 'another1')).json().user.id).toBe(again.json().agent.id);
  });

  it('answers 404 for an unknown id or a non-agent, deleting nothing', async () => {
    const sa = await createSuperAgent(t.database);
    for (const id of [crypto.randomUUID(), sa.user.id]) {
      await expectRefusedUnchanged(t.database, () => asAdmin('DELETE', `/api/users/agents/${id}`), 404, {
        message: 'Agent not found',
        code: 'NOT_FOUND',
      });
    }
  });
});

describe('GET /api/users', () => {
  it('lists the accounts that are not deleted, of one role when asked', async () => {
    const agent = await createAgent(t.database, { commissionPercentage: 7.5 });
    const sa = await createSuperAgent(t.database);
    const deleted = await createAgent(t.database);
    await asAdmin('DELETE', `/api/users/agents/${deleted.user.id}`);

    const agents = (await asAdmin('GET', '/api/users?role=agent')).json().users as UserSummary[];
    expect(agents.every((u) => u.role === 'agent')).toBe(true);
    expect(agents.find((u) => u.id === agent.user.id)).toEqual({
      id: agent.user.id,
      _id: agent.user.id,
      username: agent.user.username,
      role: 'agent',
      isActive: true,
      createdAt: agent.user.createdAt.toISOString(),
      commissionPercentage: 7.5,
      financialModel: 'virtual-coin',
      virtualCoins: 0,
    });
    expect(agents.some((u) => u.id === deleted.user.id)).toBe(false);

    const all = (await asAdmin('GET', '/api/users')).json().users as UserSummary[];
    expect(new Set(all.map((u) => u.role))).toEqual(new Set(['admin', 'agent', 'super-agent']));
    expect(all.find((u) => u.id === sa.user.id)).toMatchObject({
      role: 'super-agent',
      commissionPercentage: null,
      financialModel: null,
    });
  });

  it('refuses an unknown role or parameter with 400', async () => {
    const role = await asAdmin('GET', '/api/users?role=boss');
    expect(role.statusCode).toBe(400);
    expect(role.json().field).toBe('role');
    expect((await asAdmin('GET', '/api/users?page=2')).statusCode).toBe(400);
  });
});

describe("an agent's minimum commission percentage (decision 056)", () => {
  it('is 10 for a new agent unless the admin sets it, and the percentage may not be below it', async () => {
    const plain = (await newAgent()).json().agent;
    expect(plain).toMatchObject({ commissionPercentage: 10, minCommissionPercentage: 10 });

    const before = await listAgents();
    const low = await newAgent({ commissionPercentage: 5 });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toEqual({
      message: 'commissionPercentage: Must be at least the minimum commission of 10%',
      code: 'VALIDATION_FAILED',
      field: 'commissionPercentage',
    });
    const over = await newAgent({ commissionPercentage: 12, minCommissionPercentage: 12.5 });
    expect(over.json()).toMatchObject({
      message: 'commissionPercentage: Must be at least the minimum commission of 12.5%',
      field: 'commissionPercentage',
    });
    expect(await listAgents()).toEqual(before);

    // Both financial models: a commission-share agent at 0% would pay the admin nothing either.
    for (const financialModel of ['virtual-coin', 'commission-share']) {
      const chosen = await newAgent({
        financialModel,
        commissionPercentage: 5,
        minCommissionPercentage: 2.5,
      });
      expect(chosen.statusCode).toBe(201);
      expect(chosen.json().agent).toMatchObject({ commissionPercentage: 5, minCommissionPercentage: 2.5 });
      const [row] = await t.database.db.select().from(users).where(eq(users.id, chosen.json().agent.id));
      expect(row!.minCommissionPercentage).toBe('2.5000');
    }
  });

  it("lets the admin change it, and refuses a percentage below the agent's minimum, changing nothing", async () => {
    const agent = (await newAgent({ commissionPercentage: 12 })).json().agent;
    const url = `/api/users/agents/${agent.id}`;
    const refused = {
      code: 'VALIDATION_FAILED',
      field: 'commissionPercentage',
    };
    // A minimum over the current percentage, a percentage under the current minimum, or both at once.
    for (const [payload, minimum] of [
      [{ minCommissionPercentage: 15 }, 15],
      [{ commissionPercentage: 9.5, contact: 'x' }, 10],
      [{ commissionPercentage: 14, minCommissionPercentage: 15 }, 15],
    ] as const) {
      const before = await networkStateOf(agent.id);
      const res = await asAdmin('PUT', url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({
        ...refused,
        message: `commissionPercentage: Must be at least the minimum commission of ${minimum}%`,
      });
      expect(await networkStateOf(agent.id)).toEqual(before);
    }

    const raised = await asAdmin('PUT', url, { commissionPercentage: 15, minCommissionPercentage: 15 });
    expect(raised.json().agent).toMatchObject({ commissionPercentage: 15, minCommissionPercentage: 15 });
    const lowered = await asAdmin('PUT', url, { minCommissionPercentage: 0 });
    expect(lowered.json().agent).toMatchObject({ commissionPercentage: 15, minCommissionPercentage: 0 });
    expect((await asAdmin('PUT', url, { commissionPercentage: 0 })).json().agent.commissionPercentage).toBe(
      0,
    );
  });

  it('refuses a minimum outside 0-100 or with more than 4 decimals', async () => {
    const agent = await createAgent(t.database);
    for (const minCommissionPercentage of [-1, 100.5, 1.23456, '10']) {
      const res = await asAdmin('PUT', `/api/users/agents/${agent.user.id}`, { minCommissionPercentage });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('minCommissionPercentage');
    }
  });
});

describe('coins on the agent form change only through the ledger (decision 056)', () => {
  /** What a game costs the agent: a charge through the one coin writer, as the games service makes it. */
  const spend = (agentId: string, coins: number) =>
    t.database.db.transaction((tx) =>
      changeCoins(tx, { agentId, delta: -coins, reason: 'game', actorId: agentId, notes: 'a game' }),
    );

  it('refuses a balance typed over one the agent has since spent from: 409, and the coins stay as spent', async () => {
    const agent = await createAgent(t.database);
    const url = `/api/users/agents/${agent.user.id}`;
    await asAdmin('POST', `/api/users/agents/${agent.user.id}/add-coins`, { coins: 100, etbAmount: 100 });
    // The admin opens the form (it shows 100) to correct the contact; meanwhile the agent plays a game.
    const shown = (await agentIn(agent.user.id))!.virtualCoins;
    expect(shown).toBe(100);
    await spend(agent.user.id, 30);

    // The form comes back with the balance it showed, typed over with a new one: the game's 30 coins would
    // come back. Nothing is written, and the message gives the balance now.
    await expectRefusedUnchanged(
      t.database,
      () => asAdmin('PUT', url, { virtualCoins: 120, virtualCoinsShown: shown, contact: 'new' }),
      409,
      {
        message:
          'The balance changed to 70 coins since the form showed 100. Nothing was changed: check the new balance and save again.',
        code: 'CONFLICT',
        field: 'virtualCoins',
        reason: 'BALANCE_CHANGED',
      },
    );
    // A balance without the one it replaces, different from the balance now: 409 too.
    await expectRefusedUnchanged(t.database, () => asAdmin('PUT', url, { virtualCoins: 100 }), 409, {
      message:
        'A new balance needs the balance it replaces (virtualCoinsShown): the balance is 70 coins. Nothing was changed.',
      code: 'CONFLICT',
      field: 'virtualCoins',
      reason: 'BALANCE_CHANGED',
    });
    expect(await coinsOf(t.database, agent.user.id)).toMatchObject({ balance: 70, ledgerSum: 70 });

    // The same form with the coins left as shown saves the rest and changes no coins, whatever the balance now.
    const unchanged = await asAdmin('PUT', url, {
      virtualCoins: shown,
      virtualCoinsShown: shown,
      contact: 'new',
    });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().agent).toMatchObject({ contact: 'new', virtualCoins: 70 });

    // Typed over the balance now: one adjustment row, and the balance is still its ledger's sum.
    const set = await asAdmin('PUT', url, { virtualCoins: 90, virtualCoinsShown: 70 });
    expect(set.json().agent.virtualCoins).toBe(90);
    const coins = await coinsOf(t.database, agent.user.id);
    expect(coins).toMatchObject({ balance: 90, ledgerSum: 90 });
    // (by balance before: 0, 70, 100)
    expect(coins.ledger.map((r) => [r.reason, r.delta])).toEqual([
      ['top-up', 100],
      ['adjustment', 20],
      ['game', -30],
    ]);
  });

  it('refuses the balance shown without the new one', async () => {
    const agent = await createAgent(t.database);
    const res = await asAdmin('PUT', `/api/users/agents/${agent.user.id}`, { virtualCoinsShown: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'virtualCoinsShown' });
  });
});

/** The agent's row and everything tied to it. */
async function networkStateOf(agentId: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, agentId));
  const { updatedAt: _ignored, ...rest } = row!;
  return { row: rest, coins: await coinsOf(t.database, agentId), agreements: await allAgreements(agentId) };
}
