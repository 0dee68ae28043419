import { randomUUID } from 'node:crypto';
import { defineRoute } from '@cartela/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { users } from '../../db/schema.js';
import { registerRoute } from '../../route.js';
import { claimsOf, signToken, useTestApp } from '../../test/fixtures.js';
import {
  bearer,
  createAdmin,
  createAgent,
  createSuperAgent,
  loginAs,
  startTestApp,
} from '../../test/helpers.js';
import { updateUser } from '../users/index.js';

const adminOnly = defineRoute({
  method: 'GET',
  path: '/api/test/admin-only',
  summary: 'test route',
  access: ['admin'],
  response: z.object({ ok: z.boolean(), role: z.string() }),
});
const agentsAndAdmins = defineRoute({
  method: 'GET',
  path: '/api/test/agents-and-admins',
  summary: 'test route',
  access: ['admin', 'agent'],
  response: z.object({ ok: z.boolean() }),
});

const t = useTestApp({
  extraRoutes: (app) => {
    registerRoute(app, adminOnly, async ({ user }) => ({
      ok: true,
      role: user.role,
    }));
    registerRoute(app, agentsAndAdmins, async () => ({ ok: true }));
  },
});

const login = (payload: unknown, url = '/api/auth/login') =>
  t.app.inject({ method: 'POST', url, payload: payload as object });
const me = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers });

describe('POST /api/auth/login', () => {
  it('signs in an admin and returns a token and the session user', async () => {
    const admin = await createAdmin(t.database);
    const res = await login({ username: admin.user.username, password: admin.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      id: admin.user.id,
      _id: admin.user.id,
      username: admin.user.username,
      role: 'admin',
      isActive: true,
      language: 'en',
      financialModel: null,
      virtualCoins: 0,
      commissionPercentage: null,
      totalEarnings: 0,
      platformCommissionRate: null,
      winningPatterns: null,
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    const claims = claimsOf(body.token);
    expect(claims).toMatchObject({ sub: admin.user.id, role: 'admin', tv: 0 });
    // A hall's working day: 12 hours.
    expect((claims.exp as number) - (claims.iat as number)).toBe(12 * 3600);
  });

  it('signs in agents of both financial models with their own fields', async () => {
    const coin = await createAgent(t.database, {
      financialModel: 'virtual-coin',
      commissionPercentage: 12.5,
      winningPatterns: ['four-corners', 'full-house'],
    });
    const share = await createAgent(t.database, { financialModel: 'commission-share' });
    const a = (await login({ username: coin.user.username, password: coin.password })).json();
    expect(a.user).toMatchObject({
      role: 'agent',
      financialModel: 'virtual-coin',
      commissionPercentage: 12.5,
      // The wizard offers the patterns the admin enabled for this agent.
      winningPatterns: ['four-corners', 'full-house'],
    });
    const b = (await login({ username: share.user.username, password: share.password })).json();
    expect(b.user).toMatchObject({
      role: 'agent',
      financialModel: 'commission-share',
      systemCommissionShare: 20,
    });
  });

  it('treats the username case-insensitively', async () => {
    const agent = await createAgent(t.database);
    const res = await login({ username: agent.user.username.toUpperCase(), password: agent.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe(agent.user.username);
  });

  it('answers an unknown user and a wrong password with the same 401', async () => {
    const agent = await createAgent(t.database);
    const unknown = await login({ username: 'nobody-here', password: 'whatever' });
    const wrong = await login({ username: agent.user.username, password: 'not-the-password' });
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid credentials', code: 'INVALID_CREDENTIALS' });
    }
  });

  it('tells a deactivated user so, but only once the password is right', async () => {
    const agent = await createAgent(t.database, { isActive: false });
    const right = await login({ username: agent.user.username, password: agent.password });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual({
      message: 'Account is deactivated. Please contact the administrator.',
      code: 'ACCOUNT_INACTIVE',
    });
    const wrong = await login({ username: agent.user.username, password: 'nope-nope' });
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('keeps super agents out of the regular login and everyone else out of the super agent login', async () => {
    const sa = await createSuperAgent(t.database);
    const agent = await createAgent(t.database);
    const saRegular = await login({ username: sa.user.username, password: sa.password });
    expect(saRegular.statusCode).toBe(401);
    expect(saRegular.json().code).toBe('INVALID_CREDENTIALS');
    const agentSuper = await login(
      { username: agent.user.username, password: agent.password },
      '/api/super-agents/login',
    );
    expect(agentSuper.statusCode).toBe(401);
    expect(agentSuper.json()).toEqual({ message: 'Invalid credentials', code: 'INVALID_CREDENTIALS' });

    const ok = await login({ username: sa.user.username, password: sa.password }, '/api/super-agents/login');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().superAgent).toMatchObject({
      role: 'super-agent',
      platformCommissionRate: 50,
      financialModel: null,
    });
    expect(ok.json()).not.toHaveProperty('user');
  });

  it.each([
    [{ password: 'x' }, 'username: Username is required', 'username'],
    [{ username: 'admin' }, 'password: Password is required', 'password'],
    [{ username: '   ', password: 'x' }, 'username: Username is required', 'username'],
    [{ username: 'admin', password: '' }, 'password: Password is required', 'password'],
    [{ username: 42, password: 'x' }, 'username: Must be text', 'username'],
    // An unknown key is about the body as a whole: no field of the form to show it under.
    [{ username: 'admin', password: 'x', role: 'admin' }, 'role: Unknown field', undefined],
  ])('rejects %j with 400 naming the field', async (payload, message, field) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED', ...(field ? { field } : {}) });
  });

  it('rejects a missing body, malformed JSON, a wrong content type and a body too large', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/login' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: 'Request body is required', code: 'VALIDATION_FAILED' });

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin", ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Request body is not valid JSON', code: 'VALIDATION_FAILED' });

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=admin',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const big = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a', password: 'x'.repeat(1_100_000) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('handles many logins at once, for several users and the same user', async () => {
    const people = await Promise.all([
      createAgent(t.database),
      createAdmin(t.database),
      createAgent(t.database),
    ]);
    const attempts = Array.from({ length: 24 }, (_, i) => people[i % people.length]!);
    const results = await Promise.all(
      attempts.map((p) => login({ username: p.user.username, password: p.password })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(attempts.map(() => 200));
    const checks = await Promise.all(results.map((r) => me(bearer(r.json().token))));
    expect(checks.map((r) => r.json().user.id)).toEqual(attempts.map((p) => p.user.id));
  });
});

describe('sessions: GET /api/auth/me', () => {
  it('returns the current user for a valid token', async () => {
    const agent = await createAgent(t.database, { contact: '+251 911 000000', language: 'am' });
    const res = await me(bearer(await loginAs(t.app, agent)));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: agent.user.id, contact: '+251 911 000000', language: 'am' });
  });

  it("tells the web the server's business time zone with the user, wherever the user is answered", async () => {
    const agent = await createAgent(t.database, { password: 'secret-1' });
    const signIn = await login({ username: agent.user.username, password: 'secret-1' });
    expect(signIn.json().user.businessTimeZone).toBe('Africa/Addis_Ababa');
    const elsewhere = await startTestApp({
      database: t.database,
      env: { BUSINESS_TIMEZONE: 'America/Chicago' },
    });
    try {
      const token = await loginAs(elsewhere.app, agent);
      const res = await elsewhere.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(res.json().user.businessTimeZone).toBe('America/Chicago');
      const profile = await elsewhere.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers: bearer(token),
        payload: { language: 'am' },
      });
      expect(profile.json().user.businessTimeZone).toBe('America/Chicago');
      const sa = await createSuperAgent(t.database);
      const saRes = await elsewhere.app.inject({
        method: 'GET',
        url: '/api/super-agents/profile',
        headers: bearer(await loginAs(elsewhere.app, sa)),
      });
      expect(saRes.json().superAgent.businessTimeZone).toBe('America/Chicago');
    } finally {
      await elsewhere.close();
    }
  });

  it('answers 401 UNAUTHORIZED without a usable token', async () => {
    const agent = await createAgent(t.database);
    const token = await loginAs(t.app, agent);
    const cases: Record<string, string>[] = [
      {},
      { authorization: '' },
      { authorization: token },
      { authorization: `Basic ${token}` },
      { authorization: 'Bearer not.a.jwt' },
      { authorization: `Bearer ${token.slice(0, -3)}abc` },
      {
        authorization: `Bearer ${signToken({ sub: agent.user.id, role: 'agent', tv: 0 }, 'another-secret-another-secret-00000')}`,
      },
      { authorization: `Bearer ${signToken({ sub: agent.user.id, role: 'agent' })}` },
    ];
    for (const headers of cases) {
      const res = await me(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toEqual({ message: 'Please sign in to continue.', code: 'UNAUTHORIZED' });
    }
  });

  it('refuses a correctly signed token without an expiry: it would be good forever', async () => {
    const agent = await createAgent(t.database);
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: agent.user.id, role: 'agent', tv: 0, jti: randomUUID(), iat: now };
    const res = await me(bearer(signToken(claims)));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue.', code: 'UNAUTHORIZED' });
    // The same claims with an expiry are accepted: the expiry is what made the difference.
    expect((await me(bearer(signToken({ ...claims, exp: now + 600 })))).statusCode).toBe(200);
  });

  it('signs out: that token stops working at once, on every instance, and the other sessions go on', async () => {
    const agent = await createAgent(t.database);
    const laptop = await loginAs(t.app, agent);
    const phone = await loginAs(t.app, agent);
    expect((await me(bearer(laptop))).statusCode).toBe(200); // verified and cached
    const secondHandle = await t.another();
    const other = await startTestApp({ database: secondHandle });
    try {
      const onOther = () => other.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(laptop) });
      expect((await onOther()).statusCode).toBe(200);

      const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(laptop) });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ message: 'Logged out successfully' });

      const after = await me(bearer(laptop));
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe('TOKEN_EXPIRED');
      await expect.poll(async () => (await onOther()).statusCode, { timeout: 3000 }).toBe(401);
      // The agent's phone, signed in separately, is still in the game.
      expect((await me(bearer(phone))).statusCode).toBe(200);
      // A server started later (a restart) knows too.
      const restarted = await startTestApp({ database: t.database });
      try {
        const res = await restarted.app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: bearer(laptop),
        });
        expect(res.statusCode).toBe(401);
      } finally {
        await restarted.close();
      }
    } finally {
      await other.close();
      if (secondHandle !== t.database) await secondHandle.close();
    }
  });

  it('answers 401 TOKEN_EXPIRED for an expired token', async () => {
    const agent = await createAgent(t.database);
    const now = Math.floor(Date.now() / 1000);
    const res = await me(
      bearer(signToken({ sub: agent.user.id, role: 'agent', tv: 0, iat: now - 7200, exp: now - 60 })),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Session expired. Please sign in again.', code: 'TOKEN_EXPIRED' });
  });

  it('ends sessions at once when the password changes, the account is deactivated or deleted', async () => {
    const a = await createAgent(t.database);
    const tokenA = await loginAs(t.app, a);
    expect((await me(bearer(tokenA))).statusCode).toBe(200); // now cached
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(tokenA),
      payload: { currentPassword: a.password, newPassword: 'a-new-password' },
    });
    expect(changed.statusCode).toBe(200);
    const old = await me(bearer(tokenA));
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('TOKEN_EXPIRED');
    expect((await me(bearer(changed.json().token))).statusCode).toBe(200);

    const b = await createAgent(t.database);
    const tokenB = await loginAs(t.app, b);
    expect((await me(bearer(tokenB))).statusCode).toBe(200);
    await updateUser(t.database.db, b.user.id, { isActive: false }, { endSessions: true });
    // Changed behind the app's back (no in-process invalidation): the users trigger's NOTIFY reaches the cache.
    await expect.poll(async () => (await me(bearer(tokenB))).statusCode, { timeout: 3000 }).toBe(401);
    expect((await me(bearer(tokenB))).json().code).toBe('ACCOUNT_INACTIVE');

    const c = await createAgent(t.database);
    const tokenC = await loginAs(t.app, c);
    expect((await me(bearer(tokenC))).statusCode).toBe(200);
    await t.database.db.delete(users).where(eq(users.id, c.user.id));
    await expect.poll(async () => (await me(bearer(tokenC))).statusCode, { timeout: 3000 }).toBe(401);
  });

  it('ends a session on another server instance too (same database), within a second', async () => {
    // On PostgreSQL a second pool with its own LISTEN connection: a real second instance. A password change,
    // a sign-out and a deactivation, 5 times each.
    const secondHandle = await t.another();
    const other = await startTestApp({ database: secondHandle });
    const admin = await createAdmin(t.database);
    const adminToken = await loginAs(t.app, admin);
    const refusedOnOther = async (token: string) => {
      const onOther = async () =>
        (await other.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode;
      // Heard through NOTIFY: at once or within milliseconds (proof/cluster.mjs counts how often the very
      // next request is refused, through nginx between two processes; decision 068).
      await expect.poll(onOther, { timeout: 1000, interval: 5 }).toBe(401);
    };
    try {
      for (let round = 0; round < 5; round++) {
        const agent = await createAgent(t.database);
        const ended = {
          password: await loginAs(t.app, agent),
          signOut: await loginAs(t.app, agent),
        };
        for (const token of Object.values(ended)) {
          // Cached by the other instance.
          const seen = await other.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
          expect(seen.statusCode).toBe(200);
        }
        const out = await t.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: bearer(ended.signOut),
        });
        expect(out.statusCode).toBe(200);
        await refusedOnOther(ended.signOut);

        const changed = await t.app.inject({
          method: 'PUT',
          url: '/api/auth/profile',
          headers: bearer(ended.password),
          payload: { currentPassword: agent.password, newPassword: `changed-elsewhere-${round}` },
        });
        expect(changed.statusCode).toBe(200);
        await refusedOnOther(ended.password);

        // The admin deactivates the agent: its new session ends on the other instance too.
        const fresh = changed.json().token as string;
        expect(
          (await other.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(fresh) })).statusCode,
        ).toBe(200);
        const off = await t.app.inject({
          method: 'PUT',
          url: `/api/users/agents/${agent.user.id}`,
          headers: bearer(adminToken),
          payload: { isActive: false },
        });
        expect(off.statusCode).toBe(200);
        await refusedOnOther(fresh);
      }
    } finally {
      await other.close();
      if (secondHandle !== t.database) await secondHandle.close();
    }
  });

  it('rejects a token whose role claim does not match the account', async () => {
    const agent = await createAgent(t.database);
    const res = await me(
      bearer(
        signToken({ sub: agent.user.id, role: 'admin', tv: 0, exp: Math.floor(Date.now() / 1000) + 60 }),
      ),
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('roles', () => {
  it('lets a route declare who may call it: others get 403', async () => {
    const admin = await createAdmin(t.database);
    const agent = await createAgent(t.database);
    const sa = await createSuperAgent(t.database);
    const [adminToken, agentToken, saToken] = await Promise.all(
      [admin, agent, sa].map((p) => loginAs(t.app, p)),
    );
    const get = (url: string, token?: string) =>
      t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

    expect((await get('/api/test/admin-only', adminToken)).json()).toEqual({ ok: true, role: 'admin' });
    const denied = await get('/api/test/admin-only', agentToken);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: 'You do not have permission to do this', code: 'FORBIDDEN' });
    expect((await get('/api/test/admin-only')).statusCode).toBe(401);

    expect((await get('/api/test/agents-and-admins', agentToken)).statusCode).toBe(200);
    expect((await get('/api/test/agents-and-admins', saToken)).statusCode).toBe(403);

    expect((await get('/api/super-agents/profile', saToken)).json().superAgent.id).toBe(sa.user.id);
    expect((await get('/api/super-agents/profile', agentToken)).statusCode).toBe(403);
    expect((await get('/api/super-agents/profile', adminToken)).statusCode).toBe(403);
  });

  it('checks the session before the body: an anonymous bad request is 401, not 400', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', payload: { nonsense: true } });
    expect(res.statusCode).toBe(401);
  });
});

describe('published (demo) passwords', () => {
  it('lets the account do nothing but read itself and choose its own password', async () => {
    const admin = await createAdmin(t.database, { password: 'admin123', mustChangePassword: true });
    const res = await login({ username: admin.user.username, password: 'admin123' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.mustChangePassword).toBe(true);
    const token = res.json().token as string;

    const blocked = await t.app.inject({
      method: 'GET',
      url: '/api/test/admin-only',
      headers: bearer(token),
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({
      message:
        'This account still has its demo password, which anyone can read. Choose your own password to continue.',
      code: 'PASSWORD_CHANGE_REQUIRED',
    });
    expect((await me(bearer(token))).json().user.mustChangePassword).toBe(true);

    const profile = (payload: object, tok = token) =>
      t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(tok), payload });
    // Keeping the published password is not choosing one.
    const same = await profile({ currentPassword: 'admin123', newPassword: 'admin123' });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'newPassword' });

    const changed = await profile({ currentPassword: 'admin123', newPassword: 'my-own-secret' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user.mustChangePassword).toBe(false);
    const fresh = changed.json().token as string;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/test/admin-only', headers: bearer(fresh) })).statusCode,
    ).toBe(200);
  });
});

describe('text and numbers the database or core would refuse', () => {
  it('refuses a NUL character in any text field with a 400 naming the field, and changes nothing', async () => {
    const nul = await login({ username: 'adm\u0000in', password: 'x' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({
      message: 'username: Must not contain a NUL character',
      code: 'VALIDATION_FAILED',
      field: 'username',
    });
    const agent = await createAgent(t.database, { contact: '0911' });
    const token = await loginAs(t.app, agent);
    for (const payload of [
      { contact: 'a\u0000b' },
      { currentPassword: agent.password, newPassword: 'new\u0000password' },
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers: bearer(token),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await me(bearer(token))).json().user.contact).toBe('0911');
    expect((await me(bearer(token))).statusCode).toBe(200); // the password did not change
  });

  it('refuses a percentage core cannot store exactly (0.1 + 0.2) with a 400, not a 500', async () => {
    const agent = await createAgent(t.database, { commissionPercentage: 10 });
    const token = await loginAs(t.app, agent);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(token),
      payload: { commissionPercentage: 0.1 + 0.2 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'commissionPercentage' });
    expect((await me(bearer(token))).json().user.commissionPercentage).toBe(10);
  });
});

describe('PUT /api/auth/profile', () => {
  const put = (token: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(token),
      payload: payload as object,
    });

  it('changes language and contact', async () => {
    const agent = await createAgent(t.database);
    const token = await loginAs(t.app, agent);
    const res = await put(token, { language: 'am', contact: '0911 22 33 44' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Profile updated successfully',
      user: { language: 'am', contact: '0911 22 33 44' },
    });
    expect(res.json()).not.toHaveProperty('token');
    expect((await me(bearer(token))).json().user).toMatchObject({ language: 'am', contact: '0911 22 33 44' });
    expect((await put(token, { contact: null })).json().user.contact).toBeNull();
  });

  it('lets agents, and only agents, set their commission percentage (0-100)', async () => {
    const agent = await createAgent(t.database, { minCommissionPercentage: 0 });
    const token = await loginAs(t.app, agent);
    expect((await put(token, { commissionPercentage: 15.5 })).json().user.commissionPercentage).toBe(15.5);
    expect((await put(token, { commissionPercentage: 0 })).json().user.commissionPercentage).toBe(0);
    expect((await put(token, { commissionPercentage: 100 })).json().user.commissionPercentage).toBe(100);
    for (const bad of [101, -1, 12.34567, '10']) {
      const res = await put(token, { commissionPercentage: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toMatch(/^commissionPercentage: /);
    }
    expect((await me(bearer(token))).json().user.commissionPercentage).toBe(100);

    const admin = await createAdmin(t.database);
    const res = await put(await loginAs(t.app, admin), { commissionPercentage: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'commissionPercentage: Only agents have a commission percentage',
      code: 'VALIDATION_FAILED',
    });
  });

  it("keeps the agent's percentage from its minimum (set by the admin) to 100, for both financial models", async () => {
    for (const financialModel of ['virtual-coin', 'commission-share'] as const) {
      const agent = await createAgent(t.database, { financialModel, commissionPercentage: 12 });
      const token = await loginAs(t.app, agent);
      // The session user says which minimum applies (the settings screen shows it).
      expect((await me(bearer(token))).json().user).toMatchObject({
        commissionPercentage: 12,
        minCommissionPercentage: 10,
      });
      for (const low of [0, 9.9999]) {
        const res = await put(token, { commissionPercentage: low, language: 'am' });
        expect(res.statusCode, String(low)).toBe(400);
        expect(res.json()).toEqual({
          message: 'commissionPercentage: Must be at least your minimum commission of 10%, set by the admin',
          code: 'VALIDATION_FAILED',
          field: 'commissionPercentage',
        });
      }
      // Nothing of a refused request is kept.
      expect((await me(bearer(token))).json().user).toMatchObject({
        commissionPercentage: 12,
        language: 'en',
      });
      expect((await put(token, { commissionPercentage: 10 })).json().user.commissionPercentage).toBe(10);

      // The admin raises the minimum (and the percentage with it): the agent's next change meets the new one at
      // once, though its session was read before.
      await t.database.db
        .update(users)
        .set({ commissionPercentage: '12.5', minCommissionPercentage: '12.5' })
        .where(eq(users.id, agent.user.id));
      const raised = await put(token, { commissionPercentage: 12 });
      expect(raised.statusCode).toBe(400);
      expect(raised.json().message).toBe(
        'commissionPercentage: Must be at least your minimum commission of 12.5%, set by the admin',
      );
      expect((await put(token, { commissionPercentage: 100 })).json().user).toMatchObject({
        commissionPercentage: 100,
        minCommissionPercentage: 12.5,
      });
    }
    // Other roles have no minimum.
    const admin = await createAdmin(t.database);
    expect((await me(bearer(await loginAs(t.app, admin)))).json().user.minCommissionPercentage).toBeNull();
  });

  it('changes the password only with the right current password', async () => {
    const agent = await createAgent(t.database);
    const token = await loginAs(t.app, agent);

    const wrong = await put(token, {
      currentPassword: 'not-it',
      newPassword: 'brand-new-pw',
      language: 'am',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: 'currentPassword: Current password is incorrect',
      code: 'VALIDATION_FAILED',
      field: 'currentPassword',
      reason: 'WRONG_PASSWORD',
    });
    // Nothing changed: the session, the password and the language are as before.
    expect((await me(bearer(token))).json().user.language).toBe('en');
    expect((await login({ username: agent.user.username, password: agent.password })).statusCode).toBe(200);

    const missing = await put(token, { newPassword: 'brand-new-pw' });
    expect(missing.json()).toEqual({
      message: 'currentPassword: Current password is required to set a new password',
      code: 'VALIDATION_FAILED',
      field: 'currentPassword',
    });
    const short = await put(token, { currentPassword: agent.password, newPassword: '123' });
    expect(short.json().message).toBe('newPassword: Password must be at least 6 characters');
    const onlyCurrent = await put(token, { currentPassword: agent.password });
    expect(onlyCurrent.json().message).toBe('newPassword: New password is required');

    const ok = await put(token, { currentPassword: agent.password, newPassword: 'brand-new-pw' });
    expect(ok.statusCode).toBe(200);
    expect(typeof ok.json().token).toBe('string');
    expect((await login({ username: agent.user.username, password: agent.password })).statusCode).toBe(401);
    expect((await login({ username: agent.user.username, password: 'brand-new-pw' })).statusCode).toBe(200);
  });

  it('rejects an empty or unknown update', async () => {
    const agent = await createAgent(t.database);
    const token = await loginAs(t.app, agent);
    expect((await put(token, {})).json()).toEqual({
      message: 'Nothing to update',
      code: 'VALIDATION_FAILED',
    });
    expect((await put(token, { role: 'admin' })).json()).toEqual({
      message: 'role: Unknown field',
      code: 'VALIDATION_FAILED',
    });
    expect((await put(token, { language: 'fr' })).statusCode).toBe(400);
  });
});

describe('errors', () => {
  it('never shows internals on a 500, and answers unknown API paths with a JSON 404', async () => {
    const failing = await startTestApp({
      database: t.database,
      extraRoutes: (app) => {
        app.get('/api/test/boom', async () => {
          throw new Error('connection string postgres://secret@db leaked');
        });
      },
    });
    try {
      const res = await failing.app.inject({ method: 'GET', url: '/api/test/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Something went wrong. Please try again.', code: 'INTERNAL' });
      expect(res.body).not.toContain('secret');

      const missing = await failing.app.inject({ method: 'DELETE', url: '/api/no/such/thing?x=1' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Not found: DELETE /api/no/such/thing', code: 'NOT_FOUND' });
    } finally {
      await failing.close();
    }
  });
});
