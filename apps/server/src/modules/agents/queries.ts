// Reads of agents for the admin's table. The list is ONE query however many agents there are: each agent with
// its super agent (from the active agreement) and how many cartelas it holds.
import { PATTERN_IDS, type PatternId } from '@cartela/core';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.js';
import { agentCartelas, type RoleName, superAgentAgreements, type UserRow, users } from '../../db/schema.js';

const superAgents = alias(users, 'super_agent');

/** What the agents table shows of an agent: its row without the password hash, and what comes with it. */
const AGENT_VIEW = {
  id: users.id,
  username: users.username,
  contact: users.contact,
  financialModel: users.financialModel,
  commissionPercentage: users.commissionPercentage,
  systemCommissionShare: users.systemCommissionShare,
  virtualCoins: users.virtualCoins,
  totalEarnings: users.totalEarnings,
  isActive: users.isActive,
  createdAt: users.createdAt,
  // As text: node-postgres' array parser took half the time of a 1,000-agent list (see patternsFromText).
  winningPatterns: sql<string | null>`${users.winningPatterns}::text`,
  superAgentId: superAgentAgreements.superAgentId,
  superAgentUsername: superAgents.username,
  superAgentCommissionRate: superAgentAgreements.superAgentCommissionRate,
};

export interface AgentView {
  id: string;
  username: string;
  contact: string | null;
  financialModel: UserRow['financialModel'];
  commissionPercentage: string | null;
  systemCommissionShare: string | null;
  virtualCoins: number;
  totalEarnings: number;
  isActive: boolean;
  createdAt: Date;
  /** PostgreSQL's text form of the array: '{full-house,four-corners}'. */
  winningPatterns: string | null;
  superAgentId: string | null;
  superAgentUsername: string | null;
  superAgentCommissionRate: string | null;
  assignedCartelas: number;
}

const KNOWN_PATTERNS: ReadonlySet<string> = new Set(PATTERN_IDS);
/** Parsed pattern lists by their text: most agents share a handful of lists (every pattern, above all). */
const parsedPatterns = new Map<string, readonly PatternId[]>();

/**
 * The patterns of a text[] as PostgreSQL prints it. Its CHECK admits only pattern ids (lower-case letters and
 * dashes), which PostgreSQL never quotes, so splitting on commas is the whole parse. The same list is the same
 * (frozen) array.
 */
export function patternsFromText(text: string): readonly PatternId[] {
  let patterns = parsedPatterns.get(text);
  if (!patterns) {
    const inner = text.slice(1, -1);
    const ids = inner === '' ? [] : inner.split(',');
    for (const id of ids) if (!KNOWN_PATTERNS.has(id)) throw new Error(`Not a pattern id: ${id}`);
    patterns = Object.freeze(ids as PatternId[]);
    if (parsedPatterns.size >= 1000) parsedPatterns.clear();
    parsedPatterns.set(text, patterns);
  }
  return patterns;
}

/** Agents that are not deleted (one, with `id`), by username. */
export function agentViews(db: DbOrTx, id?: string): Promise<AgentView[]> {
  // Cartelas counted in one pass over the (agent_id, cartela_number) index and joined: a count per agent row
  // (a correlated subquery) took two thirds of the query's time for 1,000 agents.
  const cartelaCounts = db
    .select({ agentId: agentCartelas.agentId, count: sql<number>`count(*)::int`.as('count') })
    .from(agentCartelas)
    .where(id ? eq(agentCartelas.agentId, id) : undefined)
    .groupBy(agentCartelas.agentId)
    .as('cartela_counts');
  return (
    db
      .select({ ...AGENT_VIEW, assignedCartelas: sql<number>`coalesce(${cartelaCounts.count}, 0)` })
      .from(users)
      .leftJoin(cartelaCounts, eq(cartelaCounts.agentId, users.id))
      // `is_active` bare, as the partial unique index states it, so the planner can use that index.
      .leftJoin(
        superAgentAgreements,
        and(eq(superAgentAgreements.agentId, users.id), sql`${superAgentAgreements.isActive}`),
      )
      .leftJoin(superAgents, eq(superAgents.id, superAgentAgreements.superAgentId))
      .where(and(eq(users.role, 'agent'), isNull(users.deletedAt), id ? eq(users.id, id) : undefined))
      .orderBy(sql`lower(${users.username})`, asc(users.id))
  );
}

/**
 * The agent, locked until the transaction ends; null when there is no such agent (or it is deleted). NO KEY
 * UPDATE, as the other writers of an agent take it (cartelas, coins, agreements): they queue on it.
 */
export async function lockAgent(tx: Tx, id: string): Promise<UserRow | null> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'agent'), isNull(users.deletedAt)))
    .for('no key update');
  return row ?? null;
}

/** Accounts that are not deleted, of one role or all, by username. */
export function listUsers(db: DbOrTx, role?: RoleName): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(isNull(users.deletedAt), role ? eq(users.role, role) : undefined))
    .orderBy(sql`lower(${users.username})`, asc(users.id));
}
