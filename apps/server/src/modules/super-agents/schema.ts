// Super agent agreements: which super agent supervises which agent, at what rate.
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, percent, percentRange, updatedAt } from '../../db/columns.js';
import { users } from '../users/schema.js';

/** Which super agent supervises which agent, at what rate. At most one active agreement per agent. */
export const superAgentAgreements = pgTable(
  'super_agent_agreements',
  {
    id: id(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    superAgentId: uuid('super_agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    superAgentCommissionRate: percent('super_agent_commission_rate').notNull(),
    notes: text('notes'),
    isActive: boolean('is_active').notNull().default(true),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('super_agent_agreements_one_active_per_agent').on(t.agentId).where(sql`${t.isActive}`),
    index('super_agent_agreements_super_agent_idx').on(t.superAgentId),
    check('super_agent_agreements_rate_check', percentRange('super_agent_commission_rate')),
    check('super_agent_agreements_not_self_check', sql`${t.agentId} <> ${t.superAgentId}`),
    check(
      'super_agent_agreements_active_check',
      sql`(${t.isActive} AND ${t.endedAt} IS NULL) OR (NOT ${t.isActive} AND ${t.endedAt} IS NOT NULL)`,
    ),
  ],
);
export type SuperAgentAgreementRow = typeof superAgentAgreements.$inferSelect;
