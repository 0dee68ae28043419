// Agreements and earnings, in the caller's transaction: the super-agents routes use them, and so does the
// agents module (choosing a super agent on an agent's form, selling coins to an agent under a super agent).
// An agent has at most one active agreement (product/roles.md#agreements); a new one ends the previous one, which
// stays in the history. Every writer locks the agent's row first, so two assignments of one agent queue.
import { DEFAULT_PLATFORM_RATE_PERCENT, type Santim, superAgentShares } from '@cartela/core';
import type { Tx } from '../../db/client.js';
import { storedSantim } from '../../db/columns.js';
import type { SuperAgentAgreementRow, SuperAgentEarningRow, UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { lockUser, percentToDb } from '../users/index.js';
import {
  type ActiveAgreement,
  agreementsOfPayment,
  endActiveAgreement,
  findActiveAgreement,
  insertAgreement,
  insertEarning,
} from './queries.js';

export interface Assignment {
  agentId: string;
  superAgentId: string;
  /** Percent of the base the super agent earns. */
  superAgentCommissionRate: number;
  notes?: string | null;
}

/** The agent an assignment is for: it must exist, not be deleted, and be an agent. Locked. */
export async function lockAgentForAssignment(tx: Tx, agentId: string): Promise<UserRow> {
  const agent = await lockUser(tx, agentId);
  if (!agent) throw new AppError('NOT_FOUND', 'Agent not found', { field: 'agentId' });
  if (agent.role !== 'agent') {
    throw new AppError('VALIDATION_FAILED', `agentId: "${agent.username}" is not an agent`, {
      field: 'agentId',
    });
  }
  return agent;
}

/** Only an active super agent can be chosen (product/roles.md#agreements). */
async function chosenSuperAgent(tx: Tx, superAgentId: string): Promise<UserRow> {
  // Locked too: a super agent being deactivated meanwhile cannot slip a new agreement in.
  const superAgent = await lockUser(tx, superAgentId);
  if (!superAgent) throw new AppError('NOT_FOUND', 'Super agent not found', { field: 'superAgentId' });
  if (superAgent.role !== 'super-agent') {
    throw new AppError('VALIDATION_FAILED', `superAgentId: "${superAgent.username}" is not a super agent`, {
      field: 'superAgentId',
    });
  }
  if (!superAgent.isActive) {
    throw new AppError(
      'VALIDATION_FAILED',
      `superAgentId: Super agent "${superAgent.username}" is deactivated; activate it or choose another`,
      { field: 'superAgentId' },
    );
  }
  return superAgent;
}

/**
 * Puts the agent under the super agent: ends the agent's active agreement (kept as history) and starts the new
 * one. Fails with 404 / 400 naming the field when the agent or the super agent cannot take part.
 */
export async function assignSuperAgent(
  tx: Tx,
  assignment: Assignment,
): Promise<{ agreement: SuperAgentAgreementRow; agent: UserRow; superAgent: UserRow }> {
  // Agent first, then super agent: the same order as a top-up (agent's coins, then the super agent's total).
  const agent = await lockAgentForAssignment(tx, assignment.agentId);
  const superAgent = await chosenSuperAgent(tx, assignment.superAgentId);
  await endActiveAgreement(tx, agent.id);
  const agreement = await insertAgreement(tx, {
    agentId: agent.id,
    superAgentId: superAgent.id,
    superAgentCommissionRate: percentToDb(assignment.superAgentCommissionRate),
    notes: assignment.notes ?? null,
  });
  return { agreement, agent, superAgent };
}

/** Ends the agent's active agreement, if it has one (the agent leaves its super agent, or is deleted). */
export function endAgreementOf(tx: Tx, agentId: string): Promise<SuperAgentAgreementRow | null> {
  return endActiveAgreement(tx, agentId);
}

/** The agent's active agreement, or null. */
export async function activeAgreementOf(tx: Tx, agentId: string): Promise<SuperAgentAgreementRow | null> {
  return (await findActiveAgreement(tx, agentId))?.agreement ?? null;
}

/**
 * The super agent's earning on coins an agent bought (paymentType 'virtual-coin-purchase', base = the ETB
 * paid), written in the top-up's transaction: both or neither. Null when the agent has no active agreement.
 * Call UserCache.invalidate(earning.superAgentId) after commit: its total earnings changed.
 */
export async function recordCoinPurchaseEarning(
  tx: Tx,
  purchase: {
    agentId: string;
    coinLedgerId: string;
    purchaseAmount: Santim;
    /** When the coins were bought (its business day); the database's now() when left out. */
    at?: Date;
  },
): Promise<SuperAgentEarningRow | null> {
  const active = await findActiveAgreement(tx, purchase.agentId);
  if (!active) return null;
  return writeEarning(tx, active, purchase.agentId, purchase.purchaseAmount, {
    paymentType: 'virtual-coin-purchase',
    purchaseAmountSantim: purchase.purchaseAmount,
    coinLedgerId: purchase.coinLedgerId,
    ...(purchase.at ? { paymentDate: purchase.at } : {}),
  });
}

/**
 * The super agents' earnings on a commission-share agent's daily payment (paymentType 'commission-share'),
 * written in the payment's transaction after its games were settled (the agent's row locked first: the top-up's
 * order, the agent then the super agents' totals). A super agent earns only on the fees of games that finished
 * while its agreement was in force (decision 064): one earning per agreement the payment's games were played
 * under, its base the fees of those games; none for games played without an agreement. Their business day is
 * the payment's. Call UserCache.invalidate(superAgentId) for each after commit: its total earnings changed.
 */
export async function recordCommissionShareEarnings(
  tx: Tx,
  payment: { agentId: string; commissionPaymentId: string; paymentDate: string },
): Promise<SuperAgentEarningRow[]> {
  const parts = await agreementsOfPayment(tx, payment.agentId, payment.commissionPaymentId);
  const earnings: SuperAgentEarningRow[] = [];
  for (const part of parts) {
    const base = storedSantim(part.fees, 'fees of the games under an agreement');
    earnings.push(
      await writeEarning(tx, part, payment.agentId, base, {
        paymentType: 'commission-share',
        agentCommissionSantim: base,
        commissionPaymentId: payment.commissionPaymentId,
        businessDate: payment.paymentDate,
      }),
    );
  }
  return earnings;
}

type EarningSource =
  | {
      paymentType: 'virtual-coin-purchase';
      purchaseAmountSantim: Santim;
      coinLedgerId: string;
      paymentDate?: Date;
    }
  | {
      paymentType: 'commission-share';
      agentCommissionSantim: Santim;
      commissionPaymentId: string;
      businessDate: string;
    };

/**
 * One earning on `base` under the agreement: the agreement's rate and the super agent's platform rate now are
 * copied onto the row, the shares are core's (rounded once each), and the net is added to the super agent's
 * total_earnings in the same transaction (insertEarning).
 */
function writeEarning(
  tx: Tx,
  { agreement, platformCommissionRate }: ActiveAgreement,
  agentId: string,
  base: Santim,
  source: EarningSource,
): Promise<SuperAgentEarningRow> {
  const platformRate = platformCommissionRate ?? percentToDb(DEFAULT_PLATFORM_RATE_PERCENT);
  const shares = superAgentShares(base, agreement.superAgentCommissionRate, platformRate);
  return insertEarning(tx, {
    superAgentId: agreement.superAgentId,
    agentId,
    agreementId: agreement.id,
    superAgentCommissionRate: agreement.superAgentCommissionRate,
    platformCommissionRate: platformRate,
    superAgentShareSantim: shares.superAgentShare,
    platformShareSantim: shares.platformShare,
    superAgentNetSantim: shares.superAgentNetEarnings,
    ...source,
  });
}
