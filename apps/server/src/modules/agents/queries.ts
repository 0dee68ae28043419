// Reads of agents for the admin's table. The list is ONE query however many agents there are: each agent with
// its super agent (from the active agreement) and how many cartelas it holds.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type RoleName, type UserRow, users } from '../../db/schema.js';

/**
 * An agent as the agents query returns it: its row without the password hash, its super agent and its cartela
 * count. Values are as the drivers give them, without Drizzle's mapping (see agentViews).
 */
export interface AgentView {
  id: string;
  username: string;
  contact: string | null;
  financialModel: UserRow['financialModel'];
  /** numeric(7,4) text: '12.5000'. */
  commissionPercentage: string | null;
  minCommissionPercentage: string | null;
  systemCommissionShare: string | null;
  /** bigint: text from node-postgres, a number from PGlite. */
  virtualCoins: string | number;
  /** Santim; bigint as virtualCoins. */
  totalEarnings: string | number;
  isActive: boolean;
  /** Already as the API writes it ('2026-11-23T11:11:08.884Z', toISOString's form): see agentViews. */
  createdAt: string;
  /** The stored list: 'full-house,four-corners' (users/schema.ts patternList). */
  winningPatterns: string | null;
  superAgentId: string | null;
  superAgentUsername: string | null;
  superAgentCommissionRate: string | null;
  assignedCartelas: number;
}

/**
 * Agents that are not deleted (one, with `id`), by username.
 *
 * Plain SQL through db.execute, not Drizzle's select: Drizzle's mapping of each row, column by column, took a
 * fifth of the server's CPU for the list of 1,000 agents (decision 044); toAgent converts the few values that
 * need it. For the same reason created_at comes out already in the API's form: parsing and printing 1,000 Dates
 * in JavaScript cost three times what to_char costs PostgreSQL.
 * Cartelas are counted in one pass over the (agent_id, cartela_number) index and joined: a count per agent row
 * (a correlated subquery) took two thirds of the query's time. `a.is_active` bare, as the partial unique index
 * states it, so the planner can use that index.
 */
export async function agentViews(db: DbOrTx, id?: string): Promise<AgentView[]> {
  const result = await db.execute(sql`
    SELECT u.id, u.username, u.contact, u.financial_model AS "financialModel",
      u.commission_percentage AS "commissionPercentage",
      u.min_commission_percentage AS "minCommissionPercentage",
      u.system_commission_share AS "systemCommissionShare",
      u.virtual_coins AS "virtualCoins", u.total_earnings AS "totalEarnings", u.is_active AS "isActive",
      to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
      u.winning_patterns AS "winningPatterns", a.super_agent_id AS "superAgentId",
      s.username AS "superAgentUsername", a.super_agent_commission_rate AS "superAgentCommissionRate",
      coalesce(c.count, 0) AS "assignedCartelas"
    FROM users u
    LEFT JOIN (
      SELECT agent_id, count(*)::int AS count FROM agent_cartelas
      ${id ? sql`WHERE agent_id = ${id}` : sql``}
      GROUP BY agent_id
    ) c ON c.agent_id = u.id
    LEFT JOIN super_agent_agreements a ON a.agent_id = u.id AND a.is_active
    LEFT JOIN users s ON s.id = a.super_agent_id
    WHERE u.role = 'agent' AND u.deleted_at IS NULL ${id ? sql`AND u.id = ${id}` : sql``}
    ORDER BY lower(u.username), u.id`);
  // Both drivers answer { rows }.
  return (result as unknown as { rows: AgentView[] }).rows;
}

/** Accounts that are not deleted, of one role or all, by username. */
export function listUsers(db: DbOrTx, role?: RoleName): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(isNull(users.deletedAt), role ? eq(users.role, role) : undefined))
    .orderBy(sql`lower(${users.username})`, asc(users.id));
}
