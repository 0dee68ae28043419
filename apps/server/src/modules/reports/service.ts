// The reports' use cases (decision 053 section 7): a page of games with its total and summary, and the same
// games as a CSV stream. An agent sees its own games, the admin every agent's (or one agent's).
import type { Readable } from 'node:stream';
import type { ReportExportQuery, ReportQuery, ReportResponse } from '@cartela/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { BOM, csvStream } from './csv.js';
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

/** Rows per keyset batch of an export: one statement each, about 150 KB of CSV. */
export const EXPORT_BATCH_SIZE = 1000;

type PageQuery = z.output<typeof ReportQuery>;
type ExportQuery = z.output<typeof ReportExportQuery>;

/** The games a caller may see under these filters: an agent only its own (naming an agent is the admin's). */
function filterFor(user: UserRow, query: ExportQuery): ReportFilter {
  const admin = user.role === 'admin';
  if (!admin && query.agentId !== undefined) {
    throw new AppError('VALIDATION_FAILED', 'agentId is for the admin: an agent sees its own games', {
      field: 'agentId',
    });
  }
  return {
    agentId: admin ? (query.agentId ?? null) : user.id,
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
 * never change after creation; a game created meanwhile appears if it sorts after the rows already read.
 */
export async function* keysetBatches(
  database: Database,
  filter: ReportFilter,
  sort: ReportSort,
  size: number = EXPORT_BATCH_SIZE,
): AsyncGenerator<ReportRow[], void, undefined> {
  let after: Cursor | null = null;
  for (;;) {
    const rows = await readBatch(database.db, filter, sort, after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = { key: last.cursor, id: last.id };
  }
}

export function createReportsService({
  database,
  exportBatchSize = EXPORT_BATCH_SIZE,
}: {
  database: Database;
  exportBatchSize?: number;
}) {
  const { db } = database;

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
      const filter = filterFor(user, query);
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
     */
    async exportGames(user: UserRow, query: ExportQuery): Promise<{ fileName: string; body: Readable }> {
      const filter = filterFor(user, query);
      const withAgent = user.role === 'admin';
      const batches = keysetBatches(database, filter, sortOf(query), exportBatchSize);
      const first = await batches.next();
      async function* chunks(): AsyncGenerator<string, void, undefined> {
        try {
          yield BOM + csvHeader(withAgent);
          for (let batch = first; !batch.done; batch = await batches.next()) {
            let text = '';
            for (const row of batch.value) text += csvRecord(row, withAgent);
            yield text;
          }
        } finally {
          await batches.return(undefined); // the client went away: stop reading
        }
      }
      return { fileName: exportFileName(filter), body: csvStream(chunks()) };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
