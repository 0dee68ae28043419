// One database handle for both engines: the embedded PGlite (a folder, or memory for tests) and a PostgreSQL
// server. The rest of the server sees only `Database`: the same Drizzle API, schema and queries on both.
//
// PGlite has ONE connection: a multi-statement write must go through `db.transaction(...)` (which holds the
// connection for the whole transaction), never BEGIN/COMMIT statements that concurrent requests could interleave.
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool, PoolClient } from 'pg';
import { type PgliteStartOptions, startPglite, startPgliteWorker } from './embedded.js';
import type { PgliteClient } from './pglite-worker.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The Drizzle database, typed as the common PostgreSQL flavour of both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle (what `db.transaction` passes to its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: query helpers accept both. */
export type DbOrTx = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

/** The channel the users trigger notifies on (drizzle/0001_triggers.sql). */
export const USER_CHANGED_CHANNEL = 'cartela_user_changed';
/** Passed to user-change listeners when changes may have been missed: forget every cached user. */
export const ALL_USERS = '*';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** The embedded engine when it runs in this thread (null in a worker and on PostgreSQL): for tooling. */
  pglite: PGlite | null;
  /** Runs `SELECT 1`; throws when the database cannot be reached. */
  ping(): Promise<void>;
  /** Applies the migrations in `folder` (drizzle's migrator for the engine). */
  migrate(folder: string): Promise<void>;
  /** created_at (the migration folder's millis) of the newest applied migration; null when none or no table. */
  lastMigrationMillis(): Promise<number | null>;
  /**
   * Runs `fn` while holding a cluster-wide lock (a PostgreSQL advisory lock), so that two instances starting
   * together do not both migrate or seed. PGlite has a single process: it just runs `fn`.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Calls `listener(userId)` after a users row changed (on any instance: LISTEN/NOTIFY), or with ALL_USERS
   * when notifications may have been missed (the listening connection dropped). Returns an unsubscribe.
   */
  onUserChanged(listener: (userId: string) => void): () => void;
  /** False while notifications from other instances may be missed; caches must not trust themselves then. */
  userChangesReliable(): boolean;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | ({
      kind: 'pglite';
      /** A folder, or 'memory://' for a throwaway database. */
      dataDir: string;
      /** An instance already started on dataDir (see embedded.ts), instead of starting one here. */
      client?: PgliteClient | Promise<PgliteClient>;
      /** Run PGlite in a worker thread (what the server does) rather than in this thread. */
      worker?: boolean;
    } & PgliteStartOptions)
  | { kind: 'postgres'; url: string; poolMax?: number; onError?: (err: Error) => void };

export function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite' ? openPglite(options) : openPostgres(options);
}

class Listeners {
  private readonly set = new Set<(userId: string) => void>();
  add(listener: (userId: string) => void) {
    this.set.add(listener);
    return () => void this.set.delete(listener);
  }
  emit(userId: string) {
    for (const listener of this.set) listener(userId);
  }
}

async function openPglite(options: Extract<DatabaseOptions, { kind: 'pglite' }>): Promise<Database> {
  const client: PgliteClient = await (options.client ??
    (options.worker
      ? startPgliteWorker(options.dataDir, {
          ...(options.initdbArgs ? { initdbArgs: options.initdbArgs } : {}),
          ...(options.loadDataDir
            ? { loadDataDir: new Uint8Array(await options.loadDataDir.arrayBuffer()) }
            : {}),
        })
      : await startPglite(options.dataDir, options)));
  // Drizzle loads while PGlite boots.
  const [{ drizzle }] = await Promise.all([import('drizzle-orm/pglite'), client.waitReady]);
  // The worker client speaks the part of PGlite's interface Drizzle uses.
  const db = drizzle({ client: client as unknown as PGlite, schema });
  const listeners = new Listeners();
  let listening = false;

  return {
    db: db as unknown as Db,
    kind: 'pglite',
    pglite: 'dumpDataDir' in client ? (client as unknown as PGlite) : null,
    async ping() {
      await client.query('SELECT 1');
    },
    async migrate(folder) {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db, { migrationsFolder: folder });
    },
    lastMigrationMillis: () => lastMigrationMillis(db as unknown as Db),
    withStartupLock: (fn) => fn(),
    onUserChanged(listener) {
      // One process owns a PGlite folder, and every write comes through this process; still, LISTEN catches
      // writes made without going through the users module (the trigger fires for every UPDATE/DELETE).
      if (!listening) {
        listening = true;
        // If LISTEN failed, in-process invalidation (UserCache.invalidate after each write) still holds.
        client.listen(USER_CHANGED_CHANNEL, (payload) => listeners.emit(payload)).catch(() => {});
      }
      return listeners.add(listener);
    },
    userChangesReliable: () => true,
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/** Key of the advisory lock taken while migrating and seeding (any constant: 'carte' in ASCII). */
const STARTUP_LOCK_KEY = 0x6361727465;

async function openPostgres(options: Extract<DatabaseOptions, { kind: 'postgres' }>): Promise<Database> {
  const [{ default: pg }, { drizzle }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const onError = options.onError ?? (() => {});
  const pool: Pool = new pg.Pool({ connectionString: options.url, max: options.poolMax ?? 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', onError);
  const db = drizzle({ client: pool, schema });
  const listeners = new Listeners();

  // One dedicated connection LISTENs for user changes; it reconnects when lost, and while it is down every
  // cached user is forgotten and caching is off (changes made meanwhile by other instances would be missed).
  let listener: InstanceType<typeof pg.Client> | null = null;
  let listenerLive = false;
  let wantListener = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connectListener = async () => {
    if (closed || listener) return;
    const client = new pg.Client({ connectionString: options.url });
    listener = client;
    const lost = (err?: Error) => {
      if (listener !== client) return;
      listener = null;
      listenerLive = false;
      listeners.emit(ALL_USERS);
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      if (err) onError(err);
      if (!closed) retry = setTimeout(() => void connectListener(), 1000);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (msg) => {
      if (msg.channel === USER_CHANGED_CHANNEL && msg.payload) listeners.emit(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${USER_CHANGED_CHANNEL}`);
      if (listener === client) {
        listenerLive = true;
        listeners.emit(ALL_USERS); // anything cached before this point may be stale
      }
    } catch (err) {
      lost(err as Error);
    }
  };

  // Fail fast at start when the server cannot be reached.
  await pool.query('SELECT 1');

  return {
    db: db as unknown as Db,
    kind: 'postgres',
    pglite: null,
    async ping() {
      await pool.query('SELECT 1');
    },
    async migrate(folder) {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(db, { migrationsFolder: folder });
    },
    lastMigrationMillis: () => lastMigrationMillis(db as unknown as Db),
    async withStartupLock(fn) {
      const client: PoolClient = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    onUserChanged(fn) {
      if (!wantListener) {
        wantListener = true;
        void connectListener();
      }
      return listeners.add(fn);
    },
    userChangesReliable: () => listenerLive,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const l = listener;
      listener = null;
      listenerLive = false;
      await Promise.all([l?.end().catch(() => {}), pool.end()]);
    },
  };
}

async function lastMigrationMillis(db: Db): Promise<number | null> {
  try {
    // Both drivers answer { rows }.
    const result = (await db.execute(
      sql`SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations`,
    )) as {
      rows: { last: string | number | null }[];
    };
    const last = result.rows[0]?.last;
    return last === null || last === undefined ? null : Number(last);
  } catch {
    return null; // no migrations table yet
  }
}

/** `SELECT 1` through Drizzle: used by the health check so it exercises the same path as every query. */
export async function selectOne(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
