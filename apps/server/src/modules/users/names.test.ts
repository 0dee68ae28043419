// Accounts look like who they are (decision 058): a name with an invisible, control or text-direction
// character is refused at every door that makes or renames an account; names are compared in NFKC, so a
// fullwidth copy of a name is the same name.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminAccountError, createAdmin as createFirstAdmin } from '../../db/seed.js';
import { useCallers, useTestApp } from '../../test/fixtures.js';
import { createAgent, createSuperAgent } from '../../test/helpers.js';
import { expectRefusedUnchanged } from '../../test/network.js';
import { insertUser } from './queries.js';

const t = useTestApp();
const { asAdmin } = useCallers(t);
beforeAll(async () => {
  await createAgent(t.database, { username: 'agent1', password: 'secret-agent1' });
});

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

const HIDDEN = 'Must not contain invisible, control or text-direction characters';

/** Each looks like an ordinary name on screen (or like agent1 itself). */
const LOOKALIKES: [string, string][] = [
  ['a zero-width space (U+200B)', 'agent1\u200B'],
  ['a left-to-right mark (U+200E)', 'agent\u200E1'],
  ['a right-to-left override (U+202E)', '\u202E1tnega'],
  ['a byte order mark inside (U+FEFF)', 'agent\uFEFF1'],
  ['a soft hyphen (U+00AD)', 'age\u00ADnt1'],
  ['a control character (U+0007)', 'agent\u00071'],
  ['a tab', 'agent\t1'],
  ['a word joiner (U+2060)', 'agent1\u2060'],
  ['a Hangul filler (U+3164)', 'agent1\u3164'],
  ['a variation selector (U+FE0F)', 'agent1\uFE0F'],
  ['a private use character (U+E000)', 'agent\uE0001'],
  ['an unassigned code point (U+0378)', 'agent\u03781'],
  ['a line separator (U+2028)', 'agent\u20281'],
];

describe('usernames', () => {
  it.each(LOOKALIKES)('refuses %s at every door, changing nothing', async (_what, name) => {
    const refused = { message: `username: ${HIDDEN}`, code: 'VALIDATION_FAILED', field: 'username' };
    const agent = await createAgent(t.database);
    const superAgent = await createSuperAgent(t.database);
    for (const [method, url, payload] of [
      ['POST', '/api/users/agents', { username: name, password: 'secret1' }],
      ['PUT', `/api/users/agents/${agent.user.id}`, { username: name }],
      ['POST', '/api/super-agents', { username: name, password: 'secret1' }],
      ['PUT', `/api/super-agents/${superAgent.user.id}`, { username: name }],
    ] as const) {
      await expectRefusedUnchanged(t.database, () => asAdmin(method, url, payload), 400, refused);
    }
  });

  it('refuses names that would show like another: two spaces in a row, Latin mixed with Cyrillic', async () => {
    for (const [name, message] of [
      ['agent  one', 'Use one space between words'],
      ['\u0430gent1', 'Must not mix Latin, Greek and Cyrillic letters'], // a Cyrillic 'а'
    ]) {
      const res = await asAdmin('POST', '/api/users/agents', { username: name, password: 'secret1' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'username', message: `username: ${message}` });
    }
  });

  it('compares names in NFKC: a fullwidth agent1 is agent1 (409), and signs in as agent1', async () => {
    const fullwidth = '\uFF41\uFF47\uFF45\uFF4E\uFF54\uFF11'; // ａｇｅｎｔ１
    await expectRefusedUnchanged(
      t.database,
      () => asAdmin('POST', '/api/users/agents', { username: fullwidth, password: 'secret1' }),
      409,
      {
        message: 'Username "agent1" is already taken',
        code: 'CONFLICT',
        field: 'username',
        reason: 'USERNAME_TAKEN',
      },
    );
    const superAgent = await createSuperAgent(t.database);
    const rename = await asAdmin('PUT', `/api/super-agents/${superAgent.user.id}`, { username: fullwidth });
    expect(rename.json()).toMatchObject({ code: 'CONFLICT', reason: 'USERNAME_TAKEN' });
    // A trailing BOM is trimmed like any space: the same name again.
    const bom = await asAdmin('POST', '/api/users/agents', { username: 'agent1\uFEFF', password: 'secret1' });
    expect(bom.json()).toMatchObject({ code: 'CONFLICT', reason: 'USERNAME_TAKEN' });

    const signIn = await login(`  ${fullwidth.toUpperCase()} `, 'secret-agent1');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.username).toBe('agent1');
  });

  it('stores a name in its one form, and keeps Ge\u2019ez (Amharic) names', async () => {
    const made = await asAdmin('POST', '/api/users/agents', {
      username: '\uFF37\uFF49\uFF4E\uFF4E\uFF45\uFF52', // Ｗｉｎｎｅｒ
      password: 'secret1',
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().agent.username).toBe('Winner');

    for (const name of ['ወኪል1', 'ቦሌ ወኪል', 'Bole ወኪል 2']) {
      const res = await asAdmin('POST', '/api/users/agents', { username: name, password: 'secret1' });
      expect(res.statusCode, name).toBe(201);
      expect(res.json().agent.username).toBe(name);
      expect((await login(name, 'secret1')).statusCode).toBe(200);
    }
    const sa = await asAdmin('POST', '/api/super-agents', { username: 'ሱፐር ወኪል', password: 'secret1' });
    expect(sa.statusCode).toBe(201);
  });

  it('refuses such a name however it arrives: straight to the users table, or as the first admin', async () => {
    const count = async () =>
      Number(
        (
          (await t.database.db.execute(sql`SELECT count(*) AS n FROM users`)) as unknown as {
            rows: { n: string }[];
          }
        ).rows[0]!.n,
      );
    const before = await count();
    await expect(
      insertUser(t.database.db, { username: 'root\u200B', passwordHash: 'x', role: 'admin' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field: 'username' });
    await expect(
      createFirstAdmin(t.database, { username: 'ad\u202Emin', password: 'secret1' }),
    ).rejects.toThrow(AdminAccountError);
    await expect(
      createFirstAdmin(t.database, { username: '\uFF41\uFF47\uFF45\uFF4E\uFF54\uFF11', password: 'secret1' }),
    ).rejects.toThrow("The username 'agent1' is already taken");
    expect(await count()).toBe(before);
    // Signing in with such a name finds no account: the same answer as any unknown name.
    const res = await login('agent1\u200B', 'secret-agent1');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_CREDENTIALS');
  });
});
