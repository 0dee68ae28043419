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
import { retrying } from './retry.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The Drizzle database, typed as the common PostgreSQL flavour of both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle (what `db.transaction` passes to its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: query helpers accept both. */
export type DbOrTx = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

/** The channel the users trigger notifies on, with the user id (drizzle/0001_triggers.sql). */
export const USER_CHANGED_CHANNEL = 'cartela_user_changed';
/** The channel a sign-out notifies on, with the token id (drizzle/0002_auth_limits_and_sessions.sql). */
export const SESSION_REVOKED_CHANNEL = 'cartela_session_revoked';
/** Passed to every listener when notifications may have been missed: forget what was cached, reload. */
export const MISSED = '*';
const CHANNELS = [USER_CHANGED_CHANNEL, SESSION_REVOKED_CHANNEL] as const;
export type Channel = (typeof CHANNELS)[number];

/** One SQL statement with `$1...` parameters and a name unique to its text (see Database.query). */
export interface Statement {
  name: string;
  text: string;
}

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** The embedded engine when it runs in this thread (null in a worker and on PostgreSQL): for tooling. */
  pglite: PGlite | null;
  /**
   * Runs ONE statement on its own (autocommit) and returns its rows as the driver gives them: on PostgreSQL as a
   * named prepared statement, parsed and planned once per connection; on PGlite as a plain query. For hot paths
   * where planning is most of a statement's cost (a game's call: docs/decisions/045-games-server.md); anything
   * else goes through Drizzle.
   */
  query<T>(statement: Statement, values: readonly unknown[]): Promise<T[]>;
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
   * Calls `listener(payload)` for each notification on `channel`, from any instance (LISTEN/NOTIFY), or with
   * MISSED when notifications may have been missed (the listening connection dropped). Returns an unsubscribe.
   */
  listen(channel: Channel, listener: (payload: string) => void): () => void;
  /** False while notifications from other instances may be missed; caches must not trust themselves then. */
  notificationsReliable(): boolean;
  /**
   * Resolves once this instance hears `payload` on `channel` (true), or after `ms` (false). Start it BEFORE the
   * transaction whose commit sends the notification and await it after: PostgreSQL hands a notification to
   * every listening session at the commit, so once ours has it the other instances have it too, and an answer
   * sent after that is not overtaken by the caller's next request to another instance (decision 068). PGlite
   * serves one process, which knows at once: true at once.
   */
  hear(channel: Channel, payload: string, ms: number): Hearing;
  /** How busy the connections are now (GET /api/metrics, plugins/metrics.ts). */
  poolStats(): PoolStats;
  close(): Promise<void>;
}

/** A notification awaited (Database.hear): `heard` settles on it or on the timeout; cancel() settles it false. */
export interface Hearing {
  heard: Promise<boolean>;
  cancel(): void;
}

/**
 * PostgreSQL: node-postgres' pool counts. PGlite has ONE connection, held by one query or transaction at a time
 * while the others queue for it: total 1, idle 1 or 0, waiting = the statements queued behind the one running.
 */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
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
  | {
      kind: 'postgres';
      url: string;
      poolMax?: number;
      onError?: (err: Error) => void;
      /** How long a request waits for a connection (a new one, or a free one of the pool); CONNECT_TIMEOUT_MS. */
      connectTimeoutMs?: number;
    };

/**
 * A request waits at most this long for a connection: a server that does not answer (a host gone from the
 * network) would otherwise hold it until the system's TCP timeout, two minutes, instead of a 503 with
 * Retry-After (db/unreachable.ts). The same wait bounds the queue for a free connection of a busy pool: a request
 * still without one after 10 s is better told to try again than left hanging.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

export function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite' ? openPglite(options) : openPostgres(options);
}

class Listeners {
  private readonly byChannel = new Map<string, Set<(payload: string) => void>>();
  add(channel: string, listener: (payload: string) => void) {
    let set = this.byChannel.get(channel);
    if (!set) {
      set = new Set();
      this.byChannel.set(channel, set);
    }
    set.add(listener);
    return () => void set.delete(listener);
  }
  emit(channel: string, payload: string) {
    for (const listener of this.byChannel.get(channel) ?? []) listener(payload);
  }
  /** Every listener of every channel: notifications may have been missed. */
  missed() {
    for (const channel of this.byChannel.keys()) this.emit(channel, MISSED);
  }
  /** Database.hear over these listeners; a miss ends the wait (what was missed cannot be heard any more). */
  hear(channel: string, payload: string, ms: number): Hearing {
    let settle: (heard: boolean) => void = () => {};
    const heard = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => settle(false), ms);
      const off = this.add(channel, (p) => {
        if (p === payload || p === MISSED) settle(p === payload);
      });
      settle = (value) => {
        clearTimeout(timer);
        off();
        resolve(value);
      };
    });
    return { heard, cancel: () => settle(false) };
  }
}

const HEARD_AT_ONCE: Hearing = { heard: Promise.resolve(true), cancel() {} };

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
  // Statements and transactions on their way to the one connection (poolStats): the two calls Drizzle makes.
  let inFlight = 0;
  const busy = <T>(work: Promise<T>): Promise<T> => {
    inFlight++;
    return work.finally(() => {
      inFlight--;
    });
  };
  const counted: Pick<PgliteClient, 'query' | 'transaction'> = {
    query: (text, params, options) => busy(client.query(text, params, options)),
    transaction: (fn) => busy(client.transaction(fn)),
  };
  // The worker client speaks the part of PGlite's interface Drizzle uses.
  const db = drizzle({ client: counted as unknown as PGlite, schema });
  const listeners = new Listeners();
  const listening = new Set<string>();

  return {
    db: db as unknown as Db,
    kind: 'pglite',
    pglite: 'dumpDataDir' in client ? (client as unknown as PGlite) : null,
    async query<T>(statement: Statement, values: readonly unknown[]) {
      return (await counted.query(statement.text, [...values])).rows as T[];
    },
    async ping() {
      await counted.query('SELECT 1');
    },
    async migrate(folder) {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db, { migrationsFolder: folder });
    },
    lastMigrationMillis: () => lastMigrationMillis(db as unknown as Db),
    withStartupLock: (fn) => fn(),
    listen(channel, listener) {
      // One process owns a PGlite folder, and every write comes through this process; still, LISTEN catches
      // writes made without going through the owning module (the triggers fire for every change).
      if (!listening.has(channel)) {
        listening.add(channel);
        // If LISTEN failed, in-process invalidation (after each write) still holds.
        client.listen(channel, (payload) => listeners.emit(channel, payload)).catch(() => {});
      }
      return listeners.add(channel, listener);
    },
    notificationsReliable: () => true,
    hear: () => HEARD_AT_ONCE,
    poolStats: () => ({ total: 1, idle: inFlight === 0 ? 1 : 0, waiting: Math.max(0, inFlight - 1) }),
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * Every `db.transaction(...)` of the server runs again when PostgreSQL aborts it for a deadlock or a serialization
 * failure (retry.ts, decision 059). Its callback only talks to the database, so running it again is safe.
 */
function retryTransactions(db: Db): Db {
  const run = db.transaction.bind(db);
  const transaction: Db['transaction'] = (fn, config) => retrying(() => run(fn, config));
  return Object.assign(db, { transaction });
}

/** Key of the advisory lock taken while migrating and seeding (any constant: 'carte' in ASCII). */
const STARTUP_LOCK_KEY = 0x6361727465;

async function openPostgres(options: Extract<DatabaseOptions, { kind: 'postgres' }>): Promise<Database> {
  const [{ default: pg }, { drizzle }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const onError = options.onError ?? (() => {});
  const connectionTimeoutMillis = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  const pool: Pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', onError);
  const db = drizzle({ client: pool, schema });
  const listeners = new Listeners();

  // One dedicated connection LISTENs on every channel; it reconnects when lost, and while it is down every
  // listener is told MISSED and caches are off (changes made meanwhile by other instances would be missed).
  let listener: InstanceType<typeof pg.Client> | null = null;
  let listenerLive = false;
  let wantListener = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connectListener = async () => {
    if (closed || listener) return;
    const client = new pg.Client({ connectionString: options.url, connectionTimeoutMillis });
    listener = client;
    const lost = (err?: Error) => {
      if (listener !== client) return;
      listener = null;
      listenerLive = false;
      listeners.missed();
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      if (err) onError(err);
      if (!closed) retry = setTimeout(() => void connectListener(), 1000);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (msg) => {
      if (msg.payload) listeners.emit(msg.channel, msg.payload);
    });
    try {
      await client.connect();
      // Every known channel (fixed names, never user input): a listener added later needs no new LISTEN.
      for (const channel of CHANNELS) await client.query(`LISTEN ${channel}`);
      if (listener === client) {
        listenerLive = true;
        listeners.missed(); // anything cached before this point may be stale
      }
    } catch (err) {
      lost(err as Error);
    }
  };

  // Fail fast at start when the server cannot be reached.
  await pool.query('SELECT 1');

  return {
    db: retryTransactions(db as unknown as Db),
    kind: 'postgres',
    pglite: null,
    async query<T>(statement: Statement, values: readonly unknown[]) {
      const result = await pool.query({ name: statement.name, text: statement.text, values: [...values] });
      return result.rows as T[];
    },
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
    listen(channel, fn) {
      if (!wantListener) {
        wantListener = true;
        void connectListener();
      }
      return listeners.add(channel, fn);
    },
    notificationsReliable: () => listenerLive,
    // Without a live listener nothing can be heard: no wait (the caches trust nothing then anyway).
    hear: (channel, payload, ms) =>
      listenerLive ? listeners.hear(channel, payload, ms) : { heard: Promise.resolve(false), cancel() {} },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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
