// Super agents and agreements as the API shows them: ETB from santim, percentages from numeric text.
import type { Agreement, SuperAgent, SuperAgentAgentLink, SuperAgentEarning } from '@cartela/contract';
import { DEFAULT_PLATFORM_RATE_PERCENT } from '@cartela/core';
import type { z } from 'zod';
import { storedSantim } from '../../db/columns.js';
import { etb, percent } from '../users/index.js';
import type { AgentLinkView, AgreementView, EarningView, SuperAgentView } from './queries.js';

export function toSuperAgent({ user, activeAgents }: SuperAgentView): SuperAgent {
  return {
    id: user.id,
    _id: user.id,
    username: user.username,
    // Every super agent is made with one; a row without it counts as the default, as its earnings do.
    platformCommissionRate: percent(user.platformCommissionRate) ?? DEFAULT_PLATFORM_RATE_PERCENT,
    contact: user.contact,
    notes: user.notes,
    totalEarnings: etb(storedSantim(user.totalEarnings, 'users.total_earnings')),
    isActive: user.isActive,
    createdAt: user.createdAt.toISOString(),
    activeAgents,
  };
}

export function toAgreement({ agreement, agentUsername, superAgentUsername }: AgreementView): Agreement {
  return {
    id: agreement.id,
    _id: agreement.id,
    agentId: agreement.agentId,
    agentUsername,
    superAgentId: agreement.superAgentId,
    superAgentUsername,
    superAgentCommissionRate: percent(agreement.superAgentCommissionRate),
    notes: agreement.notes,
    isActive: agreement.isActive,
    effectiveFrom: agreement.effectiveFrom.toISOString(),
    endedAt: agreement.endedAt?.toISOString() ?? null,
  };
}

/** An earning row as the super agent and the admin see it (the contract's SuperAgentEarning). */
export function toEarning({ earning: e, agentUsername }: EarningView): SuperAgentEarning {
  const base = e.purchaseAmountSantim ?? e.agentCommissionSantim ?? 0;
  return {
    id: e.id,
    _id: e.id,
    paymentDate: e.paymentDate.toISOString(),
    businessDate: e.businessDate,
    paymentType: e.paymentType,
    agentId: e.agentId,
    agentUsername,
    baseAmount: etb(base),
    purchaseAmount: e.purchaseAmountSantim === null ? null : etb(e.purchaseAmountSantim),
    agentCommission: e.agentCommissionSantim === null ? null : etb(e.agentCommissionSantim),
    superAgentCommissionRate: percent(e.superAgentCommissionRate),
    platformCommissionRate: percent(e.platformCommissionRate),
    superAgentShare: etb(e.superAgentShareSantim),
    platformShare: etb(e.platformShareSantim),
    superAgentNetEarnings: etb(e.superAgentNetSantim),
    status: e.status,
    paidAt: e.paidAt?.toISOString() ?? null,
    notes: e.notes,
    commissionPaymentId: e.commissionPaymentId,
  };
}

/**
 * One of the super agent's agents: the agreement, with the agent's figures under agentId
 * (product/screens.md#my-agents-tab).
 */
export function toAgentLink({ agreement, agent }: AgentLinkView): SuperAgentAgentLinkOut {
  return {
    id: agreement.id,
    _id: agreement.id,
    agentUsername: agent.username,
    agentId: {
      id: agent.id,
      _id: agent.id,
      username: agent.username,
      contact: agent.contact,
      financialModel: agent.financialModel ?? 'virtual-coin',
      virtualCoins: agent.virtualCoins,
      totalEarnings: etb(storedSantim(agent.totalEarnings, 'users.total_earnings')),
      isActive: agent.isActive,
    },
    superAgentCommissionRate: percent(agreement.superAgentCommissionRate),
    effectiveFrom: agreement.effectiveFrom.toISOString(),
  };
}
type SuperAgentAgentLinkOut = z.output<typeof SuperAgentAgentLink>;
