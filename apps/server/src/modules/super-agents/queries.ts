// Reads and writes of super agents (users rows of that role), their agreements and their earnings.
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.js';
import {
  type SuperAgentAgreementRow,
  type SuperAgentEarningRow,
  superAgentAgreements,
  superAgentEarnings,
  type UserRow,
  users,
} from '../../db/schema.js';

type NewEarningRow = typeof superAgentEarnings.$inferInsert;

/** The account with this id if it is not deleted, locked until the transaction ends (any role). */
export async function lockUser(tx: Tx, id: string): Promise<UserRow | null> {
  // NO KEY UPDATE, as every writer of an agent takes it (cartelas, coins): it queues them, and does not block
  // inserts elsewhere that merely reference the row.
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('no key update');
  return row ?? null;
}

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
