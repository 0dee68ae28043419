// The coin statement (product/money.md#ledger, decision 075): a page of an agent's ledger rows newest first with
// the balance now, and the whole of it as CSV. Whose statement: policy.ts. The page is read in one REPEATABLE
// READ transaction, so its rows, their number and the balance on top are one moment's (the newest row's balance
// after is the balance shown). The export reads keyset batches, one statement each with the others' requests
// between two, and holds one of the user's export slots (the reports' rule, decision 057) until it is over.
import type { Readable } from 'node:stream';
import type { CoinStatementExportQuery, CoinStatementQuery, CoinStatementResponse } from '@cartela/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { BOM, csvStream, EXPORTS_IN_ALL, EXPORTS_PER_USER, ExportSlots } from '../reports/index.js';
import { businessToday } from '../stats/index.js';
import { agentNotFound, statementOf } from './policy.js';
import { statementCsvHeader, statementCsvRecord, toStatementRow } from './present.js';
import { type Cursor, countRows, readBatch, readPage, statementAgent } from './queries.js';

/** Rows per batch of an export: a few milliseconds of the event loop each (decision 057's reasoning). */
export const STATEMENT_BATCH_SIZE = 200;

/** Lets whatever else is waiting (requests, their queries) run before the next batch is read. */
const letOthersRun = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface StatementDeps {
  database: Database;
  timeZone: string;
  now: () => Date;
  batchSize?: number;
  exportSlots?: ExportSlots;
}

export function createStatementService({
  database,
  timeZone,
  now,
  batchSize = STATEMENT_BATCH_SIZE,
  exportSlots = new ExportSlots(EXPORTS_PER_USER, EXPORTS_IN_ALL),
}: StatementDeps) {
  const { db } = database;

  /** The live agent whose statement the user may read, or 404. */
  async function agentFor(user: UserRow, named: string | undefined) {
    const agent = await statementAgent(db, statementOf(user, named));
    if (!agent) throw agentNotFound();
    return agent;
  }

  return {
    async page(user: UserRow, query: z.output<typeof CoinStatementQuery>): Promise<CoinStatementResponse> {
      const agentId = statementOf(user, query.agentId);
      const { agent, rows, total } = await db.transaction(
        async (tx) => {
          const agent = await statementAgent(tx, agentId);
          if (!agent) throw agentNotFound();
          const [rows, total] = [
            await readPage(tx, agentId, { limit: query.limit, offset: (query.page - 1) * query.limit }),
            await countRows(tx, agentId),
          ];
          return { agent, rows, total };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      return {
        agent,
        rows: rows.map(toStatementRow),
        page: query.page,
        limit: query.limit,
        total,
        totalPages: Math.ceil(total / query.limit),
      };
    },

    /**
     * Every row as CSV, streamed. The first batch is read before anything is sent, so that a failure there is
     * still answered as an error; a later one cuts the download short.
     */
    async export(
      user: UserRow,
      query: z.output<typeof CoinStatementExportQuery>,
    ): Promise<{ fileName: string; body: Readable }> {
      const agent = await agentFor(user, query.agentId);
      const release = exportSlots.take(user.id);
      try {
        const read = async (after: Cursor | null) => readBatch(db, agent.id, after, batchSize);
        let batch = await read(null);
        async function* chunks(): AsyncGenerator<string, void, undefined> {
          yield BOM + statementCsvHeader();
          for (;;) {
            let text = '';
            for (const row of batch) text += statementCsvRecord(row);
            if (text) yield text;
            const last = batch[batch.length - 1];
            if (batch.length < batchSize || !last) return;
            await letOthersRun();
            batch = await read({ createdAt: last.cursor, id: last.id });
          }
        }
        const body = csvStream(chunks());
        body.once('close', release);
        return { fileName: `cartela-coins-${businessToday(now(), timeZone)}.csv`, body };
      } catch (err) {
        release();
        throw err;
      }
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
