// Whether a failure means the database cannot be reached right now, rather than that a query or the code is
// wrong: PostgreSQL down, restarting or refusing connections, the connection cut, no connection within the pool's
// timeout, the embedded database's worker gone. Such a request is answered 503 with Retry-After
// (plugins/errors.ts, docs/OPERATIONS.md): the hall's screens keep their session and try again, and a monitor
// tells an outage from a bug.
import { sqlStateOf } from './retry.js';

/**
 * The embedded database can no longer answer: its worker thread stopped (a crash of PGlite, out of memory) or it
 * was closed. Nothing brings the worker back but a restart of the server.
 */
export class DatabaseStoppedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseStoppedError';
  }
}

/**
 * SQLSTATEs of a database that cannot serve: class 08 (connection exception), admin_shutdown (57P01: a
 * connection terminated, PostgreSQL stopping), crash_shutdown (57P02), cannot_connect_now (57P03: starting or
 * shutting down), too_many_connections (53300), invalid_catalog_name (3D000: the database is not there, being
 * restored).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '3D000']);

/** Node's errors of a connection that could not be made or was cut. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * What node-postgres and PGlite say without a code: a connection cut while in use, the pool's connect timeout
 * (connectionTimeoutMillis), a pool or an engine closed while requests still arrive.
 */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
];

function isUnavailable(e: { code?: unknown; syscall?: unknown; message?: unknown }): boolean {
  if (e instanceof DatabaseStoppedError) return true;
  const code = typeof e.code === 'string' ? e.code : '';
  if (CONNECTION_CODES.has(code)) return true;
  // A socket path that is not there: the local server is not running.
  if (code === 'ENOENT' && e.syscall === 'connect') return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m));
}

/** Whether `err`, or an error it wraps (Drizzle wraps the driver's; a failed connect may be an AggregateError). */
export function isDatabaseUnreachable(err: unknown): boolean {
  const state = sqlStateOf(err);
  if (state && (state.startsWith('08') || UNAVAILABLE_STATES.has(state))) return true;
  const seen = new Set<unknown>();
  const pending: unknown[] = [err];
  while (pending.length > 0 && seen.size < 20) {
    const e = pending.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    if (isUnavailable(e as Record<string, unknown>)) return true;
    pending.push((e as { cause?: unknown }).cause);
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner)) pending.push(...inner);
  }
  return false;
}
