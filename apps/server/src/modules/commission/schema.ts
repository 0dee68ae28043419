// Commission-share agents' daily payments and the history of every payment's status (decision 053 section 4).
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { amount, createdAt, id, inList, percent, updatedAt } from '../../db/columns.js';
import { superAgentEarnings } from '../super-agents/schema.js';
import { userRef, users } from '../users/schema.js';

export const PAYMENT_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * What a commission-share agent owes for its counted games up to a business day: the games it settles point to
 * it (games.commission_payment_id), so a game is settled once. Amounts and rate never change (a trigger): only
 * the status moves.
 */
export const commissionPayments = pgTable(
  'commission_payments',
  {
    id: id(),
    agentId: userRef('agent_id', 'restrict'),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    gamesCount: integer('games_count').notNull(),
    totalEarningsSantim: amount('total_earnings_santim').notNull(),
    /** The agent's systemCommissionShare when the payment was generated. */
    adminCommissionRate: percent('admin_commission_rate').notNull(),
    adminCommissionSantim: amount('admin_commission_santim').notNull(),
    agentNetSantim: amount('agent_net_santim').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    notes: text('notes'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'restrict' }),
    createdBy: userRef('created_by', 'restrict'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('commission_payments_agent_date_key').on(t.agentId, t.paymentDate),
    index('commission_payments_date_idx').on(t.paymentDate, t.id),
    check('commission_payments_status_check', sql`${t.status} IN (${inList(PAYMENT_STATUSES)})`),
    check(
      'commission_payments_amounts_check',
      sql`${t.gamesCount} >= 1 AND ${t.totalEarningsSantim} >= 0 AND ${t.adminCommissionSantim} >= 0 AND ${t.agentNetSantim} >= 0 AND ${t.agentNetSantim} = ${t.totalEarningsSantim} - ${t.adminCommissionSantim}`,
    ),
    check(
      'commission_payments_rate_check',
      sql`${t.adminCommissionRate} >= 0 AND ${t.adminCommissionRate} <= 100`,
    ),
    check(
      'commission_payments_paid_check',
      sql`(${t.status} = 'paid') = (${t.paidAt} IS NOT NULL AND ${t.paidBy} IS NOT NULL)`,
    ),
  ],
);
export type CommissionPaymentRow = typeof commissionPayments.$inferSelect;

/** Every status change of a commission payment or a super agent earning: append-only (a trigger). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    commissionPaymentId: uuid('commission_payment_id').references(() => commissionPayments.id, {
      onDelete: 'restrict',
    }),
    superAgentEarningId: uuid('super_agent_earning_id').references(() => superAgentEarnings.id, {
      onDelete: 'restrict',
    }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorId: userRef('actor_id', 'restrict'),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_events_commission_payment_idx').on(t.commissionPaymentId),
    index('payment_events_earning_idx').on(t.superAgentEarningId),
    check(
      'payment_events_one_subject_check',
      sql`(${t.commissionPaymentId} IS NULL) <> (${t.superAgentEarningId} IS NULL)`,
    ),
  ],
);
