// Super agents and agreements as the API shows them: ETB from santim, percentages from numeric text.
import type { Agreement, SuperAgent } from '@cartela/contract';
import { DEFAULT_PLATFORM_RATE_PERCENT } from '@cartela/core';
import { etb, percent } from '../users/index.js';
import type { AgreementView, SuperAgentView } from './queries.js';

export function toSuperAgent({ user, activeAgents }: SuperAgentView): SuperAgent {
  return {
    id: user.id,
    _id: user.id,
    username: user.username,
    // Every super agent is made with one; a row without it counts as the default, as its earnings do.
    platformCommissionRate: percent(user.platformCommissionRate) ?? DEFAULT_PLATFORM_RATE_PERCENT,
    contact: user.contact,
    notes: user.notes,
    totalEarnings: etb(user.totalEarnings),
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
