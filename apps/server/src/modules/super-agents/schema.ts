// Super agent agreements (which super agent supervises which agent, at what rate) and what super agents earn.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { amount, createdAt, id, inList, percent, percentRange, updatedAt } from '../../db/columns.js';
import { coinLedger } from '../coins/schema.js';
import { userRef } from '../users/schema.js';

/** Which super agent supervises which agent, at what rate. At most one active agreement per agent. */
export const superAgentAgreements = pgTable(
  'super_agent_agreements',
  {
    id: id(),
    agentId: userRef('agent_id', 'cascade'),
    superAgentId: userRef('super_agent_id', 'cascade'),
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

export const EARNING_PAYMENT_TYPES = ['virtual-coin-purchase', 'commission-share'] as const;
export type EarningPaymentType = (typeof EARNING_PAYMENT_TYPES)[number];
export const EARNING_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export type EarningStatus = (typeof EARNING_STATUSES)[number];

/**
 * What a super agent earns on one base (product/money.md#super-agent-shares): the ETB an agent paid for coins
 * (one row per top-up, tied to its ledger row) or a commission-share agent's day of fees. The amounts and the
 * rates they were computed with are kept as they were: a trigger refuses DELETE and any change but the payment
 * status.
 * users.total_earnings of the super agent is the sum of super_agent_net_santim of its rows not cancelled.
 */
export const superAgentEarnings = pgTable(
  'super_agent_earnings',
  {
    id: id(),
    superAgentId: userRef('super_agent_id', 'restrict'),
    agentId: userRef('agent_id', 'restrict'),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => superAgentAgreements.id, { onDelete: 'restrict' }),
    paymentType: text('payment_type').$type<EarningPaymentType>().notNull(),
    /** Santim the agent paid for coins ('virtual-coin-purchase'). */
    purchaseAmountSantim: amount('purchase_amount_santim'),
    /** Santim of the agent's fees of the day ('commission-share'). */
    agentCommissionSantim: amount('agent_commission_santim'),
    superAgentCommissionRate: percent('super_agent_commission_rate').notNull(),
    platformCommissionRate: percent('platform_commission_rate').notNull(),
    superAgentShareSantim: amount('super_agent_share_santim').notNull(),
    platformShareSantim: amount('platform_share_santim').notNull(),
    superAgentNetSantim: amount('super_agent_net_santim').notNull(),
    status: text('status').$type<EarningStatus>().notNull().default('pending'),
    /** The top-up this earning comes from. */
    coinLedgerId: uuid('coin_ledger_id')
      .unique('super_agent_earnings_coin_ledger_id_key')
      .references(() => coinLedger.id, { onDelete: 'restrict' }),
    paymentDate: timestamp('payment_date', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    notes: text('notes'),
    createdAt: createdAt(),
    /**
     * The commission payment this earning comes from ('commission-share'). Its foreign key to
     * commission_payments is declared in migration 0007 (the commission module's schema imports this one).
     * One earning per payment and agreement: a payment whose games were played under two agreements (an
     * assignment in the middle of the day) gives each super agent its part (decision 064).
     */
    commissionPaymentId: uuid('commission_payment_id'),
    /** Its business day: the top-up's day, or the payment's date (a BEFORE INSERT trigger fills it). */
    businessDate: date('business_date', { mode: 'string' }).notNull().default(sql`business_date(now())`),
  },
  (t) => [
    index('super_agent_earnings_super_agent_business_date_idx').on(t.superAgentId, t.businessDate),
    index('super_agent_earnings_super_agent_date_idx').on(t.superAgentId, t.paymentDate),
    index('super_agent_earnings_agent_idx').on(t.agentId),
    index('super_agent_earnings_agreement_idx').on(t.agreementId),
    unique('super_agent_earnings_payment_agreement_key').on(t.commissionPaymentId, t.agreementId),
    check(
      'super_agent_earnings_payment_type_check',
      sql`${t.paymentType} IN (${inList(EARNING_PAYMENT_TYPES)})`,
    ),
    check('super_agent_earnings_status_check', sql`${t.status} IN (${inList(EARNING_STATUSES)})`),
    check(
      'super_agent_earnings_base_check',
      sql`(${t.paymentType} = 'virtual-coin-purchase' AND ${t.purchaseAmountSantim} IS NOT NULL AND ${t.agentCommissionSantim} IS NULL AND ${t.coinLedgerId} IS NOT NULL AND ${t.commissionPaymentId} IS NULL) OR (${t.paymentType} = 'commission-share' AND ${t.agentCommissionSantim} IS NOT NULL AND ${t.purchaseAmountSantim} IS NULL AND ${t.coinLedgerId} IS NULL AND ${t.commissionPaymentId} IS NOT NULL)`,
    ),
    check(
      'super_agent_earnings_amounts_check',
      sql`coalesce(${t.purchaseAmountSantim}, 0) >= 0 AND coalesce(${t.agentCommissionSantim}, 0) >= 0 AND ${t.platformShareSantim} >= 0 AND ${t.platformShareSantim} <= ${t.superAgentShareSantim} AND ${t.superAgentNetSantim} = ${t.superAgentShareSantim} - ${t.platformShareSantim}`,
    ),
    check('super_agent_earnings_rate_check', percentRange('super_agent_commission_rate')),
    check('super_agent_earnings_platform_rate_check', percentRange('platform_commission_rate')),
    check('super_agent_earnings_paid_check', sql`(${t.status} = 'paid') = (${t.paidAt} IS NOT NULL)`),
    check('super_agent_earnings_not_self_check', sql`${t.agentId} <> ${t.superAgentId}`),
  ],
);
export type SuperAgentEarningRow = typeof superAgentEarnings.$inferSelect;
