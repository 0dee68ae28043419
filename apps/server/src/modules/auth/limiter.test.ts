// The login limits as an attacker would try them: one address for an hour, the owner behind that same address,
// many addresses, bursts, both doors, unknown names, several instances. Most of it drives the auth service
// itself at the limits' defaults on a clock the test moves, so an attack of minutes or an hour runs in seconds;
// what only a request shows (the answer, its headers, the device cookie) goes through HTTP.
// docs/decisions/080-sign-in-a-stranger-cannot-close.md
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { useTestApp } from '../../test/fixtures.js';
import {
  createAdmin,
  createAgent,
  createSuperAgent,
  startTestApp,
  type TestApp,
  usingPostgres,
} from '../../test/helpers.js';
import { UserCache } from '../users/index.js';
import { KnownDevices } from './devices.js';
import { LoginLimiter } from './limiter.js';
import { createAuthService, type LoginDoor } from './service.js';

// The HTTP tests' app: smaller limits, so that a burst is short.
const t = useTestApp({
  env: {
    LOGIN_RATE_LIMIT_MAX: '1000',
    LOGIN_RATE_LIMIT_USERNAME_MAX: '5',
    LOGIN_RATE_LIMIT_ACCOUNT_MAX: '20',
    LOGIN_RATE_LIMIT_ACCOUNT_ADDRESSES: '3',
  },
});

/** The limits a server runs with when nothing is set (.env.example). */
const DEFAULTS = loadConfig({}).loginRateLimit;
const FREE = DEFAULTS.perAccountAddress.max; // 10
const LONGEST_WAIT_S = DEFAULTS.perAccountAddress.windowMs / 1000; // 60
const ACCOUNT_WINDOW_S = DEFAULTS.perAccount.windowMs / 1000; // 3600

let nextAddress = 0;
/** A client address no other test uses. */
const newAddress = () => `10.${Math.floor(++nextAddress / 250)}.${nextAddress % 250}.9`;

let users: UserCache;
beforeAll(() => {
  users = new UserCache(t.database);
});
afterAll(() => users?.close());

/** A clock the test moves; it starts now, so that the app's own sweep never sees its windows as ended. */
function newClock() {
  let now = Date.now();
  return {
    now: () => now,
    wait: (seconds: number) => {
      now += seconds * 1000;
    },
  };
}
type Clock = ReturnType<typeof newClock>;

/** What a sign-in was answered: the status, Retry-After of a 429, the device cookie of a 200. */
interface Answer {
  status: number;
  retryAfter?: number;
  /** `name=value`, as the browser sends it back. */
  cookie?: string;
}

/**
 * The auth service on the limits' defaults and `clock`: one server instance on `database` (the file's unless
 * given), whose device cookies are signed with `secret` (the app's unless given).
 */
function instance(
  clock: Clock,
  { database = t.database, secret = t.config.jwt.secret }: { database?: Database; secret?: string } = {},
) {
  const limiter = new LoginLimiter(database, DEFAULTS, { clock: () => new Date(clock.now()) });
  const service = createAuthService({
    database,
    users,
    sessions: t.app.sessions,
    limiter,
    devices: new KnownDevices(secret),
    timeZone: t.config.businessTimeZone,
  });
  const answer = async (work: () => Promise<{ deviceCookie?: string }>): Promise<Answer> => {
    try {
      const { deviceCookie } = await work();
      return { status: 200, ...(deviceCookie ? { cookie: deviceCookie.split(';')[0] } : {}) };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const retryAfter = err.headers['retry-after'];
      return { status: err.status, ...(retryAfter ? { retryAfter: Number(retryAfter) } : {}) };
    }
  };
  return {
    signIn: (
      username: string,
      password: string,
      address: string,
      { door = 'regular', cookie }: { door?: LoginDoor; cookie?: string } = {},
    ) =>
      answer(() => service.login({ username, password }, door, { address, cookies: cookie, secure: false })),
    /** The web's sign-in: both doors at once. */
    bothDoors: (username: string, password: string, address: string) =>
      Promise.all(
        (['regular', 'super-agent'] as const).map((door) =>
          answer(() =>
            service.login({ username, password }, door, { address, cookies: undefined, secure: false }),
          ),
        ),
      ),
    changePassword: (user: UserRow, currentPassword: string, address: string) =>
      answer(async () => {
        await service.updateProfile(
          user,
          { currentPassword, newPassword: 'a-brand-new-password' },
          { address, cookies: undefined, secure: false },
        );
        return {};
      }),
  };
}
type Instance = ReturnType<typeof instance>;

/**
 * Wrong passwords from `address` for `seconds` of the clock, each as soon as the limits allow: after a
 * refusal the attacker waits exactly what Retry-After says (or until the end) and tries again, taking every
 * opening first.
 */
async function relentless(
  server: Instance,
  clock: Clock,
  username: string,
  address: string,
  seconds: number,
) {
  const end = clock.now() + seconds * 1000;
  let tried = 0;
  const waits: number[] = [];
  while (clock.now() < end) {
    const answer = await server.signIn(username, `guess-${tried}`, address);
    if (answer.status === 429) {
      waits.push(answer.retryAfter!);
      clock.wait(Math.min(answer.retryAfter!, (end - clock.now()) / 1000));
    } else {
      expect(answer.status).toBe(401);
      tried++;
    }
  }
  return { tried, longestWait: Math.max(0, ...waits) };
}

/** The attacker waits for its next opening and takes it: one more wrong password tried. */
async function takeOpening(server: Instance, clock: Clock, username: string, address: string) {
  for (;;) {
    const answer = await server.signIn(username, `guess-${clock.now()}`, address);
    if (answer.status === 401) return;
    expect(answer.status).toBe(429);
    clock.wait(answer.retryAfter!);
  }
}

/** Signs in with the right password, waiting what each 429 says: how long it took, in seconds of the clock. */
async function signInWaiting(
  server: Instance,
  clock: Clock,
  who: { user: UserRow; password: string },
  address: string,
) {
  const start = clock.now();
  for (;;) {
    const answer = await server.signIn(who.user.username, who.password, address);
    if (answer.status !== 429) {
      expect(answer.status).toBe(200);
      return (clock.now() - start) / 1000;
    }
    clock.wait(answer.retryAfter!);
  }
}

const counts = (answers: Answer[]) => {
  const byStatus: Record<number, number> = {};
  for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  return byStatus;
};

describe('one address cannot close an account', () => {
  it('ten wrong passwords a minute from one address for six minutes: the owner elsewhere signs in at once', async () => {
    const clock = newClock();
    const server = instance(clock);
    const agent = await createAgent(t.database);
    const attacker = newAddress();
    for (let minute = 0; minute < 6; minute++) {
      for (let i = 0; i < 10; i++) {
        const answer = await server.signIn(agent.user.username, `guess-${minute}-${i}`, attacker);
        expect([401, 429]).toContain(answer.status);
        clock.wait(6);
      }
      // During the attack, and from a new address each time.
      expect((await server.signIn(agent.user.username, agent.password, newAddress())).status).toBe(200);
    }
    // After it, from the address the owner always uses.
    const hall = newAddress();
    expect(await server.signIn(agent.user.username, agent.password, hall)).toMatchObject({ status: 200 });
  });

  it('one address guessing as fast as it may for an hour: about one guess a minute, and the owner behind that same address waits a minute at most', async () => {
    const clock = newClock();
    const server = instance(clock);
    const agent = await createAgent(t.database);
    const hall = newAddress(); // the players' and the agent's one public address
    const attack = await relentless(server, clock, agent.user.username, hall, ACCOUNT_WINDOW_S);
    // The free ten, the doubling waits (1 + 2 + ... + 32 s: six more in the first 63 s), then one a minute.
    expect(attack.tried).toBeGreaterThanOrEqual(FREE + 6 + 55);
    expect(attack.tried).toBeLessThanOrEqual(FREE + 6 + 60);
    expect(attack.longestWait).toBeLessThanOrEqual(LONGEST_WAIT_S);
    // The attacker stops; the owner, at the same address, is in within the longest wait.
    expect(await signInWaiting(server, clock, agent, hall)).toBeLessThanOrEqual(LONGEST_WAIT_S);
    // And from another address at once.
    expect((await server.signIn(agent.user.username, agent.password, newAddress())).status).toBe(200);
  });

  it("the owner's known device signs in at once behind the attacking address, while the stranger takes every opening", async () => {
    const clock = newClock();
    const server = instance(clock);
    const agent = await createAgent(t.database);
    const other = await createAgent(t.database);
    const hall = newAddress();
    const first = await server.signIn(agent.user.username, agent.password, hall);
    expect(first).toMatchObject({ status: 200, cookie: expect.stringMatching(/^cartela-device-/) });
    const cookie = first.cookie!;
    // Cookies the server did not sign for this account: another account's under this one's name, one altered,
    // one made with another secret.
    const othersCookie = (await server.signIn(other.user.username, other.password, hall)).cookie!;
    const elsewhere = instance(clock, { secret: 'another-secret-another-secret-00000' });
    const forgeries = [
      othersCookie.replace(other.user.id, agent.user.id),
      `${cookie.slice(0, -2)}xx`,
      (await elsewhere.signIn(agent.user.username, agent.password, newAddress())).cookie!,
    ];

    await relentless(server, clock, agent.user.username, hall, 2 * LONGEST_WAIT_S);
    for (let round = 0; round < 10; round++) {
      await takeOpening(server, clock, agent.user.username, hall);
      // The stranger took the opening: any client at the hall but a known device is refused now...
      expect((await server.signIn(agent.user.username, agent.password, hall)).status).toBe(429);
      for (const forged of forgeries) {
        const refused = await server.signIn(agent.user.username, agent.password, hall, { cookie: forged });
        expect(refused.status, forged).toBe(429);
      }
      // ...and the owner's browser is not.
      const known = await server.signIn(agent.user.username, agent.password, hall, { cookie });
      expect(known.status).toBe(200);
      // The same device id again: the cookie is renewed, not replaced.
      expect(known.cookie).toBe(cookie);
      clock.wait(15);
    }
    // A stolen copy of the cookie is one more device guessing: its own streak slows it like any address.
    const thief = newAddress();
    const guesses = await Promise.all(
      Array.from({ length: 3 * FREE }, (_, i) =>
        server.signIn(agent.user.username, `guess-${i}`, thief, { cookie }),
      ),
    );
    expect(counts(guesses)).toEqual({ 401: FREE, 429: 2 * FREE });
    expect((await server.signIn(agent.user.username, agent.password, newAddress())).status).toBe(200);
  });
});

describe('many addresses', () => {
  it('fewer addresses than LOGIN_RATE_LIMIT_ACCOUNT_ADDRESSES never close the account, however long they guess', async () => {
    const clock = newClock();
    const server = instance(clock);
    const agent = await createAgent(t.database);
    const attackers = Array.from({ length: DEFAULTS.perAccount.addresses - 1 }, newAddress);
    // Four addresses use their free attempts at once, then each guesses once a minute for six minutes.
    const tried = (answers: Answer[]) => answers.filter((a) => a.status === 401).length;
    let failures = 0;
    for (const address of attackers) {
      failures += tried(
        await Promise.all(
          Array.from({ length: FREE }, (_, i) => server.signIn(agent.user.username, `guess-${i}`, address)),
        ),
      );
    }
    for (let minute = 0; minute < 6; minute++) {
      clock.wait(60);
      for (const address of attackers) {
        failures += tried([await server.signIn(agent.user.username, `guess-${minute}`, address)]);
      }
    }
    expect(failures).toBe(attackers.length * (FREE + 6));
    expect(failures).toBeGreaterThan(DEFAULTS.perAccount.max);
    expect((await server.signIn(agent.user.username, agent.password, newAddress())).status).toBe(200);
    expect(await signInWaiting(server, clock, agent, attackers[0]!)).toBeLessThanOrEqual(LONGEST_WAIT_S);
  });

  it("failures from five addresses close the account to strangers for the window, never to the owner's known device", async () => {
    const clock = newClock();
    const server = instance(clock);
    const agent = await createAgent(t.database);
    const { cookie } = await server.signIn(agent.user.username, agent.password, newAddress());
    const attackers = Array.from({ length: DEFAULTS.perAccount.addresses }, newAddress);
    for (const address of attackers) {
      const burst = await Promise.all(
        Array.from({ length: FREE }, (_, i) => server.signIn(agent.user.username, `guess-${i}`, address)),
      );
      expect(counts(burst)).toEqual({ 401: FREE });
    }
    // 50 failures from five addresses: any client but a known device is refused, from anywhere...
    const stranger = await server.signIn(agent.user.username, agent.password, newAddress());
    expect(stranger.status).toBe(429);
    expect(stranger.retryAfter).toBeGreaterThan(LONGEST_WAIT_S);
    expect(stranger.retryAfter).toBeLessThanOrEqual(ACCOUNT_WINDOW_S);
    // ...but the owner's own browser signs in, wherever it is, even at an attacking address.
    for (const address of [newAddress(), attackers[0]!]) {
      expect((await server.signIn(agent.user.username, agent.password, address, { cookie })).status).toBe(
        200,
      );
    }
    // When the window ends, everyone may try again.
    clock.wait(stranger.retryAfter!);
    expect((await server.signIn(agent.user.username, agent.password, newAddress())).status).toBe(200);
  });
});

describe('bursts sent at once', () => {
  it('a burst from one address: the free attempts are tried, the rest refused untried, and the address may try again a second later', async () => {
    const clock = newClock();
    const server = instance(clock);
    const agent = await createAgent(t.database);
    const attacker = newAddress();
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, i) => server.signIn(agent.user.username, `guess-${i}`, attacker)),
    );
    expect(counts(burst)).toEqual({ 401: FREE, 429: 100 - FREE });
    expect(burst.filter((a) => a.status === 429).every((a) => a.retryAfter === 1)).toBe(true);
    expect((await server.signIn(agent.user.username, agent.password, newAddress())).status).toBe(200);
    expect((await server.signIn(agent.user.username, agent.password, attacker)).status).toBe(429);
    clock.wait(1);
    expect((await server.signIn(agent.user.username, agent.password, attacker)).status).toBe(200);
  });

  it("a burst from twelve addresses is held to the account's limit, and the owner's known device still signs in", async () => {
    const clock = newClock();
    const server = instance(clock);
    const admin = await createAdmin(t.database);
    const { cookie } = await server.signIn(admin.user.username, admin.password, newAddress());
    const addresses = Array.from({ length: 12 }, newAddress);
    const burst = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        server.signIn(admin.user.username, `guess-${i}`, addresses[i % 12]!),
      ),
    );
    // Fewer than five addresses cannot reach 50 in a burst (10 each): at 50 they are five, and it closes.
    expect(counts(burst)).toEqual({ 401: DEFAULTS.perAccount.max, 429: 120 - DEFAULTS.perAccount.max });
    const known = await Promise.all(
      Array.from({ length: 5 }, () =>
        server.signIn(admin.user.username, admin.password, addresses[0]!, { cookie }),
      ),
    );
    expect(counts(known)).toEqual({ 200: 5 });
  });
});

describe('the two doors', () => {
  it('the web tries both doors at once: after the free attempts and a second, the right door signs in', async () => {
    const clock = newClock();
    const server = instance(clock);
    const sa = await createSuperAgent(t.database);
    const address = newAddress();
    for (let i = 0; i < FREE; i++) {
      expect((await server.bothDoors(sa.user.username, `typo-${i}`, address)).map((a) => a.status)).toEqual([
        401, 401,
      ]);
    }
    expect((await server.bothDoors(sa.user.username, sa.password, address)).map((a) => a.status)).toEqual([
      429, 429,
    ]);
    clock.wait(1);
    expect((await server.bothDoors(sa.user.username, sa.password, address)).map((a) => a.status)).toEqual([
      401, 200,
    ]);
  });

  it('a right password at the wrong door counts like a wrong one, so the wrong door cannot tell a right guess', async () => {
    const clock = newClock();
    const server = instance(clock);
    const [right, wrong] = [await createAgent(t.database), await createAgent(t.database)];
    const address = newAddress();
    const attempts = async (who: { user: UserRow }, password: string) => {
      const answers: Answer[] = [];
      for (let i = 0; i <= FREE; i++) {
        answers.push(await server.signIn(who.user.username, password, address, { door: 'super-agent' }));
      }
      return answers;
    };
    const withRight = await attempts(right, right.password);
    const withWrong = await attempts(wrong, 'not-the-password');
    expect(withRight).toEqual(withWrong);
    expect(withRight.at(-1)).toEqual({ status: 429, retryAfter: 1 });
    // The right door has its own streak: the agent signs in there at once.
    expect((await server.signIn(right.user.username, right.password, address)).status).toBe(200);
  });

  it("the owner's own sign-in through both doors is not the fifth failing address: four strangers still cannot close it", async () => {
    const clock = newClock();
    const server = instance(clock);
    const agent = await createAgent(t.database);
    // The web's sign-in from the owner's address: 200 at its door, 401 at the other, which stays counted there.
    const owner = newAddress();
    expect((await server.bothDoors(agent.user.username, agent.password, owner)).map((a) => a.status)).toEqual(
      [200, 401],
    );
    const strangers = Array.from({ length: DEFAULTS.perAccount.addresses - 1 }, newAddress);
    for (let round = 0; round < 6; round++) {
      for (const address of strangers) {
        await Promise.all(
          Array.from({ length: FREE }, (_, i) =>
            server.signIn(agent.user.username, `guess-${round}-${i}`, address),
          ),
        );
      }
      clock.wait(LONGEST_WAIT_S);
    }
    // A new browser of the owner, anywhere, and the owner's address again: the account is open.
    expect((await server.signIn(agent.user.username, agent.password, newAddress())).status).toBe(200);
    expect((await server.signIn(agent.user.username, agent.password, owner)).status).toBe(200);
  });
});

describe('names', () => {
  it('an unknown username is limited exactly like an account, and one address cannot close it either', async () => {
    const script = async (username: string) => {
      const clock = newClock();
      const server = instance(clock);
      const attacker = newAddress();
      const burst = counts(
        await Promise.all(
          Array.from({ length: 15 }, (_, i) => server.signIn(username, `guess-${i}`, attacker)),
        ),
      );
      const attack = await relentless(server, clock, username, attacker, 20 * 60);
      const elsewhere = await server.signIn(username, 'still-wrong', newAddress());
      return { burst, attack, elsewhere };
    };
    const agent = await createAgent(t.database);
    const known = await script(agent.user.username);
    const unknown = await script(`nobody-${Date.now()}`);
    // The limits say nothing about which names exist.
    expect(unknown).toEqual(known);
    expect(known.burst).toEqual({ 401: FREE, 429: 15 - FREE });
    expect(known.elsewhere).toEqual({ status: 401 });
  });

  it('keys a look-alike username that the database folds to an account on that account', async () => {
    const clock = newClock();
    const server = instance(clock);
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
    for (let i = 0; i < FREE; i++) {
      expect((await server.signIn(lookAlike, `wrong-${i}`, address)).status).toBe(401);
    }
    // Reaching the account under the look-alike used up the free attempts of the account at this address.
    expect((await server.signIn(agent.user.username, agent.password, address)).status).toBe(
      row?.same ? 429 : 200,
    );
    // With the look-alike folded to the real name, the right password through it is a real sign-in too.
    if (row?.same) expect((await server.signIn(lookAlike, agent.password, newAddress())).status).toBe(200);
  });
});

describe('what the counters keep', () => {
  it('takes a successful attempt back: a user who types the right password is never counted', async () => {
    const clock = newClock();
    const server = instance(clock);
    const agent = await createAgent(t.database);
    const hall = newAddress();
    for (let i = 0; i < 12; i++)
      expect((await server.signIn(agent.user.username, agent.password, hall)).status).toBe(200);
    // All the free attempts are still there after those sign-ins.
    for (let i = 0; i < FREE - 1; i++) {
      expect((await server.signIn(agent.user.username, 'typo', hall)).status).toBe(401);
    }
    expect((await server.signIn(agent.user.username, agent.password, hall)).status).toBe(200);
  });

  it('counts a wrong current password in a profile update on the sign-in streak of that address', async () => {
    const clock = newClock();
    const server = instance(clock);
    const agent = await createAgent(t.database);
    const address = newAddress();
    for (let i = 0; i < FREE; i++)
      expect((await server.changePassword(agent.user, `wrong-${i}`, address)).status).toBe(400);
    expect(await server.changePassword(agent.user, agent.password, address)).toEqual({
      status: 429,
      retryAfter: 1,
    });
    expect((await server.signIn(agent.user.username, agent.password, address)).status).toBe(429);
    expect((await server.signIn(agent.user.username, agent.password, newAddress())).status).toBe(200);
  });

  it('shares the counters between server instances and keeps them over a restart', async () => {
    const clock = newClock();
    const agent = await createAgent(t.database);
    const address = newAddress();
    const first = instance(clock);
    for (let i = 0; i < FREE; i++)
      expect((await first.signIn(agent.user.username, `wrong-${i}`, address)).status).toBe(401);
    // A second instance (on PostgreSQL its own pool), made after the failures: a restart looks the same.
    const handle = await t.another();
    try {
      const second = instance(clock, { database: handle });
      expect(await second.signIn(agent.user.username, agent.password, address)).toEqual({
        status: 429,
        retryAfter: 1,
      });
      clock.wait(1);
      expect((await second.signIn(agent.user.username, agent.password, address)).status).toBe(200);
    } finally {
      if (usingPostgres()) await handle.close();
    }
  });
});

describe('through HTTP', () => {
  const login = (
    app: TestApp['app'],
    username: string,
    password: string,
    address: string,
    cookie?: string,
    door = 'auth',
  ) =>
    app.inject({
      method: 'POST',
      url: door === 'auth' ? '/api/auth/login' : '/api/super-agents/login',
      remoteAddress: address,
      payload: { username, password },
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it('answers a refused attempt 429 with Retry-After; a burst from many addresses is held to the limit', async () => {
    const admin = await createAdmin(t.database);
    const addresses = Array.from({ length: 12 }, newAddress);
    const guesses = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        login(t.app, admin.user.username, `guess-${i}`, addresses[i % 12]!),
      ),
    );
    // The account's cap (20 here, from three addresses or more) is all that is ever tried.
    expect(counts(guesses.map((r) => ({ status: r.statusCode })))).toEqual({ 401: 20, 429: 100 });
    const refused = guesses.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({
      message: 'Too many login attempts. Please wait a minute and try again.',
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a sign-in makes the browser a known device: a cookie only the server reads, sent back only to the API', async () => {
    const [agent, other] = [await createAgent(t.database), await createAgent(t.database)];
    const sa = await createSuperAgent(t.database);
    const inactive = await createAgent(t.database, { isActive: false });
    const hall = newAddress();
    const signedIn = await login(t.app, agent.user.username, agent.password, hall);
    expect(signedIn.statusCode).toBe(200);
    const setCookie = String(signedIn.headers['set-cookie']);
    expect(setCookie).toMatch(
      new RegExp(
        `^cartela-device-${agent.user.id}=[\\w-]{22}\\.[\\w-]{43}; Max-Age=15552000; Path=/api; HttpOnly; SameSite=Strict$`,
      ),
    );
    // No cookie for a refusal: a wrong password, the right one at the wrong door, a deactivated account.
    for (const res of [
      await login(t.app, other.user.username, 'wrong', newAddress()),
      await login(t.app, sa.user.username, sa.password, newAddress()),
      await login(t.app, inactive.user.username, inactive.password, newAddress()),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // Strangers at four addresses, the hall's among them, close the account (20 failures from three addresses
    // or more here) to everyone but its known devices: the browser that holds the cookie signs in.
    const cookie = setCookie.split(';')[0]!;
    for (const address of [hall, newAddress(), newAddress(), newAddress()]) {
      for (let i = 0; i < 5; i++) {
        expect((await login(t.app, agent.user.username, `guess-${i}`, address)).statusCode).toBe(401);
      }
    }
    expect((await login(t.app, agent.user.username, agent.password, hall)).statusCode).toBe(429);
    const again = await login(t.app, agent.user.username, agent.password, hall, `theme=dark; ${cookie}`);
    expect(again.statusCode).toBe(200);
    expect(String(again.headers['set-cookie']).split(';')[0]).toBe(cookie);
    // A super agent's door sets it too.
    const superSignIn = await login(t.app, sa.user.username, sa.password, newAddress(), undefined, 'super');
    expect(String(superSignIn.headers['set-cookie'])).toMatch(new RegExp(`^cartela-device-${sa.user.id}=`));
    // Over HTTPS (a proxy in front saying so) it is sent back over HTTPS only.
    const behindProxy = await startTestApp({ database: t.database, env: { TRUST_PROXY: '1' } });
    try {
      const secure = await behindProxy.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': newAddress() },
        payload: { username: other.user.username, password: other.password },
      });
      expect(secure.statusCode).toBe(200);
      expect(String(secure.headers['set-cookie'])).toMatch(/; SameSite=Strict; Secure$/);
    } finally {
      await behindProxy.close();
    }
  });
});
