// Commission payments and settings as the API shows them: ETB from santim, percentages from numeric text.
import type { CommissionPayment, CommissionSetting } from '@cartela/contract';
import { DEFAULT_SYSTEM_COMMISSION_SHARE_PERCENT } from '@cartela/core';
import type { UserRow } from '../../db/schema.js';
import { etb, percent } from '../users/index.js';
import type { PaymentView } from './queries.js';

export function toPayment({
  payment: p,
  agentUsername,
  paidByUsername,
  superAgentEarningId,
}: PaymentView): CommissionPayment {
  return {
    id: p.id,
    _id: p.id,
    agentId: p.agentId,
    agentUsername,
    paymentDate: p.paymentDate,
    gamesCount: p.gamesCount,
    totalEarnings: etb(p.totalEarningsSantim),
    adminCommissionRate: percent(p.adminCommissionRate),
    adminCommissionAmount: etb(p.adminCommissionSantim),
    agentNetAmount: etb(p.agentNetSantim),
    status: p.status,
    notes: p.notes,
    paidAt: p.paidAt?.toISOString() ?? null,
    paidByUsername,
    superAgentEarningId,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** An agent's commission setting: adminCommissionRate IS its systemCommissionShare. */
export function toSetting(agent: UserRow): CommissionSetting {
  return {
    agentId: agent.id,
    agentUsername: agent.username,
    financialModel: agent.financialModel ?? 'commission-share',
    isActive: agent.isActive,
    adminCommissionRate: percent(agent.systemCommissionShare) ?? DEFAULT_SYSTEM_COMMISSION_SHARE_PERCENT,
    notes: agent.commissionNotes,
  };
}
