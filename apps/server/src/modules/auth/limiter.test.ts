// The login limits as an attacker would try them: bursts, many addresses, look-alike names, several instances.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/fixtures.js';
import {
  createAdmin,
  createAgent,
  createSuperAgent,
  startTestApp,
  type TestApp,
  usingPostgres,
} from '../../test/helpers.js';

const t = useTestApp({
  env: {
    LOGIN_RATE_LIMIT_MAX: '1000',
    LOGIN_RATE_LIMIT_USERNAME_MAX: '5',
    LOGIN_RATE_LIMIT_ACCOUNT_MAX: '20',
  },
});

let nextAddress = 0;
/** A client address no other test uses. */
const newAddress = () => `10.${Math.floor(++nextAddress / 250)}.${nextAddress % 250}.9`;

const login = (app: TestApp['app'], username: string, password: string, address: string, door = 'auth') =>
  app.inject({
    method: 'POST',
    url: door === 'auth' ? '/api/auth/login' : '/api/super-agents/login',
    remoteAddress: address,
    payload: { username, password },
  });

const statuses = (responses: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

describe('login limits', () => {
  it('holds a burst of guesses sent at once to the limit: attempts count when they start', async () => {
    const admin = await createAdmin(t.database);
    const addresses = Array.from({ length: 12 }, newAddress);
    // 120 wrong guesses at once, 10 from each of 12 addresses.
    const guesses = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        login(t.app, admin.user.username, `guess-${i}`, addresses[i % 12]!),
      ),
    );
    // The account-wide cap (20 here) is all that is ever tried; every other guess is refused untried.
    expect(statuses(guesses)).toEqual({ 401: 20, 429: 100 });
    const refused = guesses.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({
      message: 'Too many login attempts. Please wait a minute and try again.',
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses the address that keeps failing, not the account owner elsewhere', async () => {
    const agent = await createAgent(t.database);
    const attacker = newAddress();
    for (let i = 0; i < 5; i++) {
      expect((await login(t.app, agent.user.username, `wrong-${i}`, attacker)).statusCode).toBe(401);
    }
    // The attacker's address is refused, even with the right password...
    expect((await login(t.app, agent.user.username, agent.password, attacker)).statusCode).toBe(429);
    // ...while the owner signs in from the hall as usual, again and again.
    const hall = newAddress();
    for (let i = 0; i < 3; i++) {
      expect((await login(t.app, agent.user.username, agent.password, hall)).statusCode).toBe(200);
    }
  });

  it('takes a successful attempt back: a user who types the right password is never counted', async () => {
    const agent = await createAgent(t.database);
    const hall = newAddress();
    for (let i = 0; i < 12; i++) {
      expect((await login(t.app, agent.user.username, agent.password, hall)).statusCode).toBe(200);
    }
    // Four typos in a row are still allowed after all those sign-ins.
    for (let i = 0; i < 4; i++) {
      expect((await login(t.app, agent.user.username, 'typo', hall)).statusCode).toBe(401);
    }
    expect((await login(t.app, agent.user.username, agent.password, hall)).statusCode).toBe(200);
  });

  it('caps guesses at one account spread over many addresses', async () => {
    const agent = await createAgent(t.database);
    for (let a = 0; a < 4; a++) {
      const address = newAddress();
      for (let i = 0; i < 5; i++) {
        expect((await login(t.app, agent.user.username, `wrong-${a}-${i}`, address)).statusCode).toBe(401);
      }
    }
    // 20 failures: the account refuses further guesses from anywhere for its (longer) window.
    expect((await login(t.app, agent.user.username, 'wrong-again', newAddress())).statusCode).toBe(429);
    // Other accounts are not affected.
    const other = await createAgent(t.database);
    expect((await login(t.app, other.user.username, other.password, newAddress())).statusCode).toBe(200);
  });

  it("counts the web's two doors and every spelling of the name on the same account", async () => {
    const sa = await createSuperAgent(t.database);
    const address = newAddress();
    const spellings = [sa.user.username, sa.user.username.toUpperCase(), ` ${sa.user.username} `];
    for (let i = 0; i < 5; i++) {
      const name = spellings[i % spellings.length]!;
      const door = i % 2 === 0 ? 'auth' : 'super';
      expect((await login(t.app, name, `wrong-${i}`, address, door)).statusCode).toBe(401);
    }
    expect((await login(t.app, sa.user.username, sa.password, address, 'super')).statusCode).toBe(429);
  });

  it('keys a look-alike username that the database folds to an account on that account', async () => {
    const agent = await createAgent(t.database, { username: `kadir${Date.now() % 100000}` });
    // U+0130 (capital I with dot): JavaScript lower-cases it to 'i' + U+0307, PostgreSQL's lower() may fold
    // it to 'i'. Whatever the database does decides which account is tried, and so which counters count.
    const lookAlike = agent.user.username.replace('i', '\u0130');
    const [row] = (
      (await t.database.db.execute(
        sql`SELECT lower(${lookAlike}) = lower(${agent.user.username}) AS "same"`,
      )) as unknown as { rows: { same: boolean }[] }
    ).rows;
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      expect((await login(t.app, lookAlike, `wrong-${i}`, address)).statusCode).toBe(401);
    }
    // Reaching the account under the look-alike used up the account's counter for this address.
    const real = await login(t.app, agent.user.username, agent.password, address);
    expect(real.statusCode).toBe(row?.same ? 429 : 200);
    // With the look-alike folded to the real name, the right password through it is a real sign-in too.
    if (row?.same) {
      expect((await login(t.app, lookAlike, agent.password, newAddress())).statusCode).toBe(200);
    }
  });

  it('shares the counters between server instances and keeps them over a restart', async () => {
    const agent = await createAgent(t.database);
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      expect((await login(t.app, agent.user.username, `wrong-${i}`, address)).statusCode).toBe(401);
    }
    // A second instance (on PostgreSQL its own pool), started after the failures: a restart looks the same.
    const handle = await t.another();
    const second = await startTestApp({
      database: handle,
      env: { LOGIN_RATE_LIMIT_USERNAME_MAX: '5', LOGIN_RATE_LIMIT_ACCOUNT_MAX: '20' },
    });
    try {
      expect((await login(second.app, agent.user.username, agent.password, address)).statusCode).toBe(429);
    } finally {
      await second.close();
      if (usingPostgres()) await handle.close();
    }
  });

  it('counts a wrong current password in a profile update like a failed sign-in', async () => {
    const agent = await createAgent(t.database);
    const address = newAddress();
    const signedIn = await login(t.app, agent.user.username, agent.password, address);
    const token = signedIn.json().token as string;
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        remoteAddress: address,
        headers: { authorization: `Bearer ${token}` },
        payload: { currentPassword, newPassword: 'brand-new-password' },
      });
    for (let i = 0; i < 5; i++) expect((await change(`wrong-${i}`)).statusCode).toBe(400);
    expect((await change(agent.password)).statusCode).toBe(429);
  });
});
