// Reads and writes of commission settings (the agents' rows), commission payments, the games they settle and
// their status history (decision 053 section 4). Every read of payments goes by an index: the date index for a
// period, the unique (agent_id, payment_date) for an agent, the partial games_unsettled_idx for what is owed.
import { and, asc, desc, eq, gte, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.js';
import {
  type CommissionPaymentRow,
  commissionPayments,
  games,
  type PaymentStatus,
  paymentEvents,
  superAgentEarnings,
  type UserRow,
  users,
} from '../../db/schema.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// ---------------------------------------------------------------------------------------------------------
// Settings: the commission-share agents' systemCommissionShare and commission notes

const liveCommissionAgent = and(
  eq(users.role, 'agent'),
  eq(users.financialModel, 'commission-share'),
  isNull(users.deletedAt),
);

/** Commission-share agents that are not deleted (one, with `id`), by username. */
export function commissionAgents(db: DbOrTx, id?: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(liveCommissionAgent, id ? eq(users.id, id) : undefined))
    .orderBy(sql`lower(${users.username})`, asc(users.id));
}

export async function updateCommissionSetting(
  tx: Tx,
  id: string,
  values: { systemCommissionShare: string; commissionNotes?: string | null },
): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

// ---------------------------------------------------------------------------------------------------------
// Generating payments

/** What the partial index games_unsettled_idx holds: counted commission-share games no payment settled yet. */
const unsettled = (date: string) =>
  sql`${games.financialModel} = 'commission-share' AND ${games.status} = 'finished' AND ${games.commissionPaymentId} IS NULL AND ${games.businessDate} <= ${date}`;

/**
 * Agents with unsettled counted games created up to `date` (deleted and inactive ones too: they still owe),
 * in id order: read from the partial index alone.
 */
export async function agentsOwing(db: DbOrTx, date: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ agentId: games.agentId })
    .from(games)
    .where(unsettled(date))
    .orderBy(asc(games.agentId));
  return rows.map((r) => r.agentId);
}

/**
 * The agent's row (deleted or not), locked first, as every writer of an agent does (decision 040): two
 * generations of one agent queue here, and a game finishing meanwhile waits here to add its fee to the agent's
 * total (the finish trigger), so the agent's unsettled games cannot change under the generation but for
 * fee-less ones (see settleGames).
 */
export async function lockAgentRow(tx: Tx, agentId: string): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, agentId)).for('no key update');
  return row ?? null;
}

export async function paymentExists(tx: Tx, agentId: string, date: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: commissionPayments.id })
    .from(commissionPayments)
    .where(and(eq(commissionPayments.agentId, agentId), eq(commissionPayments.paymentDate, date)))
    .limit(1);
  return row !== undefined;
}

export interface GamesSum {
  count: number;
  /** Santim, as the database prints the sum. */
  fees: string;
}

/** The agent's unsettled counted games up to `date`: how many, and their fees. */
export async function unsettledSum(tx: Tx, agentId: string, date: string): Promise<GamesSum> {
  const [row] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      fees: sql<string>`coalesce(sum(${games.agentFeeSantim}), 0)::text`,
    })
    .from(games)
    .where(and(eq(games.agentId, agentId), unsettled(date)));
  return row!;
}

type NewPayment = Pick<
  typeof commissionPayments.$inferInsert,
  | 'agentId'
  | 'paymentDate'
  | 'gamesCount'
  | 'totalEarningsSantim'
  | 'adminCommissionRate'
  | 'adminCommissionSantim'
  | 'agentNetSantim'
  | 'createdBy'
>;

/** A new pending payment and its first payment_events row (none -> pending). */
export async function insertPayment(tx: Tx, values: NewPayment): Promise<CommissionPaymentRow> {
  const [row] = await tx
    .insert(commissionPayments)
    .values({ ...values, status: 'pending' })
    .returning();
  await tx.insert(paymentEvents).values({
    commissionPaymentId: row!.id,
    fromStatus: null,
    toStatus: 'pending',
    actorId: values.createdBy,
  });
  return row!;
}

/**
 * Settles the agent's unsettled counted games up to `date` with the payment, in ONE statement over the partial
 * index: each game gets the payment's id, so it is never settled twice. Returns how many and their fees, for
 * the caller to check against the payment it wrote (a fee-less game finishing between the two statements is
 * the one thing that can differ: the caller then starts again).
 */
export async function settleGames(
  tx: Tx,
  agentId: string,
  date: string,
  paymentId: string,
): Promise<GamesSum> {
  const [row] = rowsOf<GamesSum>(
    await tx.execute(sql`
      WITH s AS (
        UPDATE ${games} SET commission_payment_id = ${paymentId}
        WHERE ${games.agentId} = ${agentId} AND ${unsettled(date)}
        RETURNING agent_fee_santim
      )
      SELECT count(*)::int AS count, coalesce(sum(agent_fee_santim), 0)::text AS fees FROM s`),
  );
  return { count: Number(row!.count), fees: row!.fees };
}

// ---------------------------------------------------------------------------------------------------------
// Payments as the API shows them, their transitions, their summary

const agent = alias(users, 'agent');
const payer = alias(users, 'payer');

export interface PaymentView {
  payment: CommissionPaymentRow;
  agentUsername: string;
  paidByUsername: string | null;
  superAgentEarningId: string | null;
}

export interface PaymentFilters {
  status?: PaymentStatus | undefined;
  agentId?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

function paymentFilters(f: PaymentFilters & { id?: string }): SQL | undefined {
  const p = commissionPayments;
  return and(
    f.id ? eq(p.id, f.id) : undefined,
    f.status ? eq(p.status, f.status) : undefined,
    f.agentId ? eq(p.agentId, f.agentId) : undefined,
    f.startDate ? gte(p.paymentDate, f.startDate) : undefined,
    f.endDate ? lte(p.paymentDate, f.endDate) : undefined,
  );
}

/** Payments matching the filters, newest business day first, then by agent username, then id; one page. */
export function paymentViews(
  db: DbOrTx,
  filters: PaymentFilters & { id?: string },
  page: { limit: number; offset: number } = { limit: 1, offset: 0 },
): Promise<PaymentView[]> {
  const p = commissionPayments;
  return db
    .select({
      payment: p,
      agentUsername: agent.username,
      paidByUsername: payer.username,
      // The first of its earnings: a payment split between two agreements has one per agreement (decision 064).
      superAgentEarningId: sql<string | null>`(SELECT e.id FROM ${superAgentEarnings} e
        WHERE e.commission_payment_id = ${p.id} ORDER BY e.created_at, e.id LIMIT 1)`,
    })
    .from(p)
    .innerJoin(agent, eq(agent.id, p.agentId))
    .leftJoin(payer, eq(payer.id, p.paidBy))
    .where(paymentFilters(filters))
    .orderBy(desc(p.paymentDate), sql`lower(${agent.username})`, asc(p.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countPayments(db: DbOrTx, filters: PaymentFilters): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(commissionPayments)
    .where(paymentFilters(filters));
  return Number(row?.n ?? 0);
}

/** The payment's status, locked until the transaction ends (its transitions queue); null when there is none. */
export async function lockPaymentStatus(tx: Tx, id: string): Promise<PaymentStatus | null> {
  const [row] = await tx
    .select({ status: commissionPayments.status })
    .from(commissionPayments)
    .where(eq(commissionPayments.id, id))
    .for('no key update');
  return row?.status ?? null;
}

/**
 * Moves the payment from `from` to `to` (paid: paid_at, paid_by and, when given, notes; pending: paid_at and
 * paid_by cleared) with its payment_events row. Conditional on the status: it never moves twice. False when
 * the payment was not in `from`.
 */
export async function movePayment(
  tx: Tx,
  id: string,
  move: {
    from: PaymentStatus;
    to: PaymentStatus;
    paidAt: Date | null;
    actorId: string;
    notes?: string | null;
  },
): Promise<boolean> {
  const paid = move.to === 'paid';
  const [row] = await tx
    .update(commissionPayments)
    .set({
      status: move.to,
      paidAt: paid ? move.paidAt : null,
      paidBy: paid ? move.actorId : null,
      ...(move.notes === undefined ? {} : { notes: move.notes }),
      updatedAt: new Date(),
    })
    .where(and(eq(commissionPayments.id, id), eq(commissionPayments.status, move.from)))
    .returning({ id: commissionPayments.id });
  if (!row) return false;
  await tx.insert(paymentEvents).values({
    commissionPaymentId: id,
    fromStatus: move.from,
    toStatus: move.to,
    actorId: move.actorId,
    notes: move.notes ?? null,
  });
  return true;
}

export interface PaymentSummaryRow {
  /** Santim sums as the database prints them. */
  earnings: string;
  commission: string;
  net: string;
  pending: string;
  paid: string;
  pendingCount: number;
  paidCount: number;
  cancelledCount: number;
}

/** Sums of the payments dated `from`..`to` (the date index): the money of those not cancelled, by status. */
export async function paymentSummary(db: DbOrTx, from: string, to: string): Promise<PaymentSummaryRow> {
  const p = commissionPayments;
  const live = sql`${p.status} <> 'cancelled'`;
  const [row] = await db
    .select({
      earnings: sql<string>`coalesce(sum(${p.totalEarningsSantim}) FILTER (WHERE ${live}), 0)::text`,
      commission: sql<string>`coalesce(sum(${p.adminCommissionSantim}) FILTER (WHERE ${live}), 0)::text`,
      net: sql<string>`coalesce(sum(${p.agentNetSantim}) FILTER (WHERE ${live}), 0)::text`,
      pending: sql<string>`coalesce(sum(${p.adminCommissionSantim}) FILTER (WHERE ${p.status} = 'pending'), 0)::text`,
      paid: sql<string>`coalesce(sum(${p.adminCommissionSantim}) FILTER (WHERE ${p.status} = 'paid'), 0)::text`,
      pendingCount: sql<number>`(count(*) FILTER (WHERE ${p.status} = 'pending'))::int`,
      paidCount: sql<number>`(count(*) FILTER (WHERE ${p.status} = 'paid'))::int`,
      cancelledCount: sql<number>`(count(*) FILTER (WHERE ${p.status} = 'cancelled'))::int`,
    })
    .from(p)
    .where(and(gte(p.paymentDate, from), lte(p.paymentDate, to)));
  return row!;
}
