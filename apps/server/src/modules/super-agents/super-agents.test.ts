import { type Agreement, type SuperAgent, superAgentRoutes } from '@cartela/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { superAgentAgreements } from '../../db/schema.js';
import { itAdminsOnly, useCallers, useTestApp } from '../../test/fixtures.js';
import { createAdmin, createAgent, createSuperAgent, loginAs } from '../../test/helpers.js';
import { caller, expectRefusedUnchanged } from '../../test/network.js';

const t = useTestApp();
const callers = useCallers(t);
const { asAdmin } = callers;

let names = 0;
const uniqueName = () => `super-${++names}-${Math.random().toString(36).slice(2, 7)}`;
const newSuperAgent = (payload: Record<string, unknown> = {}) =>
  asAdmin('POST', '/api/super-agents', { username: uniqueName(), password: 'secret1', ...payload });
const listSuperAgents = async () =>
  (await asAdmin('GET', '/api/super-agents')).json().superAgents as SuperAgent[];
const assign = (payload: Record<string, unknown>) =>
  asAdmin('POST', '/api/super-agents/assign-agent', payload);
const superLogin = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/super-agents/login', payload: { username, password } });
const profile = (token: string) => caller(t.app, token)('GET', '/api/super-agents/profile');
const agreementsOf = (agentId: string) =>
  t.database.db.select().from(superAgentAgreements).where(eq(superAgentAgreements.agentId, agentId));

describe('who may call the super agent routes', () => {
  itAdminsOnly(Object.values(superAgentRoutes), callers);
});

describe('GET /api/super-agents', () => {
  it('lists every super agent with its active agents and earnings, and nobody else', async () => {
    const sa = await createSuperAgent(t.database, { platformCommissionRate: 40, contact: '0911' });
    const [a, b, c] = await Promise.all([
      createAgent(t.database),
      createAgent(t.database),
      createAgent(t.database),
    ]);
    await assign({ agentId: a.user.id, superAgentId: sa.user.id });
    await assign({ agentId: b.user.id, superAgentId: sa.user.id });
    await assign({ agentId: c.user.id, superAgentId: sa.user.id });
    // c moves away, b is deleted: neither counts any more.
    const other = await createSuperAgent(t.database);
    await assign({ agentId: c.user.id, superAgentId: other.user.id });
    await asAdmin('DELETE', `/api/users/agents/${b.user.id}`);

    const list = await listSuperAgents();
    expect(list.find((s) => s.id === sa.user.id)).toEqual({
      id: sa.user.id,
      _id: sa.user.id,
      username: sa.user.username,
      platformCommissionRate: 40,
      contact: '0911',
      notes: null,
      totalEarnings: 0,
      isActive: true,
      createdAt: sa.user.createdAt.toISOString(),
      activeAgents: 1,
    });
    expect(list.find((s) => s.id === other.user.id)!.activeAgents).toBe(1);
    expect(list.every((s) => s.id !== a.user.id)).toBe(true);
  });
});

describe('POST /api/super-agents', () => {
  it('creates a super agent with the default platform rate, who signs in at its own door', async () => {
    const username = uniqueName();
    const res = await asAdmin('POST', '/api/super-agents', {
      username,
      password: 'secret1',
      contact: '0911 22 33 44',
      notes: 'Covers Piassa',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Super agent created successfully');
    expect(res.json().superAgent).toMatchObject({
      username,
      platformCommissionRate: 50,
      contact: '0911 22 33 44',
      notes: 'Covers Piassa',
      totalEarnings: 0,
      isActive: true,
      activeAgents: 0,
    });
    const signIn = await superLogin(username, 'secret1');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().superAgent).toMatchObject({ role: 'super-agent', platformCommissionRate: 50 });
  });

  it('refuses a username taken in any letter case with 409', async () => {
    const agent = await createAgent(t.database);
    const taken = agent.user.username.toUpperCase();
    await expectRefusedUnchanged(t.database, () => newSuperAgent({ username: taken }), 409, {
      message: `Username "${taken}" is already taken`,
      code: 'CONFLICT',
      field: 'username',
      reason: 'USERNAME_TAKEN',
    });
  });

  it.each([
    [{ username: '' }, 'username: Username is required', 'username'],
    [{ password: undefined }, 'password: Password is required', 'password'],
    [{ password: '12345' }, 'password: Password must be at least 6 characters', 'password'],
    [
      { platformCommissionRate: 100.01 },
      'platformCommissionRate: Must be between 0 and 100',
      'platformCommissionRate',
    ],
    [
      { platformCommissionRate: -0.5 },
      'platformCommissionRate: Must be between 0 and 100',
      'platformCommissionRate',
    ],
    [{ notes: 'x'.repeat(501) }, undefined, 'notes'],
    [{ role: 'admin' }, 'role: Unknown field', undefined],
  ])('refuses %j with 400, creating nothing', async (change, message, field) => {
    await expectRefusedUnchanged(
      t.database,
      async () => {
        const res = await newSuperAgent(change);
        expect(res.json().code).toBe('VALIDATION_FAILED');
        if (message) expect(res.json().message).toBe(message);
        expect(res.json().field).toBe(field);
        return res;
      },
      400,
    );
  });
});

describe('PUT /api/super-agents/:id', () => {
  it('changes only the fields sent', async () => {
    const sa = (await newSuperAgent({ contact: '0911', notes: 'old' })).json().superAgent;
    const username = uniqueName();
    const res = await asAdmin('PUT', `/api/super-agents/${sa.id}`, {
      username,
      platformCommissionRate: 12.5,
      notes: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Super agent updated successfully',
      superAgent: { ...sa, username, platformCommissionRate: 12.5, notes: null },
    });
  });

  it('ends the sessions at once when deactivated or given a new password; a blank password keeps them', async () => {
    const sa = await createSuperAgent(t.database);
    const url = `/api/super-agents/${sa.user.id}`;
    const token = await loginAs(t.app, sa);
    await asAdmin('PUT', url, { password: '', notes: 'n' });
    expect((await profile(token)).statusCode).toBe(200);

    await asAdmin('PUT', url, { isActive: false });
    expect((await profile(token)).statusCode).toBe(401);
    expect((await superLogin(sa.user.username, sa.password)).json().code).toBe('ACCOUNT_INACTIVE');

    await asAdmin('PUT', url, { isActive: true });
    const again = await loginAs(t.app, sa);
    await asAdmin('PUT', url, { password: 'newpass1' });
    expect((await profile(again)).statusCode).toBe(401);
    expect((await superLogin(sa.user.username, 'newpass1')).statusCode).toBe(200);
  });

  it('keeps its agreements when deactivated, but it can take no new agent', async () => {
    const sa = await createSuperAgent(t.database);
    const [kept, refused] = await Promise.all([createAgent(t.database), createAgent(t.database)]);
    await assign({ agentId: kept.user.id, superAgentId: sa.user.id });
    await asAdmin('PUT', `/api/super-agents/${sa.user.id}`, { isActive: false });
    expect((await agreementsOf(kept.user.id))[0]).toMatchObject({ isActive: true });
    await expectRefusedUnchanged(
      t.database,
      () => assign({ agentId: refused.user.id, superAgentId: sa.user.id }),
      400,
      {
        message: `superAgentId: Super agent "${sa.user.username}" is deactivated; activate it or choose another`,
        code: 'VALIDATION_FAILED',
        field: 'superAgentId',
      },
    );
  });

  it('refuses a taken username with 409, and answers 404 for an unknown id, an agent or an admin', async () => {
    const sa = await createSuperAgent(t.database);
    const admin = await createAdmin(t.database);
    const taken = admin.user.username.toUpperCase();
    await expectRefusedUnchanged(
      t.database,
      () => asAdmin('PUT', `/api/super-agents/${sa.user.id}`, { username: taken, notes: 'x' }),
      409,
      {
        message: `Username "${taken}" is already taken`,
        code: 'CONFLICT',
        field: 'username',
        reason: 'USERNAME_TAKEN',
      },
    );
    const agent = await createAgent(t.database);
    for (const id of [crypto.randomUUID(), agent.user.id, admin.user.id]) {
      await expectRefusedUnchanged(
        t.database,
        () => asAdmin('PUT', `/api/super-agents/${id}`, { notes: 'x' }),
        404,
        {
          message: 'Super agent not found',
          code: 'NOT_FOUND',
        },
      );
    }
  });

  it.each([
    [{}, 'Nothing to update', undefined],
    [{ username: ' ' }, 'username: Username is required', 'username'],
    [{ password: 'short' }, undefined, 'password'],
    [
      { platformCommissionRate: 101 },
      'platformCommissionRate: Must be between 0 and 100',
      'platformCommissionRate',
    ],
    [{ isActive: 1 }, 'isActive: Must be true or false', 'isActive'],
  ])('refuses %j with 400, changing nothing', async (payload, message, field) => {
    const sa = await createSuperAgent(t.database);
    await expectRefusedUnchanged(
      t.database,
      async () => {
        const res = await asAdmin('PUT', `/api/super-agents/${sa.user.id}`, payload);
        if (message) expect(res.json().message).toBe(message);
        expect(res.json().field).toBe(field);
        return res;
      },
      400,
    );
  });
});

describe('POST /api/super-agents/assign-agent', () => {
  it('puts the agent under the super agent, at 20% unless told', async () => {
    const sa = await createSuperAgent(t.database);
    const agent = await createAgent(t.database);
    const res = await assign({ agentId: agent.user.id, superAgentId: sa.user.id, notes: 'Met at the hall' });
    expect(res.statusCode).toBe(200);
    const { message, agreement } = res.json();
    expect(message).toBe(`Agent "${agent.user.username}" assigned to super agent "${sa.user.username}"`);
    expect(agreement).toMatchObject({
      agentId: agent.user.id,
      agentUsername: agent.user.username,
      superAgentId: sa.user.id,
      superAgentUsername: sa.user.username,
      superAgentCommissionRate: 20,
      notes: 'Met at the hall',
      isActive: true,
      endedAt: null,
    });
    expect(agreement._id).toBe(agreement.id);
  });

  it('ends the previous agreement, which stays in the history', async () => {
    const [first, second] = await Promise.all([createSuperAgent(t.database), createSuperAgent(t.database)]);
    const agent = await createAgent(t.database);
    const old = (await assign({ agentId: agent.user.id, superAgentId: first.user.id })).json().agreement;
    const now = (
      await assign({ agentId: agent.user.id, superAgentId: second.user.id, superAgentCommissionRate: 35.5 })
    ).json().agreement;

    const history = (await asAdmin('GET', '/api/super-agents/agreements')).json().agreements as Agreement[];
    const mine = history.filter((a) => a.agentId === agent.user.id);
    expect(mine).toHaveLength(2);
    expect(mine.find((a) => a.id === old.id)).toMatchObject({ isActive: false, superAgentId: first.user.id });
    expect(mine.find((a) => a.id === old.id)!.endedAt).not.toBeNull();
    expect(mine.find((a) => a.id === now.id)).toMatchObject({
      isActive: true,
      endedAt: null,
      superAgentCommissionRate: 35.5,
    });
  });

  it('leaves exactly one active agreement when many assignments of one agent arrive at once', async () => {
    const supers = await Promise.all(Array.from({ length: 6 }, () => createSuperAgent(t.database)));
    const agent = await createAgent(t.database);
    const results = await Promise.all(
      Array.from({ length: 18 }, (_, i) =>
        assign({ agentId: agent.user.id, superAgentId: supers[i % 6]!.user.id }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const rows = await agreementsOf(agent.user.id);
    expect(rows).toHaveLength(18);
    expect(rows.filter((r) => r.isActive)).toHaveLength(1);
  });

  it('answers 404 for an unknown agent or super agent, and 400 for the wrong roles, changing nothing', async () => {
    const sa = await createSuperAgent(t.database);
    const agent = await createAgent(t.database);
    const admin = await createAdmin(t.database);
    await expectRefusedUnchanged(
      t.database,
      () => assign({ agentId: crypto.randomUUID(), superAgentId: sa.user.id }),
      404,
      {
        message: 'Agent not found',
        code: 'NOT_FOUND',
        field: 'agentId',
      },
    );
    await expectRefusedUnchanged(
      t.database,
      () => assign({ agentId: agent.user.id, superAgentId: crypto.randomUUID() }),
      404,
      { message: 'Super agent not found', code: 'NOT_FOUND', field: 'superAgentId' },
    );
    await expectRefusedUnchanged(
      t.database,
      () => assign({ agentId: admin.user.id, superAgentId: sa.user.id }),
      400,
      {
        message: `agentId: "${admin.user.username}" is not an agent`,
        code: 'VALIDATION_FAILED',
        field: 'agentId',
      },
    );
    await expectRefusedUnchanged(
      t.database,
      () => assign({ agentId: agent.user.id, superAgentId: agent.user.id }),
      400,
      {
        message: `superAgentId: "${agent.user.username}" is not a super agent`,
        code: 'VALIDATION_FAILED',
        field: 'superAgentId',
      },
    );
    expect(await agreementsOf(agent.user.id)).toEqual([]);
  });

  it('keeps the agent under its super agent when the new assignment is refused', async () => {
    const sa = await createSuperAgent(t.database);
    const inactive = await createSuperAgent(t.database, { isActive: false });
    const agent = await createAgent(t.database);
    await assign({ agentId: agent.user.id, superAgentId: sa.user.id });
    await expectRefusedUnchanged(
      t.database,
      () => assign({ agentId: agent.user.id, superAgentId: inactive.user.id }),
      400,
    );
    const [active] = await t.database.db
      .select()
      .from(superAgentAgreements)
      .where(and(eq(superAgentAgreements.agentId, agent.user.id), eq(superAgentAgreements.isActive, true)));
    expect(active!.superAgentId).toBe(sa.user.id);
  });

  it.each([
    [{ superAgentId: crypto.randomUUID() }, 'agentId: Agent id is required', 'agentId'],
    [{ agentId: 'someone', superAgentId: crypto.randomUUID() }, 'agentId: Choose an agent', 'agentId'],
    [{ agentId: crypto.randomUUID() }, 'superAgentId: Super agent id is required', 'superAgentId'],
    [
      { agentId: crypto.randomUUID(), superAgentId: 'x' },
      'superAgentId: Choose a super agent',
      'superAgentId',
    ],
    [
      { agentId: crypto.randomUUID(), superAgentId: crypto.randomUUID(), superAgentCommissionRate: 120 },
      'superAgentCommissionRate: Must be between 0 and 100',
      'superAgentCommissionRate',
    ],
  ])('refuses %j with 400', async (payload, message, field) => {
    await expectRefusedUnchanged(t.database, () => assign(payload), 400, {
      message,
      code: 'VALIDATION_FAILED',
      field,
    });
  });
});

describe('GET /api/super-agents/agreements', () => {
  it('lists every agreement, ended ones included, newest first', async () => {
    const sa = await createSuperAgent(t.database);
    const agent = await createAgent(t.database);
    await assign({ agentId: agent.user.id, superAgentId: sa.user.id, superAgentCommissionRate: 10 });
    await assign({ agentId: agent.user.id, superAgentId: sa.user.id, superAgentCommissionRate: 15 });
    const list = (await asAdmin('GET', '/api/super-agents/agreements')).json().agreements as Agreement[];
    const mine = list.filter((a) => a.agentId === agent.user.id);
    expect(mine.map((a) => [a.superAgentCommissionRate, a.isActive])).toEqual([
      [15, true],
      [10, false],
    ]);
    const times = list.map((a) => a.effectiveFrom);
    expect(times).toEqual([...times].sort().reverse());
  });
});
