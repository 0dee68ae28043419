// Backup and restore of everything the server stores, as one streamed file that either engine can write and
// either can load: a PGlite hall box's backup restores into PostgreSQL and the other way round.
// docs/decisions/067-backup-format.md
//
// The file is gzip-compressed JSON lines:
//   {"format":"cartela-backup","formatVersion":1,...}          the header: versions, migrations, tables
//   {"table":"users","columns":[{"name":"id","type":"uuid","encoding":"text"},...]}
//   ["0b6f...","agent1",...]                                    one line per row: strings (PostgreSQL's text form,
//   {"tableEnd":"users","rows":4}                               or base64 for bytea) and nulls
//   ... every table, parents before children ...
//   {"sequences":[{"name":"...","lastValue":"41","isCalled":true}]}
//   {"end":true,"rows":{"users":4,...},"sha256":"..."}         the trailer: the SHA-256 of every line above it
// Tables and columns come from the database's catalog, so a table added by a later migration is included
// without editing any list here.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { type SQL, sql } from 'drizzle-orm';
import { serverVersion } from '../version.js';
import type { Database, DatabaseKind, Tx } from './client.js';
import { MIGRATIONS_FOLDER } from './migrate.js';

export const BACKUP_FORMAT = 'cartela-backup';
export const BACKUP_FORMAT_VERSION = 1;

/**
 * Tables of the schema deliberately left out of a backup, and why. Everything else in the `public` schema is
 * backed up. (The migrations' bookkeeping, drizzle.__drizzle_migrations, lives in another schema: the header
 * records which migrations made the database instead, and the restore checks them.)
 */
export const NOT_BACKED_UP: Readonly<Record<string, string>> = {
  login_attempts:
    'failed sign-in counters whose windows last an hour at most (decision 025): nothing to recover, and a restore ' +
    'starts every limit afresh',
};

/**
 * Tables a freshly migrated database already fills (migration 0007 inserts business_settings' one row): the
 * restore replaces their rows with the backup's instead of refusing the database as not empty.
 */
export const FILLED_BY_MIGRATIONS: readonly string[] = ['business_settings'];

/** A refusal or a damaged file, with a one-line message for the operator. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** apps/server/package.json's version of the Cartela that wrote it. */
  serverVersion: string;
  /** ISO time the snapshot was read. */
  createdAt: string;
  source: DatabaseKind;
  /** PostgreSQL's own version (PGlite reports the PostgreSQL it is built from). */
  postgresVersion: string;
  /** The migrations applied to the database, in order: drizzle's hash of each file and its folder millis. */
  migrations: { hash: string; createdAt: string }[];
  /** The tables that follow, in the order they come (and are loaded): every table after those it references. */
  tables: string[];
  notBackedUp: string[];
}

export interface ColumnHeader {
  name: string;
  /** format_type() of the column: informative; the restore casts with the target's own catalog. */
  type: string;
  /** 'text': PostgreSQL's text form of the value; 'base64': the bytes of a bytea. */
  encoding: 'text' | 'base64';
}

export interface TableCount {
  table: string;
  rows: number;
}

export interface BackupSummary {
  file: string;
  header: BackupHeader;
  tables: TableCount[];
  rows: number;
  /** Bytes of the file (compressed) and of the JSON lines in it. */
  fileBytes: number;
  dataBytes: number;
  ms: number;
}

export type RestoreSummary = BackupSummary;

/** The summary of a backup file just written, checked or restored, `started` at that performance.now(). */
async function summaryOf(
  file: string,
  { header, tables, dataBytes }: Pick<BackupSummary, 'header' | 'tables' | 'dataBytes'>,
  started: number,
): Promise<BackupSummary> {
  return {
    file: path.resolve(file),
    header,
    tables,
    rows: tables.reduce((n, t) => n + t.rows, 0),
    fileBytes: (await stat(file)).size,
    dataBytes,
    ms: Math.round(performance.now() - started),
  };
}

/** What the commands print: one line per table with its rows, then the totals. */
export function describeSummary(summary: BackupSummary): string {
  const width = Math.max(...summary.tables.map((t) => t.table.length), 5);
  const mb = (bytes: number) =>
    bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return [
    ...summary.tables.map((t) => `  ${t.table.padEnd(width)}  ${String(t.rows).padStart(9)}`),
    `  ${'total'.padEnd(width)}  ${String(summary.rows).padStart(9)} rows; file ${mb(summary.fileBytes)} (${mb(summary.dataBytes)} of data); ${(summary.ms / 1000).toFixed(1)} s`,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------------
// The catalog

interface CatalogColumn {
  name: string;
  type: string;
  bytea: boolean;
  /** GENERATED ALWAYS AS IDENTITY: the insert must say OVERRIDING SYSTEM VALUE. */
  identityAlways: boolean;
}

export interface CatalogTable {
  name: string;
  /** Stored columns in order (generated columns are left out: the database computes them again). */
  columns: CatalogColumn[];
  primaryKey: string[];
  /** Other tables of the schema this one has a foreign key to. */
  references: string[];
  /** Its enabled triggers (not the internal ones that enforce foreign keys). */
  triggers: string[];
}

const rowsOf = async <T>(tx: Tx, query: SQL): Promise<T[]> =>
  ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

/** A quoted identifier: every name in a statement here comes from the catalog, quoted all the same. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every table of the `public` schema with its columns, key, references and triggers, in one query. */
export async function readCatalog(tx: Tx): Promise<CatalogTable[]> {
  // Aggregated to text and parsed here: both drivers then hand over the same string, whatever their json parsers.
  const [row] = await rowsOf<{ catalog: string | null }>(
    tx,
    sql`
    SELECT json_agg(json_build_object(
      'name', c.relname,
      'columns', (
        SELECT coalesce(json_agg(json_build_object(
          'name', a.attname,
          'type', format_type(a.atttypid, a.atttypmod),
          'bytea', a.atttypid = 'bytea'::regtype,
          'identityAlways', a.attidentity = 'a') ORDER BY a.attnum), '[]'::json)
        FROM pg_attribute a
        WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''),
      'primaryKey', (
        SELECT coalesce(json_agg(a.attname ORDER BY k.ord), '[]'::json)
        FROM pg_index i
        CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
        WHERE i.indrelid = c.oid AND i.indisprimary),
      'references', (
        SELECT coalesce(json_agg(DISTINCT f.relname), '[]'::json)
        FROM pg_constraint fk
        JOIN pg_class f ON f.oid = fk.confrelid
        WHERE fk.conrelid = c.oid AND fk.contype = 'f' AND f.relnamespace = c.relnamespace),
      'triggers', (
        SELECT coalesce(json_agg(t.tgname ORDER BY t.tgname), '[]'::json)
        FROM pg_trigger t
        WHERE t.tgrelid = c.oid AND NOT t.tgisinternal AND t.tgenabled <> 'D')
    ) ORDER BY c.relname)::text AS catalog
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition`,
  );
  return row?.catalog ? (JSON.parse(row.catalog) as CatalogTable[]) : [];
}

/**
 * The tables in an order that satisfies their foreign keys: each after every table it references (ties by
 * name, so two backups of one schema list the tables alike). A table that references itself, or a cycle, has no
 * such order for its rows: refused by name rather than restored wrong.
 */
export function loadOrder(tables: readonly CatalogTable[]): CatalogTable[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const selfReferencing = tables.filter((t) => t.references.includes(t.name)).map((t) => t.name);
  if (selfReferencing.length > 0) {
    throw new BackupError(
      `Table ${selfReferencing.join(', ')} references itself: its rows need an order this backup does not know (docs/decisions/067-backup-format.md).`,
    );
  }
  const ordered: CatalogTable[] = [];
  const placed = new Set<string>();
  const pending = [...tables].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  while (pending.length > 0) {
    const next = pending.findIndex((t) =>
      t.references.every((r) => placed.has(r) || !byName.has(r) /* outside the backed-up set */),
    );
    if (next < 0) {
      throw new BackupError(
        `The foreign keys of ${pending.map((t) => t.name).join(', ')} form a cycle: no load order exists (docs/decisions/067-backup-format.md).`,
      );
    }
    const [table] = pending.splice(next, 1);
    ordered.push(table!);
    placed.add(table!.name);
  }
  return ordered;
}

async function appliedMigrations(tx: Tx): Promise<{ hash: string; createdAt: string }[]> {
  const [exists] = await rowsOf<{ present: boolean }>(
    tx,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!exists?.present) return [];
  return rowsOf(
    tx,
    sql`SELECT hash, created_at::text AS "createdAt" FROM drizzle.__drizzle_migrations ORDER BY created_at, id`,
  );
}

/**
 * The same text form of every value on both engines and both sides: instants in UTC, dates as ISO, floats with
 * the digits that read back the same number.
 */
async function fixTextForms(tx: Tx): Promise<void> {
  await tx.execute(sql`SET LOCAL TimeZone = 'UTC'`);
  await tx.execute(sql`SET LOCAL DateStyle = 'ISO, YMD'`);
  await tx.execute(sql`SET LOCAL IntervalStyle = 'postgres'`);
  await tx.execute(sql`SET LOCAL extra_float_digits = 1`);
}

/** The migration's file name, from this code's journal, for messages ('0012_agreements_in_force'). */
function migrationName(createdAt: string | undefined): string {
  if (createdAt === undefined) return 'none';
  try {
    const journal = JSON.parse(
      readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: { when: number; tag: string }[];
    };
    return journal.entries.find((e) => String(e.when) === createdAt)?.tag ?? `one made at ${createdAt}`;
  } catch {
    return `one made at ${createdAt}`;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Writing

/** Bytes of rows fetched at a time: a hall's voice files are up to 1 MB each, a row of a game a few KB. */
const FETCH_BYTES = 4 * 1024 * 1024;
const FETCH_ROWS_MAX = 2000;

class Writer {
  private readonly hash = createHash('sha256');
  private readonly gzip = createGzip({ level: 6 });
  private readonly done: Promise<void>;
  dataBytes = 0;

  constructor(file: string) {
    // The file holds password hashes and the hall's money: readable by this account only.
    this.done = pipeline(this.gzip, createWriteStream(file, { mode: 0o600 }));
    this.done.catch(() => {}); // awaited in close() or abort()
  }

  /** One line; every line but the trailer counts in the trailer's SHA-256. */
  async line(value: unknown, hashed = true): Promise<void> {
    const text = `${JSON.stringify(value)}\n`;
    if (hashed) this.hash.update(text);
    this.dataBytes += Buffer.byteLength(text);
    if (!this.gzip.write(text)) await once(this.gzip, 'drain');
  }

  digest(): string {
    return this.hash.digest('hex');
  }

  async close(): Promise<void> {
    this.gzip.end();
    await this.done;
  }

  async abort(): Promise<void> {
    this.gzip.destroy();
    await this.done.catch(() => {});
  }
}

/**
 * The select list of a table's row: each column in its text form, bytea as base64, aliased c0, c1... (Reading
 * bytea raw is several times slower on PGlite, which parses its hex text in JavaScript; encode is quick.)
 */
function selectList(table: CatalogTable): string {
  return table.columns
    .map((c, i) => {
      const value = c.bytea ? `encode(${ident(c.name)}, 'base64')` : `${ident(c.name)}::text`;
      return `${value} AS c${i}`;
    })
    .join(', ');
}

/**
 * Writes a backup of the whole database to `file`: one consistent snapshot (REPEATABLE READ, read only), streamed
 * a few megabytes at a time. The file appears only when complete (written beside it, then renamed); an existing
 * file is refused unless `overwrite`.
 */
export async function backupDatabase(
  database: Database,
  file: string,
  options: { overwrite?: boolean } = {},
): Promise<BackupSummary> {
  const started = performance.now();
  const target = path.resolve(file);
  if (!options.overwrite && (await exists(target))) {
    throw new BackupError(`${file} already exists: choose another name, or add --force to replace it.`);
  }
  const folder = path.dirname(target);
  if (!(await exists(folder))) throw new BackupError(`The folder ${folder} does not exist: create it first.`);
  const tmp = `${target}.tmp-${process.pid}`;
  const summary = await database.db
    .transaction(
      async (tx) => {
        await fixTextForms(tx);
        const migrations = await appliedMigrations(tx);
        if (migrations.length === 0) {
          throw new BackupError(
            'This database has no Cartela schema (no migrations applied): nothing to back up.',
          );
        }
        const [version] = await rowsOf<{ v: string }>(tx, sql`SELECT current_setting('server_version') AS v`);
        const catalog = loadOrder((await readCatalog(tx)).filter((t) => !(t.name in NOT_BACKED_UP)));
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          formatVersion: BACKUP_FORMAT_VERSION,
          serverVersion: serverVersion(),
          createdAt: new Date().toISOString(),
          source: database.kind,
          postgresVersion: version?.v ?? 'unknown',
          migrations,
          tables: catalog.map((t) => t.name),
          notBackedUp: Object.keys(NOT_BACKED_UP),
        };
        const writer = new Writer(tmp);
        try {
          await writer.line(header);
          const counts: TableCount[] = [];
          for (const table of catalog) {
            counts.push({ table: table.name, rows: await writeTable(tx, writer, table) });
          }
          // Read after the rows: a sequence is not part of the snapshot, so its value now is at least that of any
          // row above, and rows inserted after a restore cannot collide.
          await writer.line({ sequences: await readSequences(tx) });
          await writer.line(
            {
              end: true,
              rows: Object.fromEntries(counts.map((c) => [c.table, c.rows])),
              sha256: writer.digest(),
            },
            false,
          );
          await writer.close();
          return { header, counts, dataBytes: writer.dataBytes };
        } catch (err) {
          await writer.abort();
          throw err;
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    .catch(async (err) => {
      await unlink(tmp).catch(() => {});
      throw err;
    });
  // On disk before it takes the name: a crash never leaves a short file under the backup's name.
  const handle = await open(tmp, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(tmp, target);
  return summaryOf(target, { ...summary, tables: summary.counts }, started);
}

async function writeTable(tx: Tx, writer: Writer, table: CatalogTable): Promise<number> {
  await writer.line({
    table: table.name,
    columns: table.columns.map(
      (c): ColumnHeader => ({ name: c.name, type: c.type, encoding: c.bytea ? 'base64' : 'text' }),
    ),
  });
  // In key order, so that two backups of the same data hold the same lines (text keys in the database's collation:
  // the order of the lines is all it changes).
  const order = table.primaryKey.length > 0 ? ` ORDER BY ${table.primaryKey.map(ident).join(', ')}` : '';
  await tx.execute(
    sql.raw(
      `DECLARE cartela_backup NO SCROLL CURSOR FOR SELECT ${selectList(table)} FROM ${ident(table.name)}${order}`,
    ),
  );
  const width = table.columns.length;
  const base64 = table.columns.flatMap((c, i) => (c.bytea ? [i] : []));
  let count = 0;
  // Few rows of a table holding files at first, then as many as fit FETCH_BYTES by the sizes seen so far.
  let fetch = table.columns.some((c) => c.bytea) ? 4 : 256;
  for (;;) {
    const rows = await rowsOf<Record<string, string | null>>(
      tx,
      sql.raw(`FETCH ${fetch} FROM cartela_backup`),
    );
    if (rows.length === 0) break;
    const before = writer.dataBytes;
    for (const row of rows) {
      const values = new Array<string | null>(width);
      for (let i = 0; i < width; i++) values[i] = row[`c${i}`] ?? null;
      // encode() breaks base64 into lines of 76: one string without them is smaller (decode() takes either).
      for (const i of base64) values[i] = values[i]?.replaceAll('\n', '') ?? null;
      await writer.line(values);
    }
    count += rows.length;
    const perRow = Math.max(1, (writer.dataBytes - before) / rows.length);
    fetch = Math.max(1, Math.min(FETCH_ROWS_MAX, Math.floor(FETCH_BYTES / perRow)));
  }
  await tx.execute(sql.raw('CLOSE cartela_backup'));
  await writer.line({ tableEnd: table.name, rows: count });
  return count;
}

interface SequenceValue {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

async function readSequences(tx: Tx): Promise<SequenceValue[]> {
  const names = await rowsOf<{ name: string }>(
    tx,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`,
  );
  const values: SequenceValue[] = [];
  for (const { name } of names) {
    const [row] = await rowsOf<{ lastValue: string; isCalled: boolean }>(
      tx,
      sql.raw(`SELECT last_value::text AS "lastValue", is_called AS "isCalled" FROM ${ident(name)}`),
    );
    values.push({ name, lastValue: row!.lastValue, isCalled: row!.isCalled });
  }
  return values;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Reading

/** No line of a sound backup comes near this (a row holds at most one 1 MB voice file, 1.4 MB in base64). */
const MAX_LINE_BYTES = 64 * 1024 * 1024;

export type BackupEvent =
  | { kind: 'header'; header: BackupHeader }
  | { kind: 'table'; table: string; columns: ColumnHeader[] }
  /** One row: its values, and its line as written (a JSON array) for loading without writing it again. */
  | { kind: 'row'; values: (string | null)[]; text: string }
  | { kind: 'tableEnd'; table: string; rows: number }
  | { kind: 'sequences'; sequences: SequenceValue[] }
  /** Only once the whole file is read and its checksum and counts agree. */
  | { kind: 'end'; rows: Record<string, number>; dataBytes: number };

const damaged = (file: string, why: string) =>
  new BackupError(`${file} is damaged or incomplete (${why}): nothing was restored from it.`);

async function* lines(file: string): AsyncGenerator<Buffer> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (err) => gunzip.destroy(err));
  input.pipe(gunzip);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      let start = 0;
      for (;;) {
        const newline = chunk.indexOf(10, start);
        if (newline < 0) break;
        const piece = chunk.subarray(start, newline);
        yield pending.length > 0 ? Buffer.concat([...pending, piece]) : piece;
        pending = [];
        pendingBytes = 0;
        start = newline + 1;
      }
      if (start < chunk.length) {
        pending.push(chunk.subarray(start));
        pendingBytes += chunk.length - start;
        if (pendingBytes > MAX_LINE_BYTES) throw new Error('a line longer than any backup writes');
      }
    }
  } finally {
    // Also when the reader stops early (a refusal): the file is closed either way.
    input.destroy();
    gunzip.destroy();
  }
  if (pendingBytes > 0) throw new Error('the last line is cut short');
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function checkHeader(file: string, value: unknown): BackupHeader {
  if (!isObject(value) || value.format !== BACKUP_FORMAT) {
    throw new BackupError(`${file} is not a Cartela backup (npm run backup writes one).`);
  }
  if (typeof value.formatVersion !== 'number' || value.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `${file} is a backup of format ${String(value.formatVersion)}, newer than this Cartela reads (${BACKUP_FORMAT_VERSION}): restore it with the Cartela that made it (${String(value.serverVersion)}).`,
    );
  }
  const ok =
    Array.isArray(value.migrations) &&
    Array.isArray(value.tables) &&
    value.tables.every((t) => typeof t === 'string') &&
    Array.isArray(value.notBackedUp) &&
    typeof value.createdAt === 'string';
  if (!ok) throw damaged(file, 'its header is incomplete');
  return value as unknown as BackupHeader;
}

/**
 * Reads a backup line by line, checking its structure as it goes; the 'end' event comes only after the last
 * byte, when the SHA-256 of the lines and every row count agree with the trailer. Whoever writes what it reads
 * must do so in a transaction it commits only after 'end'. Throws BackupError for a file that is not a backup,
 * is damaged or cut short.
 */
export async function* readBackup(file: string): AsyncGenerator<BackupEvent> {
  const hash = createHash('sha256');
  let header: BackupHeader | null = null;
  let table: { name: string; width: number; rows: number } | null = null;
  let tableIndex = 0;
  const counted: Record<string, number> = {};
  let sequencesSeen = false;
  let trailer: Record<string, unknown> | null = null;
  let dataBytes = 0;
  try {
    for await (const line of lines(file)) {
      dataBytes += line.length + 1;
      if (trailer) throw damaged(file, 'it goes on after its end');
      const text = line.toString('utf8');
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw damaged(file, 'a line is not valid JSON');
      }
      if (!header) {
        header = checkHeader(file, value);
        hash.update(line).update('\n');
        yield { kind: 'header', header };
        continue;
      }
      if (isObject(value) && value.end === true) {
        trailer = value;
        continue;
      }
      hash.update(line).update('\n');
      if (table) {
        if (Array.isArray(value)) {
          if (value.length !== table.width || !value.every((v) => v === null || typeof v === 'string')) {
            throw damaged(file, `a row of ${table.name} does not fit its columns`);
          }
          table.rows++;
          yield { kind: 'row', values: value as (string | null)[], text };
          continue;
        }
        if (!isObject(value) || value.tableEnd !== table.name || value.rows !== table.rows) {
          throw damaged(file, `the rows of ${table.name} end without their count`);
        }
        counted[table.name] = table.rows;
        yield { kind: 'tableEnd', table: table.name, rows: table.rows };
        table = null;
        continue;
      }
      if (isObject(value) && typeof value.table === 'string') {
        if (value.table !== header.tables[tableIndex] || !Array.isArray(value.columns)) {
          throw damaged(file, `table ${value.table} is not the one its header announces next`);
        }
        tableIndex++;
        const columns = value.columns as ColumnHeader[];
        table = { name: value.table, width: columns.length, rows: 0 };
        yield { kind: 'table', table: value.table, columns };
        continue;
      }
      if (
        isObject(value) &&
        Array.isArray(value.sequences) &&
        tableIndex === header.tables.length &&
        !sequencesSeen
      ) {
        const sound = value.sequences.every(
          (q) =>
            isObject(q) &&
            typeof q.name === 'string' &&
            typeof q.lastValue === 'string' &&
            /^-?\d+$/.test(q.lastValue) &&
            typeof q.isCalled === 'boolean',
        );
        if (!sound) throw damaged(file, 'its sequences line is malformed');
        sequencesSeen = true;
        yield { kind: 'sequences', sequences: value.sequences as SequenceValue[] };
        continue;
      }
      throw damaged(file, 'a line is out of place');
    }
  } catch (err) {
    if (err instanceof BackupError) throw err;
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ENOENT') throw new BackupError(`${file}: no such file.`);
    if (e.code === 'EISDIR') throw new BackupError(`${file} is a folder, not a backup file.`);
    // The file may be sound: the operator's account may just not read it (a backup made by root, say).
    if (e.code === 'EACCES' || e.code === 'EPERM') {
      throw new BackupError(`${file}: this account may not read it (${e.code}); nothing was restored.`);
    }
    if (e.code === 'Z_DATA_ERROR' && !header) {
      throw new BackupError(`${file} is not a Cartela backup (not a gzip file).`);
    }
    throw damaged(file, e.message);
  }
  if (!header) throw damaged(file, 'it is empty');
  if (!trailer) throw damaged(file, 'it ends before its last line');
  if (table || tableIndex !== header.tables.length || !sequencesSeen) {
    throw damaged(file, 'it ends before its last table');
  }
  if (trailer.sha256 !== hash.digest('hex')) throw damaged(file, 'its checksum does not match its content');
  const rows = isObject(trailer.rows) ? trailer.rows : {};
  const same =
    Object.keys(rows).length === Object.keys(counted).length &&
    Object.entries(counted).every(([name, n]) => rows[name] === n);
  if (!same) throw damaged(file, 'its row counts do not match its rows');
  yield { kind: 'end', rows: counted, dataBytes };
}

/** Reads the whole file and checks it (structure, checksum, counts) without any database. */
export async function checkBackup(file: string): Promise<BackupSummary> {
  const started = performance.now();
  let header: BackupHeader | null = null;
  const tables: TableCount[] = [];
  let dataBytes = 0;
  for await (const event of readBackup(file)) {
    if (event.kind === 'header') header = event.header;
    else if (event.kind === 'tableEnd') tables.push({ table: event.table, rows: event.rows });
    else if (event.kind === 'end') dataBytes = event.dataBytes;
  }
  return summaryOf(file, { header: header!, tables, dataBytes }, started);
}

// ---------------------------------------------------------------------------------------------------------
// Restoring

/** Rows sent to the database in one statement: at most this many, and about this many bytes of JSON. */
const INSERT_ROWS = 1000;
const INSERT_BYTES = 4 * 1024 * 1024;

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The INSERT of a batch of rows up to its parameter: `jsonb_array_elements` of one JSON array of rows (arrays),
 * each value cast with the target's type (the text form reads back exactly; bytea from base64). jsonb rather
 * than json: each `->>` then finds its value without reading the row's text again.
 */
function insertStatement(table: CatalogTable, columns: CatalogColumn[]): string {
  const values = columns.map((c, i) =>
    c.bytea ? `decode(r->>${i}, 'base64')` : `CAST(r->>${i} AS ${c.type})`,
  );
  const overriding = columns.some((c) => c.identityAlways) ? ' OVERRIDING SYSTEM VALUE' : '';
  return (
    `INSERT INTO ${ident(table.name)} (${columns.map((c) => ident(c.name)).join(', ')})${overriding} ` +
    `SELECT ${values.join(', ')} FROM jsonb_array_elements`
  );
}

/**
 * Loads a backup into `database`, which must be migrated to the same migrations as the backup's and hold no
 * data: all in one transaction, committed only when the whole file has been read and checked, so a refusal or a
 * damaged file writes nothing. The triggers of the loaded tables are off during the load (rollups, business days
 * and last payment dates come from the backup as they were, not counted twice) and on again before the commit.
 */
export async function restoreDatabase(database: Database, file: string): Promise<RestoreSummary> {
  const started = performance.now();
  if (!(await exists(file))) throw new BackupError(`${file}: no such file.`);
  const result = await database.db
    .transaction(async (tx) => {
      await fixTextForms(tx);
      const events = readBackup(file);
      try {
        const loaded = await load(tx, file, events);
        await sealRestoredGames(tx);
        return loaded;
      } finally {
        await events.return(undefined); // closes the file when the load stopped before its end
      }
    })
    .catch(async (err: unknown) => {
      // A damaged file can decompress into a row the database refuses before the file's own checks (its gzip
      // trailer, its checksum: both at its end) are reached. Nothing was written (the transaction is undone):
      // read it to its end, so a damaged file is said to be damaged rather than shown as a database error.
      if (!(err instanceof BackupError)) for await (const _ of readBackup(file));
      throw err;
    });
  // Fresh planner statistics for the loaded tables (PGlite runs no autovacuum to gather them).
  await database.db.execute(sql`ANALYZE`);
  return summaryOf(file, { ...result, tables: result.counts }, started);
}

/**
 * A game that was running when the backup was taken may have had its first call since, and its order seen: a
 * restore would bring back a game without calls that a cancel refunds, a re-roll. So every game restored
 * unfinished can no longer be cancelled, only played or finished (product/draw.md#invariants).
 */
async function sealRestoredGames(tx: Tx): Promise<void> {
  await tx.execute(
    sql`UPDATE games SET state = state || '{"orderShown": true}'::jsonb WHERE status IN ('active', 'paused')`,
  );
}

async function load(tx: Tx, file: string, events: AsyncGenerator<BackupEvent>) {
  const first = await events.next();
  if (first.done || first.value.kind !== 'header') throw damaged(file, 'it has no header');
  const header = first.value.header;

  const migrations = await appliedMigrations(tx);
  if (
    !sameList(
      migrations.map((m) => m.hash),
      header.migrations.map((m) => m.hash),
    )
  ) {
    throw new BackupError(
      `This backup was made by Cartela ${header.serverVersion} with ${header.migrations.length} migrations (last: ${migrationName(header.migrations.at(-1)?.createdAt)}), but this database has ${migrations.length} (last: ${migrationName(migrations.at(-1)?.createdAt)}): restore it with the Cartela version that made it, then upgrade.`,
    );
  }
  const catalog = new Map((await readCatalog(tx)).map((t) => [t.name, t]));
  const expected = [...catalog.keys()].filter((name) => !header.notBackedUp.includes(name)).sort();
  if (!sameList(expected, [...header.tables].sort())) {
    throw new BackupError(
      `The backup's tables (${[...header.tables].sort().join(', ')}) are not this database's (${expected.join(', ')}).`,
    );
  }
  const loaded = header.tables.map((name) => catalog.get(name)!);

  // Each loaded table's triggers off for the load; ALTER TABLE also locks the table until the commit, so no
  // server writing meanwhile can slip a row in between the check below and the load.
  for (const table of loaded) {
    for (const trigger of table.triggers) {
      await tx.execute(sql.raw(`ALTER TABLE ${ident(table.name)} DISABLE TRIGGER ${ident(trigger)}`));
    }
  }
  const holding: string[] = [];
  for (const table of loaded) {
    if (FILLED_BY_MIGRATIONS.includes(table.name)) continue;
    const [row] = await rowsOf<{ any: boolean }>(
      tx,
      sql.raw(`SELECT EXISTS (SELECT 1 FROM ${ident(table.name)}) AS "any"`),
    );
    if (row?.any) holding.push(table.name);
  }
  if (holding.length > 0) {
    throw new BackupError(
      `This database is not empty (${holding.join(', ')} hold rows): restore into a new, empty database only.`,
    );
  }
  for (const name of FILLED_BY_MIGRATIONS) {
    if (catalog.has(name)) await tx.execute(sql.raw(`DELETE FROM ${ident(name)}`));
  }

  const counts: TableCount[] = [];
  let current: { table: CatalogTable; statement: string } | null = null;
  let batch: string[] = [];
  let batchBytes = 0;
  const insert = async () => {
    if (batch.length === 0 || !current) return;
    const json = `[${batch.join(',')}]`;
    batch = [];
    batchBytes = 0;
    await tx.execute(sql`${sql.raw(current.statement)}(${json}::jsonb) AS r`);
  };
  let end: Extract<BackupEvent, { kind: 'end' }> | null = null;
  for await (const event of events) {
    switch (event.kind) {
      case 'table': {
        const table = catalog.get(event.table)!;
        const columns = event.columns.map((c) => table.columns.find((t) => t.name === c.name));
        const names = new Set(event.columns.map((c) => c.name));
        if (
          names.size !== table.columns.length ||
          columns.length !== table.columns.length ||
          columns.some((c, i) => !c || c.type !== event.columns[i]!.type)
        ) {
          throw new BackupError(
            `The columns of ${event.table} in the backup are not this database's: restore it with the Cartela version that made it.`,
          );
        }
        current = { table, statement: insertStatement(table, columns as CatalogColumn[]) };
        break;
      }
      case 'row':
        batch.push(event.text);
        batchBytes += event.text.length;
        if (batch.length >= INSERT_ROWS || batchBytes >= INSERT_BYTES) await insert();
        break;
      case 'tableEnd':
        await insert();
        counts.push({ table: event.table, rows: event.rows });
        current = null;
        break;
      case 'sequences': {
        const present = await sequenceNames(tx);
        for (const s of event.sequences) {
          if (!present.includes(s.name)) {
            throw new BackupError(`The backup's sequence ${s.name} is not in this database.`);
          }
          await tx.execute(
            sql`SELECT setval(${ident(s.name)}::regclass, ${s.lastValue}::bigint, ${s.isCalled}::boolean)`,
          );
        }
        break;
      }
      case 'end':
        end = event;
        break;
      default:
        break;
    }
  }
  if (!end) throw damaged(file, 'it ends before its last line');
  for (const table of loaded) {
    for (const trigger of table.triggers) {
      await tx.execute(sql.raw(`ALTER TABLE ${ident(table.name)} ENABLE TRIGGER ${ident(trigger)}`));
    }
  }
  return { header, counts, dataBytes: end.dataBytes };
}

async function sequenceNames(tx: Tx): Promise<string[]> {
  return (
    await rowsOf<{ name: string }>(
      tx,
      sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind = 'S'`,
    )
  ).map((r) => r.name);
}
