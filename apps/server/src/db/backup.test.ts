// Backup and restore (issue 21, docs/decisions/067-backup-format.md). A hall with data of every kind, made through
// the API and the factories, is backed up and restored into a fresh empty database, then every table of the
// schema (read from the catalog, so a table added later is compared too) is compared row by row; the app then
// works on the copy. A restore refuses a database holding data, a file from other migrations, and a damaged or
// truncated file, writing nothing. On PostgreSQL (TEST_DATABASE_URL) the copy also crosses engines both ways.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { VOICE_PACK_FILES } from '@cartela/contract';
import { checkClaim, generateBalancedSet } from '@cartela/core';
import { sql } from 'drizzle-orm';
import { type Zippable, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceSystemSet } from '../modules/cartelas/index.js';
import { serverState } from '../test/games.js';
import {
  bearer,
  createAdmin,
  createAgent,
  createSuperAgent,
  createTestDatabase,
  insertGameRow,
  loginAs,
  startTestApp,
  type TestApp,
  type TestDatabase,
  usingPostgres,
} from '../test/helpers.js';
import { type Call, caller } from '../test/network.js';
import { BackupError, backupDatabase, checkBackup, NOT_BACKED_UP, restoreDatabase } from './backup.js';
import { type Database, type DatabaseKind, openDatabase } from './client.js';
import { pgliteDir } from './data-dir.js';
import { superAgentAgreements, type UserRow } from './schema.js';

// The app's clock: business days 2026-03-10 and 2026-03-11 (Addis Ababa) are over and can be settled.
const NOW = new Date('2026-03-12T09:00:00.000Z');
const clock = () => NOW;
const KIND: DatabaseKind = usingPostgres() ? 'postgres' : 'pglite';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const query = async <T>(database: Database, q: ReturnType<typeof sql>) =>
  rowsOf<T>(await database.db.execute(q));

/** A fresh migrated database of `kind` (createTestDatabase follows TEST_DB, read when it is called). */
function databaseOf(kind: DatabaseKind): Promise<TestDatabase> {
  const before = process.env.TEST_DB;
  process.env.TEST_DB = kind;
  try {
    return createTestDatabase();
  } finally {
    if (before === undefined) delete process.env.TEST_DB;
    else process.env.TEST_DB = before;
  }
}

// ---------------------------------------------------------------------------------------------------------
// The comparison: the test's own reading of the catalog and of every row, independent of the backup's code.

/** Every table of the public schema. */
async function tablesOf(database: Database): Promise<string[]> {
  const rows = await query<{ name: string }>(
    database,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

/**
 * Every row of every table as PostgreSQL's row_to_json text (bytea in hex, json verbatim, numerics and bigints as
 * written, instants in UTC), sorted: equal lists mean equal tables on either engine.
 */
async function contentOf(database: Database, tables: readonly string[]): Promise<Map<string, string[]>> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL TimeZone = 'UTC'`);
    await tx.execute(sql`SET LOCAL extra_float_digits = 1`);
    const content = new Map<string, string[]>();
    for (const table of tables) {
      const rows = rowsOf<{ r: string }>(
        await tx.execute(sql.raw(`SELECT row_to_json(t)::text AS r FROM "${table}" t`)),
      );
      content.set(table, rows.map((row) => row.r).sort());
    }
    return content;
  });
}

/**
 * A restore seals every game it brings back unfinished (backup.ts: its order may have been seen since the backup,
 * so it can no longer be cancelled; product/draw.md#invariants): its row is the backed-up one with orderShown in
 * its state. The row of such a game, on either side, without the seal (parsed and written again, the same way on
 * both sides); a row of a restored one that lacks the seal is marked, so that it differs.
 */
function unsealed(row: string, restored: boolean): string {
  const r = JSON.parse(row) as { status: string; state: Record<string, unknown> };
  if (r.status !== 'active' && r.status !== 'paused') return row;
  if (restored && r.state.orderShown !== true) return `${row} (restored unfinished, not sealed)`;
  delete r.state.orderShown;
  return JSON.stringify(r);
}

/** A backup's lines of a restored database, the seal of each game restored unfinished taken off (unsealed). */
function unsealedLines(lines: readonly string[], unfinished: number): string[] {
  const seal = ', \\"orderShown\\": true';
  expect(
    lines.filter((line) => line.includes(seal)),
    'the games restored unfinished',
  ).toHaveLength(unfinished);
  return lines.map((line) => line.replace(seal, ''));
}

/**
 * The tables whose rows differ between the two databases, each with what differs first; `b` is a restore of a
 * backup of `a` (its unfinished games sealed: unsealed).
 */
async function differences(a: Database, b: Database, tables: readonly string[]): Promise<string[]> {
  const [left, right] = await Promise.all([contentOf(a, tables), contentOf(b, tables)]);
  const found: string[] = [];
  for (const table of tables) {
    const seal = (rows: string[], restored: boolean) =>
      table === 'games' ? rows.map((row) => unsealed(row, restored)).sort() : rows;
    const x = seal(left.get(table)!, false);
    const y = seal(right.get(table)!, true);
    if (x.length !== y.length) {
      found.push(`${table}: ${x.length} rows against ${y.length}`);
      continue;
    }
    const i = x.findIndex((row, k) => row !== y[k]);
    if (i >= 0) found.push(`${table}: row ${i} differs: ${x[i]!.slice(0, 200)} / ${y[i]!.slice(0, 200)}`);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------
// A table no migration has: the backup finds it in the catalog all the same. Its columns are the awkward types:
// an identity and its sequence, a generated column, numerics and bigints past what a JS number holds, a float,
// arrays, json kept verbatim, jsonb, instants to the microsecond, an interval, bytes, text in other scripts.

async function addProbeTable(database: Database): Promise<void> {
  await database.db.execute(
    sql.raw(`CREATE TABLE backup_probe (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id uuid REFERENCES users (id),
      amount numeric(30, 10),
      doubled numeric GENERATED ALWAYS AS (amount * 2) STORED,
      big bigint,
      ratio double precision,
      tags text[],
      doc jsonb,
      raw json,
      at timestamptz,
      day date,
      span interval,
      blob bytea,
      note text)`),
  );
}

async function fillProbeTable(database: Database, userId: string): Promise<void> {
  await database.db.execute(sql`
    INSERT INTO backup_probe (user_id, amount, big, ratio, tags, doc, raw, at, day, span, blob, note) VALUES
      (${userId}, 12345678901234567890.0123456789, 9007199254740993, 0.1::float8 + 0.2::float8,
       ARRAY['with,comma', 'with "quote"', NULL, '', 'ሰላም'], '{"b": [1, 2.50], "a": null}'::jsonb,
       '{"b": 1,   "a": [1, 2], "a": 3}'::json, '2026-03-10 09:00:00.123456+03', '2028-02-29'::date,
       '1 year 2 mons 3 days 04:05:06.789', decode('00ff00ff0001fefd', 'hex'),
       E'ቢንጎ 🎱 line\nbreak, back\\slash, tab\t'),
      (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
      (${userId}, -0.0000000001, -9223372036854775808, 'Infinity', '{}', '[]', '"text"', 'infinity', '-infinity',
       '-1 days', '\\x'::bytea, ''),
      (${userId}, 1, 1, 1, '{}', '{}', '{}', now(), now(), '0', '\\x00'::bytea, 'deleted below')`);
  // The sequence now stands past the largest id: a restore must keep it there, not at max(id).
  await database.db.execute(sql`DELETE FROM backup_probe WHERE note = 'deleted below'`);
}

// ---------------------------------------------------------------------------------------------------------
// The hall

/**
 * An MP3 or M4A as the upload checks it (an ID3v2.4 header, an 'ftyp' box), then every byte value from 0x00 to
 * 0xFF over and over.
 */
function voiceFile(file: string, size: number, shift: number): Uint8Array {
  const data = new Uint8Array(size);
  for (let i = 0; i < size; i++) data[i] = (i + shift) & 0xff;
  data.set(
    file.endsWith('.m4a')
      ? [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x4d, 0x34, 0x41, 0x20]
      : [0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0],
  );
  return data;
}

interface Hall {
  admin: { user: UserRow; password: string };
  coinAgent: { user: UserRow; password: string };
  shareAgent: { user: UserRow; password: string };
  superAgent: { user: UserRow; password: string };
  /** A token of the super agent that signed out: refused on the copy too. */
  signedOutToken: string;
  wonGameId: string;
  /** The one game left unfinished (paused) in the backup. */
  pausedGameId: string;
  pack: { id: string; path: string; bytes: Uint8Array };
}

/** A hall with data in every table, each kind made the way the server makes it. */
async function seedHall(t: TestApp): Promise<Hall> {
  const { app, database } = t;
  await database.db.transaction((tx) =>
    replaceSystemSet(tx, generateBalancedSet(300), { resetSettings: true }),
  );
  const admin = await createAdmin(database, { username: 'owner' });
  const asAdmin = caller(app, await loginAs(app, admin));
  const ok = async (res: Promise<{ statusCode: number; body: string }>, status = 200) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(status);
    return JSON.parse(r.body);
  };

  // Users of every role, an inactive one and a deleted one.
  const coinAgent = await createAgent(database, { username: 'abebe', commissionPercentage: 12.5 });
  const shareAgent = await createAgent(database, {
    username: 'almaz',
    financialModel: 'commission-share',
    language: 'am',
    contact: '+251 911 000 000',
  });
  const superAgent = await createSuperAgent(database, { username: 'sam', platformCommissionRate: 37.5 });
  await createAgent(database, { username: 'idle', isActive: false });
  const gone = await createAgent(database, { username: 'gone' });
  await ok(asAdmin('DELETE', `/api/users/agents/${gone.user.id}`));

  // Cartelas assigned.
  for (const [agent, from] of [
    [coinAgent, 1],
    [shareAgent, 21],
  ] as const) {
    const cartelaNumbers = Array.from({ length: 20 }, (_, i) => from + i);
    await ok(asAdmin('POST', `/api/cartelas/agent/${agent.user.id}/assign`, { cartelaNumbers }));
  }

  // The coin agent under the super agent, then coins sold: a ledger row, an earning, paid.
  await ok(
    asAdmin('POST', '/api/super-agents/assign-agent', {
      agentId: coinAgent.user.id,
      superAgentId: superAgent.user.id,
      superAgentCommissionRate: 12.3456,
    }),
  );
  await ok(
    asAdmin('POST', `/api/users/agents/${coinAgent.user.id}/add-coins`, {
      coins: 5000,
      etbAmount: 4999.99,
      notes: 'Cash, Monday',
    }),
  );
  const [earning] = await query<{ id: string }>(
    database,
    sql`SELECT id FROM super_agent_earnings WHERE agent_id = ${coinAgent.user.id}`,
  );
  await ok(asAdmin('PUT', `/api/super-agents/earnings/${earning!.id}/mark-paid`, { notes: 'M-Birr' }));

  // The commission-share agent: games over two past days, settled by two payments, the first one paid.
  await database.db.insert(superAgentAgreements).values({
    agentId: shareAgent.user.id,
    superAgentId: superAgent.user.id,
    superAgentCommissionRate: '20',
    effectiveFrom: new Date('2026-03-01T00:00:00Z'),
  });
  const shareGame = (createdAt: string, status: 'finished' | 'cancelled', players: number) =>
    insertGameRow(database, {
      agentId: shareAgent.user.id,
      createdAt,
      status,
      players,
      stakeEtb: 12.5,
      financialModel: 'commission-share',
      ...(status === 'cancelled' ? { totalCalls: 7 } : {}),
    });
  await shareGame('2026-03-10T08:00:00Z', 'finished', 10);
  await shareGame('2026-03-10T09:00:00Z', 'cancelled', 4);
  await shareGame('2026-03-11T08:00:00Z', 'finished', 25);
  for (const date of ['2026-03-10', '2026-03-11']) {
    await ok(asAdmin('POST', '/api/commission/generate-daily', { date }));
  }
  const [payment] = await query<{ id: string }>(
    database,
    sql`SELECT id FROM commission_payments WHERE payment_date = '2026-03-10'`,
  );
  await ok(asAdmin('PUT', `/api/commission/payments/${payment!.id}/mark-paid`, { notes: 'receipt 12' }));

  // Games through the API, one after the other (a cartela is in one round at a time): one won and finished
  // (calls, a claim), one played and finished without a winner (a game with calls cannot be cancelled), one
  // cancelled before any call (its coins refunded), one left paused.
  const asCoin = caller(app, await loginAs(app, coinAgent));
  const game = async (pattern = 'four-corners') =>
    (
      await ok(
        asCoin('POST', '/api/games', {
          stake: 15,
          cartelaNumbers: Array.from({ length: 20 }, (_, i) => i + 1),
          selectedPattern: pattern,
        }),
        201,
      )
    ).game as { id: string; gameId: string };
  let won: { id: string } | null = null;
  while (!won) {
    const g = await game();
    const state = await serverState(database, g.id);
    const order = state.remaining;
    // The first call that completes some card's corners, by the claim rule (the last ball on the card).
    let winner: number | null = null;
    for (let i = 0; i < order.length && winner === null; i++) {
      await ok(asCoin('POST', `/api/games/${g.id}/call-number`));
      const called = order.slice(0, i + 1);
      winner =
        state.cartelas.find(
          (c) => checkClaim({ card: c.card, patternId: state.patternId, calledNumbers: called }).winner,
        )?.cartelaNumber ?? null;
    }
    if (winner === null) continue; // practically never
    const claim = await ok(asCoin('POST', `/api/games/${g.id}/validate-winner`, { cartelaNumber: winner }));
    expect(claim.winner).toBe(true);
    await ok(asCoin('POST', `/api/games/${g.id}/finish`));
    won = g;
  }
  const calledThenFinished = await game('full-house');
  await ok(asCoin('POST', `/api/games/${calledThenFinished.id}/call-number`));
  await ok(asCoin('POST', `/api/games/${calledThenFinished.id}/finish`));
  await ok(asCoin('POST', `/api/games/${(await game('x-pattern')).id}/cancel`));
  const paused = await game('plus');
  await ok(asCoin('POST', `/api/games/${paused.id}/call-number`));
  await ok(asCoin('POST', `/api/games/${paused.id}/pause`));

  // A voice pack with binary files (every byte value, 0x00 and 0xFF included), offered to the coin agent only,
  // who chose it.
  const files: Zippable = {};
  VOICE_PACK_FILES.forEach((p, i) => {
    files[p] = voiceFile(p, 10_000 + 37 * i, i);
  });
  const upload = await app.inject({
    method: 'POST',
    url: `/api/voice-packs?${new URLSearchParams({ name: 'Hall voice', language: 'am' })}`,
    headers: { ...bearer(await loginAs(app, admin)), 'content-type': 'application/zip' },
    payload: Buffer.from(zipSync(files, { level: 6 })),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const packId = upload.json().pack.id as string;
  await ok(asAdmin('PUT', `/api/voice-packs/${packId}`, { offeredTo: { agentIds: [coinAgent.user.id] } }));
  await ok(asCoin('PUT', '/api/voice-packs/selected', { packId }));

  // A signed-out session, and a failed sign-in (counted in login_attempts, which is not backed up).
  const signedOutToken = await loginAs(app, superAgent);
  await ok(app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(signedOutToken) }));
  const failed = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'owner', password: 'not-the-password' },
  });
  expect(failed.statusCode).toBe(401);

  const path0 = VOICE_PACK_FILES[0]!;
  return {
    admin,
    coinAgent,
    shareAgent,
    superAgent,
    signedOutToken,
    wonGameId: won.id,
    pausedGameId: paused.id,
    pack: { id: packId, path: path0, bytes: files[path0] as Uint8Array },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Files: reading and writing a backup's lines, to damage one on purpose.

const dir = mkdtempSync(path.join(tmpdir(), 'cartela-backup-test-'));
const fileIn = (name: string) => path.join(dir, name);

const linesOf = (file: string) => gunzipSync(readFileSync(file)).toString('utf8').split('\n').slice(0, -1);

/** Writes `lines` as a backup whose trailer's checksum matches them again (a valid file of other content). */
function writeResealed(file: string, lines: string[]): void {
  const body = lines.slice(0, -1);
  const trailer = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
  const hash = createHash('sha256');
  for (const line of body) hash.update(`${line}\n`);
  trailer.sha256 = hash.digest('hex');
  writeFileSync(file, gzipSync(`${[...body, JSON.stringify(trailer)].join('\n')}\n`));
}

// ---------------------------------------------------------------------------------------------------------

let source: TestApp;
let hall: Hall;
let tables: string[];
let backupFile: string;
let restored: TestDatabase;
/** Size and time of this hall's backup and restore, printed for docs/PERFORMANCE.md. */
let figures = '';

beforeAll(async () => {
  source = await startTestApp({ now: clock });
  await addProbeTable(source.database);
  hall = await seedHall(source);
  await fillProbeTable(source.database, hall.coinAgent.user.id);
  tables = await tablesOf(source.database);
  backupFile = fileIn('hall.cartela.gz');
  const made = await backupDatabase(source.database, backupFile);
  restored = await databaseOf(KIND);
  await addProbeTable(restored.database);
  const loaded = await restoreDatabase(restored.database, backupFile);
  figures = `${KIND}: ${made.rows} rows, file ${made.fileBytes} bytes (${made.dataBytes} of JSON lines); backup ${made.ms} ms, restore ${loaded.ms} ms`;
}, 120_000);
afterAll(async () => {
  if (figures) process.stdout.write(`backup figures: ${figures}\n`);
  await restored?.drop();
  await source?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a backup restored into a fresh database', () => {
  it('holds data in every table that is backed up (else the comparison below proves less)', async () => {
    const content = await contentOf(source.database, tables);
    const empty = tables.filter((table) => content.get(table)!.length === 0);
    expect(empty).toEqual([]);
    // The tables left out, and only those, are said in one place (decision 067).
    expect(Object.keys(NOT_BACKED_UP)).toEqual(['login_attempts']);
  });

  it('gives back every table row by row: money, instants, json, arrays, bytes, nulls', async () => {
    const compared = tables.filter((table) => !(table in NOT_BACKED_UP));
    expect(compared).toContain('backup_probe'); // a table no list names
    expect(compared).toContain('voice_pack_files');
    expect(await differences(source.database, restored.database, compared)).toEqual([]);
  });

  it('leaves out the failed sign-in counters', async () => {
    const count = async (database: Database) =>
      (await query<{ n: number }>(database, sql`SELECT count(*)::int AS n FROM login_attempts`))[0]!.n;
    expect(await count(source.database)).toBeGreaterThan(0);
    expect(await count(restored.database)).toBe(0);
  });

  it('restores the sequences where they stood: the next row takes a new id', async () => {
    const next = async (database: Database) =>
      (
        await query<{ id: string }>(
          database,
          sql`INSERT INTO backup_probe (note) VALUES ('after') RETURNING id::text AS id`,
        )
      )[0]!.id;
    // Four rows were inserted and the fourth deleted: the next id is 5 on both, not max(id) + 1 = 4.
    expect(await next(restored.database)).toBe('5');
    expect(await next(source.database)).toBe('5');
    await restored.database.db.execute(sql`DELETE FROM backup_probe WHERE note = 'after'`);
    await source.database.db.execute(sql`DELETE FROM backup_probe WHERE note = 'after'`);
  });

  it('restores the rollups as they were, the triggers on again afterwards', async () => {
    const stats = sql`SELECT agent_id, business_date::text AS day, games_created, games_finished, total_santim::text AS total
      FROM agent_daily_stats ORDER BY agent_id, business_date`;
    expect(await query(restored.database, stats)).toEqual(await query(source.database, stats));
    // The days' rollup and the months' still agree (not counted twice by the triggers during the load).
    const drift = sql`SELECT count(*)::int AS n FROM (
        SELECT agent_id, date_trunc('month', business_date)::date AS month, sum(games_created) AS g
        FROM agent_daily_stats GROUP BY 1, 2) d
      FULL JOIN agent_monthly_stats m USING (agent_id, month) WHERE m.games_created IS DISTINCT FROM d.g`;
    expect(await query(restored.database, drift)).toEqual([{ n: 0 }]);
    const enabled = sql`SELECT count(*)::int AS n FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      JOIN pg_namespace s ON s.oid = c.relnamespace
      WHERE s.nspname = 'public' AND NOT t.tgisinternal AND t.tgenabled = 'D'`;
    expect(await query(restored.database, enabled)).toEqual([{ n: 0 }]);
  });

  it('serves the hall: restored users sign in, a restored game and voice file read the same', async () => {
    const copy = await startTestApp({ database: restored.database, now: clock });
    try {
      // The restored password hashes work (the app signs in through the real route).
      const asAdminThere = caller(copy.app, await loginAs(copy.app, hall.admin));
      const asAdminHere = caller(source.app, await loginAs(source.app, hall.admin));
      const asCoinThere = caller(copy.app, await loginAs(copy.app, hall.coinAgent));
      const asCoinHere = caller(source.app, await loginAs(source.app, hall.coinAgent));
      const same = async (here: Call, there: Call, url: string) => {
        const [a, b] = await Promise.all([here('GET', url), there('GET', url)]);
        expect(b.statusCode, `${url}: ${b.body}`).toBe(200);
        expect(b.json(), url).toEqual(a.json());
      };
      await same(asCoinHere, asCoinThere, `/api/games/${hall.wonGameId}`);
      await same(asCoinHere, asCoinThere, `/api/games/${hall.wonGameId}/state`);
      await same(asCoinHere, asCoinThere, '/api/voice-packs/available');
      await same(asAdminHere, asAdminThere, '/api/commission/payments');
      await same(asAdminHere, asAdminThere, `/api/super-agents/${hall.superAgent.user.id}/earnings`);
      await same(asAdminHere, asAdminThere, '/api/stats/admin');
      await same(asAdminHere, asAdminThere, '/api/users/agents');

      const file = await asCoinThere('GET', `/api/voice-packs/${hall.pack.id}/files/${hall.pack.path}`);
      expect(file.statusCode).toBe(200);
      expect(new Uint8Array(file.rawPayload)).toEqual(hall.pack.bytes);
      expect(hall.pack.bytes.includes(0x00) && hall.pack.bytes.includes(0xff)).toBe(true);

      // A session signed out before the backup stays signed out on the copy.
      const me = await copy.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: bearer(hall.signedOutToken),
      });
      expect(me.statusCode).toBe(401);
      // And the copy takes new data: the restored paused game finished, and a game on its cartelas.
      expect((await asCoinThere('POST', `/api/games/${hall.pausedGameId}/finish`)).statusCode).toBe(200);
      const created = await asCoinThere('POST', '/api/games', {
        stake: 10,
        cartelaNumbers: [1, 2, 3],
        selectedPattern: 'full-house',
      });
      expect(created.statusCode, created.body).toBe(201);
    } finally {
      await copy.app.close();
    }
  });
});

describe('the comparison itself', () => {
  it('finds a table a restore skipped, and one changed bit of a voice file', async () => {
    const copy = await databaseOf(KIND);
    try {
      await addProbeTable(copy.database);
      await restoreDatabase(copy.database, backupFile);
      const compared = tables.filter((table) => !(table in NOT_BACKED_UP));
      expect(await differences(source.database, copy.database, compared)).toEqual([]);
      // As if the restore had skipped one table.
      await copy.database.db.execute(sql`DELETE FROM voice_pack_offers`);
      await copy.database.db.execute(sql`
        UPDATE voice_pack_files SET data = set_byte(data, 5000, get_byte(data, 5000) # 1)
        WHERE path = ${hall.pack.path}`);
      const found = await differences(source.database, copy.database, compared);
      expect(found.map((line) => line.split(':')[0])).toEqual(['voice_pack_files', 'voice_pack_offers']);
      expect(found[1]).toBe('voice_pack_offers: 1 rows against 0');
    } finally {
      await copy.drop();
    }
  });
});

describe('a restore refuses, writing nothing', () => {
  let empty: TestDatabase;
  let emptyContent: Map<string, string[]>;
  beforeAll(async () => {
    empty = await databaseOf(KIND);
    await addProbeTable(empty.database);
    emptyContent = await contentOf(empty.database, tables);
  });
  afterAll(async () => {
    await empty?.drop();
  });

  /** Expects the restore of `file` into the empty database to fail with `message`, and the database unchanged. */
  async function refused(file: string, message: RegExp) {
    const error = await restoreDatabase(empty.database, file).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
    expect(await contentOf(empty.database, tables)).toEqual(emptyContent);
  }

  it('a database that holds data', async () => {
    const before = await contentOf(source.database, tables);
    const error = await restoreDatabase(source.database, backupFile).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(
      /^This database is not empty \(.*users.*\): restore into a new, empty database only\.$/,
    );
    expect(await contentOf(source.database, tables)).toEqual(before);
    // One account is enough to refuse.
    await createAdmin(empty.database, { username: 'first' });
    try {
      await expect(restoreDatabase(empty.database, backupFile)).rejects.toThrow(
        /^This database is not empty \(users hold rows\)/,
      );
    } finally {
      await empty.database.db.execute(sql`DELETE FROM users`);
    }
  });

  it('a file cut short anywhere: in the middle of the compressed stream, or after a whole line', async () => {
    const bytes = readFileSync(backupFile);
    const half = fileIn('half.cartela.gz');
    writeFileSync(half, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await refused(
      half,
      /^.*half\.cartela\.gz is damaged or incomplete \(unexpected end of file\): nothing was restored from it\.$/,
    );
    // Whole lines, a valid gzip: the last table and the trailer gone.
    const lines = linesOf(backupFile);
    const cut = fileIn('cut.cartela.gz');
    writeFileSync(cut, gzipSync(`${lines.slice(0, -4).join('\n')}\n`));
    await refused(cut, /damaged or incomplete \(it ends before its last line\)/);
  });

  it('a file with one byte changed: in the compressed stream, or in a row of a valid gzip', async () => {
    const bytes = Buffer.from(readFileSync(backupFile));
    const at = Math.floor(bytes.length * 0.6);
    bytes[at] = bytes[at]! ^ 0x10;
    const flipped = fileIn('flipped.cartela.gz');
    writeFileSync(flipped, bytes);
    await refused(flipped, /damaged or incomplete/);
    // A coin amount changed in a ledger row, the file recompressed: only the checksum can tell, at the very end,
    // after every row was loaded: the transaction is rolled back.
    const lines = linesOf(backupFile);
    const start = lines.findIndex((l) => l.startsWith('{"table":"coin_ledger"'));
    const topUp = lines.findIndex((l, i) => i > start && l.includes('"top-up"'));
    const row = JSON.parse(lines[topUp]!) as string[];
    row[2] = String(Number(row[2]) + 1); // delta
    row[4] = String(Number(row[4]) + 1); // balance_after: the row still passes its CHECK
    lines[topUp] = JSON.stringify(row);
    const edited = fileIn('edited.cartela.gz');
    writeFileSync(edited, gzipSync(`${lines.join('\n')}\n`));
    await refused(edited, /damaged or incomplete \(its checksum does not match its content\)/);
    // A row the database refuses (a coin amount that is no number) is loaded before the checksum is reached:
    // still a damaged file, not a database error.
    row[2] = 'x';
    lines[topUp] = JSON.stringify(row);
    writeFileSync(edited, gzipSync(`${lines.join('\n')}\n`));
    await refused(edited, /damaged or incomplete \(its checksum does not match its content\)/);
  });

  it('a file that is no backup', async () => {
    const text = fileIn('notes.txt');
    writeFileSync(text, 'hello\n');
    await refused(text, /is not a Cartela backup \(not a gzip file\)\.$/);
    const json = fileIn('other.json.gz');
    writeFileSync(json, gzipSync('{"hello":"world"}\n'));
    await refused(json, /is not a Cartela backup/);
    await refused(fileIn('missing.cartela.gz'), /missing\.cartela\.gz: no such file\.$/);
  });

  it('a backup made with other migrations, naming them', async () => {
    const lines = linesOf(backupFile);
    const header = JSON.parse(lines[0]!) as { migrations: unknown[] };
    header.migrations.pop();
    lines[0] = JSON.stringify(header);
    const older = fileIn('older.cartela.gz');
    writeResealed(older, lines);
    const applied = header.migrations.length + 1;
    await refused(
      older,
      new RegExp(
        `^This backup was made by Cartela [\\d.]+ with ${applied - 1} migrations \\(last: \\d{4}_\\w+\\), but this database has ${applied} \\(last: \\d{4}_\\w+\\): restore it with the Cartela version that made it, then upgrade\\.$`,
      ),
    );
  });

  it('checks a file without a database: whole and intact, or not', async () => {
    const summary = await checkBackup(backupFile);
    expect(summary.header.source).toBe(KIND);
    expect(summary.tables.map((t) => t.table)).toEqual(summary.header.tables);
    expect(summary.rows).toBeGreaterThan(100);
    await expect(checkBackup(fileIn('half.cartela.gz'))).rejects.toThrow(/damaged or incomplete/);
  });
});

describe.runIf(usingPostgres())('across engines', () => {
  it('PostgreSQL to the embedded database and back, every table equal', async () => {
    const embedded = await databaseOf('pglite');
    const postgres = await databaseOf('postgres');
    try {
      await addProbeTable(embedded.database);
      await restoreDatabase(embedded.database, backupFile); // made from PostgreSQL
      const compared = tables.filter((table) => !(table in NOT_BACKED_UP));
      expect(await differences(source.database, embedded.database, compared)).toEqual([]);
      const fromEmbedded = fileIn('from-pglite.cartela.gz');
      const made = await backupDatabase(embedded.database, fromEmbedded);
      expect(made.header.source).toBe('pglite');
      await addProbeTable(postgres.database);
      await restoreDatabase(postgres.database, fromEmbedded);
      expect(await differences(source.database, postgres.database, compared)).toEqual([]);
      // Apart from the header and the checksum (and the seal of the game restored unfinished), the two engines
      // wrote the same lines (sorted: a text key's rows come in the order of each database's collation).
      const body = (file: string) => linesOf(file).slice(1, -1).sort();
      expect(unsealedLines(body(fromEmbedded), 1).sort()).toEqual(body(backupFile));
    } finally {
      await embedded.drop();
      await postgres.drop();
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// The commands: exit codes and one-line reasons (only what needs no database server, once per run).

/** Each command starts Node, tsx and (for most) PGlite: seconds on a busy machine. */
const CLI_TIMEOUT_MS = 60_000;

function run(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', `src/cli/${script}.ts`, ...args],
    {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    err += d;
  });
  // Never left running past the test: a command that hangs fails it.
  const timer = setTimeout(() => child.kill(), CLI_TIMEOUT_MS);
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    }),
  );
}

describe.runIf(!usingPostgres())('npm run backup / restore', { timeout: 3 * CLI_TIMEOUT_MS }, () => {
  it('round-trips a hall box: restore into a DATA_DIR, back it up, through the database worker', async () => {
    // A data folder holding an empty migrated database (with the probe table).
    const blank = await databaseOf('pglite');
    await addProbeTable(blank.database);
    const tarball = await blank.database.pglite!.dumpDataDir('none');
    await blank.drop();
    const hallBox = fileIn('hall-box');
    mkdirSync(hallBox, { recursive: true });
    await (await openDatabase({ kind: 'pglite', dataDir: pgliteDir(hallBox), loadDataDir: tarball })).close();

    const restore = await run('restore', [backupFile], { DATA_DIR: hallBox });
    expect(restore.code, restore.err).toBe(0);
    expect(restore.out).toMatch(
      /^Restored .*hall\.cartela\.gz \(made .* from an embedded database by Cartela .*\) into the embedded database in .*hall-box:\n/,
    );
    expect(restore.out).toMatch(/\n {2}voice_pack_files +\d+\n/);
    const again = await run('restore', [backupFile], { DATA_DIR: hallBox });
    expect(again.code).toBe(1);
    expect(again.err).toMatch(
      /^This database is not empty \(.*\): restore into a new, empty database only\.\n$/,
    );

    const copyFile = fileIn('hall-box.cartela.gz');
    const backup = await run('backup', [copyFile], { DATA_DIR: hallBox });
    expect(backup.code, backup.err).toBe(0);
    expect(backup.out).toMatch(
      /^Backed up the embedded database in .*hall-box to .*hall-box\.cartela\.gz:\n/,
    );
    // The same lines as the backup it was restored from, but for the header and the checksum, and the seal of
    // the game restored unfinished (the paused one).
    const body = (file: string) => linesOf(file).slice(1, -1);
    expect(unsealedLines(body(copyFile), 1)).toEqual(body(backupFile));

    const database = await openDatabase({ kind: 'pglite', dataDir: pgliteDir(hallBox) });
    try {
      const compared = tables.filter((table) => !(table in NOT_BACKED_UP));
      expect(await differences(source.database, database, compared)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('restore --check: 0 and the tables for a sound file, 1 and one line for a damaged one', async () => {
    const good = await run('restore', ['--check', backupFile], {});
    expect(good.code, good.err).toBe(0);
    expect(good.out).toMatch(/is complete and intact \(made .* from an embedded database by Cartela/);
    expect(good.out).toMatch(/voice_pack_files\s+\d+/);
    const bad = await run('restore', ['--check', fileIn('half.cartela.gz')], {});
    expect(bad.code).toBe(1);
    expect(bad.err.trim().split('\n')).toHaveLength(1);
    expect(bad.err).toMatch(/damaged or incomplete/);
  });

  it('backup: refuses a folder with no database, and a database a running server holds', async () => {
    const nothing = await run('backup', [fileIn('x.cartela.gz')], { DATA_DIR: fileIn('no-such-hall') });
    expect(nothing.code).toBe(1);
    expect(nothing.err).toMatch(/^There is no embedded database in .*no-such-hall/);
    // A data folder whose lock names a live process (this test's): what a running server leaves.
    const busy = fileIn(`busy-${randomBytes(3).toString('hex')}`);
    mkdirSync(path.join(busy, 'pglite'), { recursive: true });
    writeFileSync(path.join(busy, 'pglite', 'PG_VERSION'), '17\n');
    writeFileSync(path.join(busy, 'cartela.lock'), `${process.pid}\n`);
    const held = await run('backup', [fileIn('y.cartela.gz')], { DATA_DIR: busy });
    expect(held.code).toBe(1);
    expect(held.err.trim().split('\n')).toHaveLength(1);
    expect(held.err).toMatch(/in use by another Cartela process .*stop the server, back up, start it/);
  });
});
