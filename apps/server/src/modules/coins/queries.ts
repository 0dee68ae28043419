// The statement's reads: the agent, its number of ledger rows, a page of them newest first (by OFFSET), and the
// same rows in keyset batches for the export. Each row comes with the public id of its game and the account
// that made it. Newest first is created_at descending: changeCoins stamps each row under the agent's row lock,
// so that order is the order the balance moved in (ledger.ts).
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { coinLedger, games, users } from '../../db/schema.js';

const actor = alias(users, 'actor');

/** The agent whose statement it is, if it is a live agent. */
export async function statementAgent(db: DbOrTx, agentId: string) {
  const [agent] = await db
    .select({
      id: users.id,
      username: users.username,
      financialModel: users.financialModel,
      virtualCoins: users.virtualCoins,
    })
    .from(users)
    .where(and(eq(users.id, agentId), eq(users.role, 'agent'), isNull(users.deletedAt)));
  if (!agent) return null;
  // Every agent is made with its model: its absence is a bug, not a default.
  if (agent.financialModel === null) throw new Error(`Agent ${agentId} has no financial model`);
  return { ...agent, financialModel: agent.financialModel };
}

export async function countRows(db: DbOrTx, agentId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(coinLedger).where(eq(coinLedger.agentId, agentId));
  return row?.n ?? 0;
}

function selectRows(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      id: coinLedger.id,
      agentId: coinLedger.agentId,
      createdAt: coinLedger.createdAt,
      /** The row's time exactly (a Date keeps milliseconds, the column microseconds): the keyset's cursor. */
      cursor: sql<string>`${coinLedger.createdAt}::text`,
      businessDate: sql<string>`business_date(${coinLedger.createdAt})::text`,
      reason: coinLedger.reason,
      delta: coinLedger.delta,
      balanceAfter: coinLedger.balanceAfter,
      etbAmountSantim: coinLedger.etbAmountSantim,
      notes: coinLedger.notes,
      gameId: coinLedger.gameId,
      gamePublicId: games.gameId,
      actorId: coinLedger.actorId,
      actorUsername: actor.username,
      actorRole: actor.role,
    })
    .from(coinLedger)
    .leftJoin(games, eq(games.id, coinLedger.gameId))
    .leftJoin(actor, eq(actor.id, coinLedger.actorId))
    .where(where)
    .orderBy(desc(coinLedger.createdAt), desc(coinLedger.id));
}

export type StatementRow = Awaited<ReturnType<typeof selectRows>>[number];

export const readPage = (db: DbOrTx, agentId: string, { limit, offset }: { limit: number; offset: number }) =>
  selectRows(db, eq(coinLedger.agentId, agentId)).limit(limit).offset(offset);

/** Where a batch of the export goes on from: the last row read. */
export interface Cursor {
  createdAt: string;
  id: string;
}

/** The next `size` rows after `after` (the first ones without it), newest first. */
export const readBatch = (db: DbOrTx, agentId: string, after: Cursor | null, size: number) =>
  selectRows(
    db,
    and(
      eq(coinLedger.agentId, agentId),
      after
        ? sql`(${coinLedger.createdAt}, ${coinLedger.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
        : undefined,
    ),
  ).limit(size);
