// Reads and writes of super agents (users rows of that role), their agreements and their earnings.
import { and, asc, between, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.js';
import {
  games,
  paymentEvents,
  type SuperAgentAgreementRow,
  type SuperAgentEarningRow,
  superAgentAgreements,
  superAgentEarnings,
  type UserRow,
  users,
} from '../../db/schema.js';

type NewEarningRow = typeof superAgentEarnings.$inferInsert;

export interface SuperAgentView {
  user: UserRow;
  activeAgents: number;
}

/** Super agents that are not deleted (one, with `id`), each with its number of agents under an active agreement. */
export function superAgentViews(db: DbOrTx, id?: string): Promise<SuperAgentView[]> {
  const active = db
    .select({ superAgentId: superAgentAgreements.superAgentId, n: sql<number>`count(*)::int`.as('n') })
    .from(superAgentAgreements)
    .where(sql`${superAgentAgreements.isActive}`)
    .groupBy(superAgentAgreements.superAgentId)
    .as('active');
  return db
    .select({ user: users, activeAgents: sql<number>`coalesce(${active.n}, 0)` })
    .from(users)
    .leftJoin(active, eq(active.superAgentId, users.id))
    .where(and(eq(users.role, 'super-agent'), isNull(users.deletedAt), id ? eq(users.id, id) : undefined))
    .orderBy(sql`lower(${users.username})`, asc(users.id));
}

export interface AgreementView {
  agreement: SuperAgentAgreementRow;
  agentUsername: string;
  superAgentUsername: string;
}

const agents = alias(users, 'agent');
const supers = alias(users, 'super_agent');

/** Every agreement, the ended ones included (one, with `id`), newest first. */
export function agreementViews(db: DbOrTx, id?: string): Promise<AgreementView[]> {
  return db
    .select({
      agreement: superAgentAgreements,
      agentUsername: agents.username,
      superAgentUsername: supers.username,
    })
    .from(superAgentAgreements)
    .innerJoin(agents, eq(agents.id, superAgentAgreements.agentId))
    .innerJoin(supers, eq(supers.id, superAgentAgreements.superAgentId))
    .where(id ? eq(superAgentAgreements.id, id) : undefined)
    .orderBy(desc(superAgentAgreements.effectiveFrom), desc(superAgentAgreements.createdAt));
}

export interface ActiveAgreement {
  agreement: SuperAgentAgreementRow;
  /** The super agent's platform rate now (a numeric(7,4) text; null only if the row lacks it). */
  platformCommissionRate: string | null;
}

/** The agent's active agreement, with its super agent's platform rate; null when it has none. */
export async function findActiveAgreement(db: DbOrTx, agentId: string): Promise<ActiveAgreement | null> {
  const [row] = await db
    .select({ agreement: superAgentAgreements, platformCommissionRate: users.platformCommissionRate })
    .from(superAgentAgreements)
    .innerJoin(users, eq(users.id, superAgentAgreements.superAgentId))
    .where(and(eq(superAgentAgreements.agentId, agentId), sql`${superAgentAgreements.isActive}`))
    .limit(1);
  return row ?? null;
}

/**
 * The agreements a commission payment's games were played under (decision 064): each settled game belongs to
 * the agreement in force when it finished, [effective_from, ended_at), ended since or not; with the fees of its
 * games and its super agent's platform rate now. Games finished while the agent had no agreement are in none.
 * Oldest agreement first.
 */
export async function agreementsOfPayment(
  tx: Tx,
  agentId: string,
  paymentId: string,
): Promise<(ActiveAgreement & { fees: string })[]> {
  const a = superAgentAgreements;
  return tx
    .select({
      agreement: a,
      platformCommissionRate: users.platformCommissionRate,
      fees: sql<string>`sum(${games.agentFeeSantim})::text`,
    })
    .from(games)
    .innerJoin(
      a,
      and(
        eq(a.agentId, games.agentId),
        sql`${a.effectiveFrom} <= ${games.finishedAt}`,
        sql`(${a.endedAt} IS NULL OR ${a.endedAt} > ${games.finishedAt})`,
      ),
    )
    .innerJoin(users, eq(users.id, a.superAgentId))
    .where(and(eq(games.commissionPaymentId, paymentId), eq(games.agentId, agentId)))
    .groupBy(a.id, users.platformCommissionRate)
    .orderBy(asc(a.effectiveFrom), asc(a.id));
}

/** Ends the agent's active agreement, if any (it stays in the history). */
export async function endActiveAgreement(tx: Tx, agentId: string): Promise<SuperAgentAgreementRow | null> {
  const [row] = await tx
    .update(superAgentAgreements)
    .set({ isActive: false, endedAt: new Date() })
    .where(and(eq(superAgentAgreements.agentId, agentId), sql`${superAgentAgreements.isActive}`))
    .returning();
  return row ?? null;
}

export async function insertAgreement(
  tx: Tx,
  values: Pick<
    typeof superAgentAgreements.$inferInsert,
    'agentId' | 'superAgentId' | 'superAgentCommissionRate' | 'notes'
  >,
): Promise<SuperAgentAgreementRow> {
  const [row] = await tx.insert(superAgentAgreements).values(values).returning();
  return row!;
}

/** Writes an earning and adds its net amount to the super agent's total: the total is the sum of its rows. */
export async function insertEarning(tx: Tx, values: NewEarningRow): Promise<SuperAgentEarningRow> {
  const [row] = await tx.insert(superAgentEarnings).values(values).returning();
  await tx
    .update(users)
    .set({ totalEarnings: sql`${users.totalEarnings} + ${values.superAgentNetSantim}` })
    .where(eq(users.id, values.superAgentId));
  return row!;
}

// ---------------------------------------------------------------------------------------------------------
// The super agent's dashboard and the admin's handling of earnings (decision 053 sections 5 and 8): every read
// is by the super agent's id, on the (super_agent_id, business_date) index or the agreements' super agent index.

/** An instant as the API writes it, made by the database (driver-independent). */
const iso = (column: ReturnType<typeof sql>) =>
  sql<string | null>`to_char((${column}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface EarningTotalsRow {
  /** Santim sums as the database prints them. */
  net: string;
  platform: string;
  pending: string;
  paid: string;
  /** When an earning was last marked paid (ISO), or null. */
  lastPaidAt: string | null;
}

/** All-time sums of the super agent's earnings that are not cancelled, by status, and its last payment. */
export async function earningTotals(db: DbOrTx, superAgentId: string): Promise<EarningTotalsRow> {
  const e = superAgentEarnings;
  const live = sql`${e.status} <> 'cancelled'`;
  const [row] = await db
    .select({
      net: sql<string>`coalesce(sum(${e.superAgentNetSantim}) FILTER (WHERE ${live}), 0)::text`,
      platform: sql<string>`coalesce(sum(${e.platformShareSantim}) FILTER (WHERE ${live}), 0)::text`,
      pending: sql<string>`coalesce(sum(${e.superAgentNetSantim}) FILTER (WHERE ${e.status} = 'pending'), 0)::text`,
      paid: sql<string>`coalesce(sum(${e.superAgentNetSantim}) FILTER (WHERE ${e.status} = 'paid'), 0)::text`,
      lastPaidAt: iso(sql`max(${e.paidAt})`),
    })
    .from(e)
    .where(eq(e.superAgentId, superAgentId));
  return row!;
}

/** The super agent's active agreements with agents that are not deleted (joined as `agents`). */
const activeLinksOf = (superAgentId: string) =>
  and(
    eq(superAgentAgreements.superAgentId, superAgentId),
    sql`${superAgentAgreements.isActive}`,
    isNull(agents.deletedAt),
  );

/** The super agent's agents: its active agreements with agents that are not deleted, newest first. */
export function agentLinks(db: DbOrTx, superAgentId: string) {
  return db
    .select({ agreement: superAgentAgreements, agent: agents })
    .from(superAgentAgreements)
    .innerJoin(agents, eq(agents.id, superAgentAgreements.agentId))
    .where(activeLinksOf(superAgentId))
    .orderBy(desc(superAgentAgreements.effectiveFrom), desc(superAgentAgreements.id));
}
export type AgentLinkView = Awaited<ReturnType<typeof agentLinks>>[number];

export interface EarningView {
  earning: SuperAgentEarningRow;
  agentUsername: string;
}

/**
 * The super agent's earnings of the business days `from`..`to` (both optional: open ends), of one status or
 * all, newest business day first (then newest written).
 */
export function earningViews(
  db: DbOrTx,
  superAgentId: string,
  filter: { from?: string; to?: string; status?: SuperAgentEarningRow['status']; id?: string },
): Promise<EarningView[]> {
  const e = superAgentEarnings;
  return db
    .select({ earning: e, agentUsername: agents.username })
    .from(e)
    .innerJoin(agents, eq(agents.id, e.agentId))
    .where(
      and(
        eq(e.superAgentId, superAgentId),
        filter.from !== undefined && filter.to !== undefined
          ? between(e.businessDate, filter.from, filter.to)
          : undefined,
        filter.status ? eq(e.status, filter.status) : undefined,
        filter.id ? eq(e.id, filter.id) : undefined,
      ),
    )
    .orderBy(desc(e.businessDate), desc(e.paymentDate), desc(e.id));
}

/** One earning with its agent's name, whoever's it is; null when there is none. */
export async function earningView(db: DbOrTx, id: string): Promise<EarningView | null> {
  const [row] = await db
    .select({ earning: superAgentEarnings, agentUsername: agents.username })
    .from(superAgentEarnings)
    .innerJoin(agents, eq(agents.id, superAgentEarnings.agentId))
    .where(eq(superAgentEarnings.id, id));
  return row ?? null;
}

/** The earning's status, locked until the transaction ends (its transitions queue); null when there is none. */
export async function lockEarningStatus(tx: Tx, id: string): Promise<SuperAgentEarningRow['status'] | null> {
  const [row] = await tx
    .select({ status: superAgentEarnings.status })
    .from(superAgentEarnings)
    .where(eq(superAgentEarnings.id, id))
    .for('no key update');
  return row?.status ?? null;
}

/**
 * Moves the earning from `from` to `to` (paid: with paid_at and, when given, notes; pending: paid_at cleared)
 * and writes the transition's payment_events row. Conditional on the status, so it can never move twice.
 * Returns false when the earning was not in `from`.
 */
export async function moveEarning(
  tx: Tx,
  id: string,
  move: {
    from: SuperAgentEarningRow['status'];
    to: SuperAgentEarningRow['status'];
    paidAt: Date | null;
    notes?: string | null;
    actorId: string;
  },
): Promise<boolean> {
  const [row] = await tx
    .update(superAgentEarnings)
    .set({
      status: move.to,
      paidAt: move.paidAt,
      ...(move.notes === undefined ? {} : { notes: move.notes }),
    })
    .where(and(eq(superAgentEarnings.id, id), eq(superAgentEarnings.status, move.from)))
    .returning({ id: superAgentEarnings.id });
  if (!row) return false;
  await tx.insert(paymentEvents).values({
    superAgentEarningId: id,
    fromStatus: move.from,
    toStatus: move.to,
    actorId: move.actorId,
    notes: move.notes ?? null,
  });
  return true;
}

/** A super agent (deleted ones too: their earnings are history), or null for any other id. */
export async function findSuperAgent(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'super-agent')));
  return row ?? null;
}

/** The super agent's agents under an active agreement that are not deleted. */
export async function countActiveAgents(db: DbOrTx, superAgentId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(superAgentAgreements)
    .innerJoin(agents, eq(agents.id, superAgentAgreements.agentId))
    .where(activeLinksOf(superAgentId));
  return row?.n ?? 0;
}
