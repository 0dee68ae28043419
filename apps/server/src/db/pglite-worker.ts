// The embedded database in a worker thread. PGlite is PostgreSQL compiled to WASM: booting it (~0.5 s) and
// running every query is CPU work. In a worker it boots while the main thread loads the HTTP stack (start-up
// budget: 1.5 s), and queries run on the machine's second core instead of blocking request handling.
//
// The main thread gets a small client with the part of PGlite's interface that Drizzle and this server use:
// query, exec, transaction, listen, close. Messages carry the SQL, parameters and results (structured clone).
// docs/decisions/027-pglite-in-a-worker.md
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { DatabaseStoppedError } from './unreachable.js';

/** An open transaction, as far as this server uses it. */
export interface PgliteTx {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<unknown[]>;
}

/** What this server needs of a PGlite instance; both PGlite itself and PgliteWorkerClient provide it. */
export interface PgliteClient {
  readonly waitReady: Promise<void>;
  readonly closed: boolean;
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<unknown[]>;
  transaction<T>(fn: (tx: PgliteTx) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<unknown>;
  close(): Promise<void>;
}
// PGlite itself fits (checked here, at no cost at run time).
const _pgliteFits = (pg: PGlite): PgliteClient => pg;
void _pgliteFits;

// The worker's code, plain CommonJS run with `eval: true`, so that it works the same from src/ (tsx, Vitest) and
// from dist/ without a separate build step. PGlite is loaded from the path the main thread resolved.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { PGlite } = require(workerData.pglitePath);
if (workerData.copyFrom) {
  // A first start: the build's ready-made database, copied beside the target then renamed, so that a crash
  // half-way never leaves half a database behind.
  const tmp = workerData.dataDir + '.tmp-' + process.pid;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.cpSync(workerData.copyFrom, tmp, { recursive: true });
  fs.renameSync(tmp, workerData.dataDir);
}
const options = { startParams: [...PGlite.defaultStartParams, ...workerData.startParams] };
if (workerData.initdbArgs) options.initDbStartParams = workerData.initdbArgs;
if (workerData.loadDataDir) options.loadDataDir = new Blob([workerData.loadDataDir]);
const pg = new PGlite(workerData.dataDir, options);
const identity = (value) => value;
const ROLLBACK = Symbol('rollback');
const txs = new Map();
let nextTx = 1;

function errorInfo(err) {
  const info = { message: String((err && err.message) || err), name: (err && err.name) || 'Error' };
  if (err && typeof err === 'object') {
    for (const key of Object.keys(err)) {
      const value = err[key];
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) info[key] = value;
    }
  }
  return info;
}
// Only the shape of results crosses the thread boundary.
const result = (r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });
// The main thread names the types to leave unparsed (Drizzle's identity parsers: timestamps, dates...).
function queryOptions(msg) {
  const parsers = {};
  for (const oid of msg.rawOids) parsers[oid] = identity;
  return msg.rowMode ? { rowMode: msg.rowMode, parsers } : { parsers };
}
function target(msg) {
  if (msg.txId === undefined) return pg;
  const tx = txs.get(msg.txId);
  if (!tx || !tx.handle) throw new Error('Transaction is closed');
  return tx.handle;
}

async function handle(msg) {
  switch (msg.op) {
    case 'query':
      return result(await target(msg).query(msg.text, msg.params, queryOptions(msg)));
    case 'exec':
      return (await target(msg).exec(msg.text)).map(result);
    case 'begin': {
      // PGlite's transaction() holds the connection until its callback settles: keep it open until the main
      // thread says commit (resolve) or rollback (reject).
      const txId = nextTx++;
      const tx = { handle: null };
      const end = new Promise((resolve, reject) => { tx.commit = resolve; tx.rollback = reject; });
      let started;
      const begun = new Promise((resolve) => { started = resolve; });
      tx.done = pg.transaction(async (handle) => { tx.handle = handle; started(); return end; });
      txs.set(txId, tx);
      try {
        await Promise.race([begun, tx.done]);
      } catch (err) {
        txs.delete(txId);
        throw err;
      }
      return txId;
    }
    case 'commit': {
      const tx = txs.get(msg.txId);
      if (!tx) throw new Error('Transaction is closed');
      tx.commit();
      try { await tx.done; } finally { txs.delete(msg.txId); }
      return null;
    }
    case 'rollback': {
      const tx = txs.get(msg.txId);
      if (!tx) return null;
      tx.rollback(ROLLBACK);
      try { await tx.done; } catch (err) { if (err !== ROLLBACK) throw err; } finally { txs.delete(msg.txId); }
      return null;
    }
    case 'listen':
      await pg.listen(msg.channel, (payload) => parentPort.postMessage({ event: 'notification', channel: msg.channel, payload }));
      return null;
    case 'close':
      if (!pg.closed) await pg.close();
      return null;
    default:
      throw new Error('Unknown operation ' + msg.op);
  }
}

parentPort.on('message', (msg) => {
  handle(msg).then(
    (value) => parentPort.postMessage({ id: msg.id, ok: true, value }),
    (err) => parentPort.postMessage({ id: msg.id, ok: false, error: errorInfo(err) }),
  );
});
pg.waitReady.then(
  () => parentPort.postMessage({ event: 'ready' }),
  (err) => parentPort.postMessage({ event: 'failed', error: errorInfo(err) }),
);
`;

type Message =
  | {
      op: 'query';
      text: string;
      params: unknown[];
      rowMode?: 'array' | 'object';
      rawOids: number[];
      txId?: number;
    }
  | { op: 'exec'; text: string; txId?: number }
  | { op: 'begin' }
  | { op: 'commit' | 'rollback'; txId: number }
  | { op: 'listen'; channel: string }
  | { op: 'close' };

type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Record<string, unknown> & { message: string } }
  | { event: 'ready' }
  | { event: 'failed'; error: Record<string, unknown> & { message: string } }
  | { event: 'notification'; channel: string; payload: string };

interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Only identity parsers are supported (what Drizzle passes): the named types stay as PostgreSQL text. */
  parsers?: Record<number, unknown>;
}

/** An error as PGlite threw it in the worker: same message and fields (code, detail, constraint...). */
function rebuildError(info: Record<string, unknown> & { message: string }): Error {
  const err = new Error(info.message);
  Object.assign(err, info);
  return err;
}

export interface PgliteWorkerOptions {
  /** A NEW database starts as a copy of this folder (the build's template), made by the worker. */
  copyFrom?: string;
  /** A tarball (PGlite dumpDataDir) to start a NEW database from, instead of running initdb. */
  loadDataDir?: Blob | Uint8Array;
  /** Extra initdb arguments, when a new database is created. */
  initdbArgs?: string[];
  /** Extra PostgreSQL start parameters (after PGlite's defaults). */
  startParams?: string[];
}

export class PgliteWorkerClient {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private failure: Error | null = null;
  private isClosed = false;

  private constructor(worker: Worker) {
    this.worker = worker;
    let ready: () => void;
    let failed: (err: Error) => void;
    this.waitReady = new Promise<void>((resolve, reject) => {
      ready = resolve;
      failed = reject;
    });
    this.waitReady.catch(() => {}); // reported to whoever awaits it
    worker.on('message', (reply: Reply) => {
      if ('event' in reply) {
        if (reply.event === 'ready') ready();
        else if (reply.event === 'failed') failed(rebuildError(reply.error));
        else for (const cb of this.listeners.get(reply.channel) ?? []) cb(reply.payload);
        return;
      }
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiter.resolve(reply.value);
      else waiter.reject(rebuildError(reply.error));
    });
    const stop = (err: Error) => {
      this.failure ??= err;
      failed(err);
      for (const waiter of this.pending.values()) waiter.reject(err);
      this.pending.clear();
    };
    // Every request after this is answered 503 (db/unreachable.ts) until the server is restarted.
    worker.on('error', (err) =>
      stop(new DatabaseStoppedError(`The database worker failed: ${err.message}`, { cause: err })),
    );
    worker.on('exit', (code) =>
      stop(new DatabaseStoppedError(`The database worker stopped (exit code ${code})`)),
    );
  }

  static start(dataDir: string, options: PgliteWorkerOptions = {}): PgliteWorkerClient {
    const pglitePath = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    let loadDataDir: Uint8Array | undefined;
    if (options.loadDataDir instanceof Uint8Array) loadDataDir = options.loadDataDir;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        pglitePath,
        dataDir,
        initdbArgs: options.initdbArgs,
        startParams: options.startParams ?? [],
        loadDataDir,
        copyFrom: options.copyFrom,
      },
    });
    return new PgliteWorkerClient(worker);
  }

  get closed(): boolean {
    return this.isClosed;
  }

  private call<T>(message: Message): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.isClosed && message.op !== 'close') {
      return Promise.reject(new DatabaseStoppedError('PGlite is closed'));
    }
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private queryIn<T>(txId: number | undefined, text: string, params: unknown[] = [], options?: QueryOptions) {
    const rawOids = options?.parsers ? Object.keys(options.parsers).map(Number) : [];
    return this.call<{ rows: T[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }>({
      op: 'query',
      text,
      params,
      rawOids,
      ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
      ...(txId === undefined ? {} : { txId }),
    });
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions) {
    return this.queryIn<T>(undefined, text, params, options);
  }

  exec(text: string) {
    return this.call<{ rows: unknown[]; fields: unknown[]; affectedRows?: number }[]>({ op: 'exec', text });
  }

  /** Like PGlite's: the callback's queries run inside the transaction; it commits when the callback resolves. */
  async transaction<T>(fn: (tx: PgliteWorkerTransaction) => Promise<T>): Promise<T> {
    const txId = await this.call<number>({ op: 'begin' });
    let closed = false;
    const tx: PgliteWorkerTransaction = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        if (closed) return Promise.reject(new Error('Transaction is closed'));
        return this.queryIn<R>(txId, text, params, options);
      },
      exec: (text: string) =>
        closed
          ? Promise.reject(new Error('Transaction is closed'))
          : this.call<{ rows: unknown[]; fields: unknown[] }[]>({ op: 'exec', text, txId }),
      rollback: async () => {
        if (closed) return;
        closed = true;
        await this.call({ op: 'rollback', txId });
      },
      get closed() {
        return closed;
      },
    };
    try {
      const value = await fn(tx);
      if (!closed) {
        closed = true;
        await this.call({ op: 'commit', txId });
      }
      return value;
    } catch (err) {
      if (!closed) {
        closed = true;
        await this.call({ op: 'rollback', txId }).catch(() => {});
      }
      throw err;
    }
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.call({ op: 'listen', channel });
    }
    set.add(callback);
    return async () => {
      set.delete(callback);
    };
  }

  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    try {
      if (!this.failure) await this.call({ op: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }
}

export interface PgliteWorkerTransaction {
  query<T>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<{ rows: T[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }>;
  exec(text: string): Promise<{ rows: unknown[]; fields: unknown[] }[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}
