// The reports' use cases (decision 053 section 7): a page of games with its total and summary, and the same
// games as a CSV stream. An agent sees its own games, the admin every agent's (or one agent's). Exports are
// limited in number and read in small batches, handing the database and the event loop back between two, so
// that downloads never make a hall's calls wait (decision 057).
import type { Readable } from 'node:stream';
import type { ReportExportQuery, ReportQuery, ReportResponse } from '@cartela/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { BOM, csvStream } from './csv.js';
import { type ReportScope, reportScope } from './policy.js';
import { csvHeader, csvRecord, toReportGame, toSummary } from './present.js';
import {
  type Cursor,
  countOpen,
  type ReportFilter,
  type ReportRow,
  type ReportSort,
  type RollupTotals,
  readBatch,
  readPage,
  readRollup,
} from './queries.js';
import { ExportSlots, Turns } from './slots.js';

/**
 * Rows per keyset batch of an export on PostgreSQL: one statement each, about 35 KB of CSV. node-postgres parses
 * the rows and the CSV is written on the event loop: a batch is a few milliseconds of it at a time, and other
 * requests run between two (decision 057; 1,000 before).
 */
export const EXPORT_BATCH_SIZE = 250;
/**
 * Rows per batch on the embedded database, whose one connection the hall's calls share: PGlite turns each row
 * into JavaScript in its one thread (~60-90 us a row, far more than the query itself), so a batch of 100 keeps
 * what a game's query may wait behind under ~10 ms (decision 057).
 */
export const EMBEDDED_EXPORT_BATCH_SIZE = 100;
/** Exports one user may run at once (the web starts one per click). */
export const EXPORTS_PER_USER = 2;
/** Exports this server runs at once, every user together (they read their batches in turn, one at a time). */
export const EXPORTS_IN_ALL = 4;

/** Lets whatever else is waiting (requests, their queries) run before the next batch is read. */
const letOthersRun = () => new Promise<void>((resolve) => setImmediate(resolve));

type PageQuery = z.output<typeof ReportQuery>;
type ExportQuery = z.output<typeof ReportExportQuery>;

/** The games of a report's scope (policy.ts) under the query's filters. */
function filterFor({ agentId }: ReportScope, query: ExportQuery): ReportFilter {
  return {
    agentId,
    status: query.status,
    from: query.date ?? query.startDate ?? null,
    to: query.date ?? query.endDate ?? null,
  };
}

const sortOf = (query: ExportQuery): ReportSort => ({ by: query.sortBy, order: query.sortOrder });

/** `cartela-report-{from}-{to}.csv`, 'all' for an open end. */
export const exportFileName = (filter: ReportFilter) =>
  `cartela-report-${filter.from ?? 'all'}-${filter.to ?? 'all'}.csv`;

/**
 * The rows in the sort order, `size` at a time, by keyset: each batch is the next rows after the last one read
 * (`(key, id) > (last key, last id)`), one statement on its own. No transaction spans the export, so a long
 * download holds no snapshot or lock: a game that changes while the file is read (its status, calls, finish
 * time) appears as it was when its batch was read. It neither moves nor appears twice, because the sort keys
 * never change after creation; a game created meanwhile appears if it sorts after the rows already read. With
 * `turns`, each batch waits for its turn among the server's exports.
 */
export async function* keysetBatches(
  database: Database,
  filter: ReportFilter,
  sort: ReportSort,
  size: number = EXPORT_BATCH_SIZE,
  turns?: Turns,
): AsyncGenerator<ReportRow[], void, undefined> {
  let after: Cursor | null = null;
  for (;;) {
    const read = () => readBatch(database.db, filter, sort, after, size);
    const rows = await (turns ? turns.run(read) : read());
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = { key: last.cursor, id: last.id };
  }
}

export function createReportsService({
  database,
  exportBatchSize = database.kind === 'pglite' ? EMBEDDED_EXPORT_BATCH_SIZE : EXPORT_BATCH_SIZE,
  exportSlots = new ExportSlots(EXPORTS_PER_USER, EXPORTS_IN_ALL),
}: {
  database: Database;
  exportBatchSize?: number;
  exportSlots?: ExportSlots;
}) {
  const { db } = database;
  /** The exports' batch queries, one at a time. */
  const batchTurns = new Turns();

  /**
   * How many games match, and the counted ones' figures, from the rollup: all = created, finished = counted,
   * cancelled = cancelled games of the agent(s) and days. Open games (active, paused) are not in the rollup:
   * they are counted, few as they are (games_open_idx). Only 'all' and 'finished' hold counted games.
   */
  async function totalsOf(filter: ReportFilter): Promise<{ total: number; counted: RollupTotals | null }> {
    const { status } = filter;
    if (status === 'active' || status === 'paused') {
      return { total: await countOpen(db, { ...filter, status }), counted: null };
    }
    const rollup = await readRollup(db, filter);
    if (status === 'all') return { total: rollup.created, counted: rollup };
    if (status === 'finished') return { total: rollup.finished, counted: rollup };
    return { total: rollup.cancelled, counted: null };
  }

  return {
    async games(user: UserRow, query: PageQuery): Promise<ReportResponse> {
      const filter = filterFor(reportScope(user, query.agentId), query);
      const [rows, { total, counted }] = await Promise.all([
        readPage(db, filter, sortOf(query), {
          limit: query.limit,
          offset: (query.page - 1) * query.limit,
        }),
        totalsOf(filter),
      ]);
      return {
        games: rows.map(toReportGame),
        summary: toSummary(total, counted),
        page: query.page,
        limit: query.limit,
        total,
        totalPages: Math.ceil(total / query.limit),
      };
    },

    /**
     * The filtered games as CSV, streamed. The first batch is read before anything is sent, so that a failure
     * there (the database unreachable) is still answered as an error; a later one cuts the download short.
     * The export holds one of the user's slots (429 when it has none left, before anything is read) until the
     * stream closes: read to its end, failed, or destroyed because the client went away.
     */
    async exportGames(user: UserRow, query: ExportQuery): Promise<{ fileName: string; body: Readable }> {
      const scope = reportScope(user, query.agentId);
      const filter = filterFor(scope, query);
      const withAgent = scope.showsAgent;
      const release = exportSlots.take(user.id);
      try {
        const batches = keysetBatches(database, filter, sortOf(query), exportBatchSize, batchTurns);
        const first = await batches.next();
        async function* chunks(): AsyncGenerator<string, void, undefined> {
          try {
            yield BOM + csvHeader(withAgent);
            for (let batch = first; !batch.done; ) {
              let text = '';
              for (const row of batch.value) text += csvRecord(row, withAgent);
              yield text;
              await letOthersRun();
              batch = await batches.next();
            }
          } finally {
            await batches.return(undefined); // the client went away: stop reading
          }
        }
        const body = csvStream(chunks());
        body.once('close', release);
        return { fileName: exportFileName(filter), body };
      } catch (err) {
        release();
        throw err;
      }
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
