// The database's data as one comparable value: an md5 per table over the text of its rows, sorted. The hostile
// input and permissions proofs compare the data before and after requests: a refused request (4xx) must leave
// every table as it was. The tables come from the catalog, so a table added by a later migration is
// fingerprinted without anyone remembering to list it; the catalog is read once, then each fingerprint is ONE
// statement. It is cheap because it is mostly not needed: while no transaction has taken an id since the last
// fingerprint, nothing can have written, and one tiny query says so (Fingerprinter.next).
import { authRoutes, type RouteDef } from '@cartela/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

const nameOf = (route: RouteDef) => `${route.method} ${route.path}`;

/**
 * Tables that a refused request may change on purpose, each with its reason and the routes it may do so on.
 * Every other table, and these on every other route, must be exactly as they were.
 */
export const CHANGES_ON_REFUSAL: Readonly<Record<string, { reason: string; routes: readonly string[] }>> = {
  'public.login_attempts': {
    // Failed sign-ins are counted where every instance sees them (modules/auth/limiter.ts): a 401 for a wrong
    // password MUST leave a trace, or guessing would be free. A password change checks the current password
    // under the same limits, so a wrong one there counts too.
    reason: 'a wrong password is counted by the login limits',
    routes: [authRoutes.login, authRoutes.superAgentLogin, authRoutes.updateProfile].map(nameOf),
  },
};

/** The tables whose change a refusal of `route` may explain (CHANGES_ON_REFUSAL). */
export const mayChangeOnRefusal = (route: string, table: string) =>
  CHANGES_ON_REFUSAL[table]?.routes.includes(route) ?? false;

/** md5 of each table's rows, by `schema.table`. */
export type Fingerprint = ReadonlyMap<string, string>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A double-quoted SQL identifier. */
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** A single-quoted SQL literal. */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A fingerprint and the transaction id the database was at when it was taken. */
export interface Snapshot {
  /** The next transaction id to be given out: it moves whenever any transaction writes. */
  xid: string;
  fingerprint: Fingerprint;
}

export interface Fingerprinter {
  /** The tables fingerprinted, `schema.table` (every ordinary table outside PostgreSQL's own schemas). */
  tables: readonly string[];
  /** Fingerprints every table. */
  take(): Promise<Snapshot>;
  /**
   * The data now, compared with `previous` at the cost of one tiny query when nothing has written since: every
   * INSERT, UPDATE or DELETE runs in a transaction that takes an id, so while the next id has not moved no row
   * can have changed. When it has moved (a write here, or on PostgreSQL anywhere in the cluster), everything is
   * fingerprinted again.
   */
  next(previous: Snapshot): Promise<Snapshot>;
}

/** Reads the catalog once and prepares the one statement that fingerprints every table found there. */
export async function fingerprinter(database: Database): Promise<Fingerprinter> {
  const columns = rowsOf<{ schema: string; name: string; column: string; type: string }>(
    await database.db.execute(sql`
      SELECT n.nspname AS schema, c.relname AS name, a.attname AS column, t.typname AS type
      FROM pg_catalog.pg_class c
        JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
      WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema')
        AND n.nspname NOT LIKE 'pg\\_%'
      ORDER BY n.nspname, c.relname, a.attnum`),
  );
  const byTable = new Map<string, { schema: string; name: string; values: string[] }>();
  for (const c of columns) {
    const key = `${c.schema}.${c.name}`;
    const table = byTable.get(key) ?? { schema: c.schema, name: c.name, values: [] };
    // A file's bytes (voice packs) as their md5: the same comparison, without hashing megabytes of hex text.
    table.values.push(c.type === 'bytea' ? `md5(${ident(c.column)})` : ident(c.column));
    byTable.set(key, table);
  }
  const tables = [...byTable.keys()];
  if (tables.length === 0) throw new Error('No tables found to fingerprint');
  // A row's text holds every column; sorting by it makes the hash independent of physical order (an UPDATE
  // moves a row to the end of its table without changing it). Byte order ("C"): the same on both engines and
  // cheaper than the locale's.
  const statement = [...byTable]
    .map(
      ([key, t]) =>
        `SELECT ${literal(key)} AS t, md5(coalesce(string_agg(r, E'\\n' ORDER BY r COLLATE "C"), '')) AS h ` +
        `FROM (SELECT ROW(${t.values.join(', ')})::text AS r FROM ${ident(t.schema)}.${ident(t.name)}) x`,
    )
    .join('\nUNION ALL\n');
  const nextXid = async () =>
    rowsOf<{ x: string }>(
      await database.db.execute(sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x`),
    )[0]!.x;
  const take = async (): Promise<Snapshot> => {
    // The id first: a write landing while the tables are read moves it, and the next look reads them again.
    const xid = await nextXid();
    const rows = rowsOf<{ t: string; h: string }>(await database.db.execute(sql.raw(statement)));
    return { xid, fingerprint: new Map(rows.map((r) => [r.t, r.h])) };
  };
  return {
    tables,
    take,
    async next(previous) {
      return (await nextXid()) === previous.xid ? previous : take();
    },
  };
}

/** The tables whose rows differ between two fingerprints. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
