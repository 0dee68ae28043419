// The operator's commands print no value of a row: a failure is told as the server's logs tell it (decision 022:
// the statement and PostgreSQL's reason, never the parameters, the detail or a value the reason quotes), on one
// line. A restore once printed every row of the batch it was loading, argon2id hashes included.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase } from '../db/backup.js';
import { openDatabase } from '../db/client.js';
import { pgliteDir } from '../db/data-dir.js';
import { createAdmin, createAgent, createTestDatabase, usingPostgres } from '../test/helpers.js';

/** Each command starts Node, tsx and PGlite: seconds on a busy machine. */
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
  const timer = setTimeout(() => child.kill(), CLI_TIMEOUT_MS);
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    }),
  );
}

const dir = mkdtempSync(path.join(tmpdir(), 'cartela-commands-test-'));
const linesOf = (file: string) => gunzipSync(readFileSync(file)).toString('utf8').split('\n').slice(0, -1);

/** Writes `lines` as a backup whose trailer's checksum matches them (a sound file of other content). */
function writeResealed(file: string, lines: string[]): void {
  const body = lines.slice(0, -1);
  const trailer = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
  const hash = createHash('sha256');
  for (const line of body) hash.update(`${line}\n`);
  trailer.sha256 = hash.digest('hex');
  writeFileSync(file, gzipSync(`${[...body, JSON.stringify(trailer)].join('\n')}\n`));
}

let backupFile: string;
let blankBox: Blob;
beforeAll(async () => {
  const source = await createTestDatabase();
  try {
    await createAdmin(source.database, { username: 'owner' });
    for (let i = 0; i < 3; i++) await createAgent(source.database);
    backupFile = path.join(dir, 'hall.cartela.gz');
    await backupDatabase(source.database, backupFile);
  } finally {
    await source.drop();
  }
  const blank = await createTestDatabase();
  try {
    blankBox = await blank.database.pglite!.dumpDataDir('none');
  } finally {
    await blank.drop();
  }
}, 120_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe.runIf(!usingPostgres())('npm run restore', { timeout: 2 * CLI_TIMEOUT_MS }, () => {
  it('says a row the database refuses in one line that holds no value of any row', async () => {
    const box = path.join(dir, 'box');
    mkdirSync(box, { recursive: true });
    await (await openDatabase({ kind: 'pglite', dataDir: pgliteDir(box), loadDataDir: blankBox })).close();

    // A sound file (its checksum matches) with one users row the database refuses: its created_at holds the
    // row's own argon2id hash, a value PostgreSQL quotes in its reason ('invalid input syntax for type
    // timestamp with time zone: "..."'), and the statement's parameter holds every row of the batch.
    const lines = linesOf(backupFile);
    const at = lines.findIndex((l) => l.startsWith('{"table":"users"'));
    const names = (JSON.parse(lines[at]!) as { columns: { name: string }[] }).columns.map((c) => c.name);
    const rows = lines
      .slice(at + 1)
      .filter((l) => l.startsWith('['))
      .slice(0, 4);
    const rowAt = lines.indexOf(rows[0]!);
    const row = JSON.parse(lines[rowAt]!) as (string | null)[];
    const hash = row[names.indexOf('password_hash')]!;
    expect(hash).toMatch(/^\$argon2id\$/);
    row[names.indexOf('created_at')] = hash;
    lines[rowAt] = JSON.stringify(row);
    const refused = path.join(dir, 'refused-row.cartela.gz');
    writeResealed(refused, lines);
    // The values of the batch that could be recognised (ids, names, hashes, instants), not only the one row's.
    const values = rows
      .flatMap((l) => JSON.parse(l) as (string | null)[])
      .filter((v): v is string => typeof v === 'string' && v.length >= 5 && !/^[\d.]+$/.test(v));
    expect(values).toEqual(expect.arrayContaining([hash, 'owner']));

    const restore = await run('restore', [refused], { DATA_DIR: box });
    expect(restore.code).toBe(1);
    expect(restore.out).toBe('');
    expect(restore.err).toMatch(/^Restore failed, nothing was restored: .*\n$/);
    expect(restore.err.trim().split('\n')).toHaveLength(1);
    expect(restore.err).not.toContain('$argon2id$');
    for (const value of values) expect(restore.err, value).not.toContain(value);
    // What it does say: the statement (without its values) and PostgreSQL's reason, with its SQLSTATE.
    expect(restore.err).toContain('INSERT INTO "users"');
    expect(restore.err).toContain('invalid input syntax for type timestamp with time zone');
    expect(restore.err).toContain('22007');
  });
});
