// Answers of the agents and cartelas routes, shaped by the contract, for this feature's tests.
import type { Agent, AssignedCartela, Cartela, SuperAgent } from '@cartela/contract';
import { makeAssigned as assigned, cardOf, makeAgent, SUPER_ID } from '@/test/fixtures';
import { json } from '@/test/utils';
import './i18n';

export { AGENT_ID, cardOf, makeAgent, makeSuperAgent, SUPER_ID } from '@/test/fixtures';
export { renderInApp } from '@/test/utils';

export function makeCartela(n: number, overrides: Partial<Cartela> = {}): Cartela {
  const id = `c-${n}`;
  return {
    id,
    _id: id,
    cartelaNumber: n,
    bingoCard: cardOf(n),
    winningPatterns: ['full-house', 'four-corners'],
    isActive: true,
    createdAt: '2025-01-15T09:00:00.000Z',
    balanceScore: 0.5,
    ...overrides,
  };
}

/** An assigned cartela whose card is not its system cartela's (`cardOf(n + 1)`): an edited arrangement. */
export const makeAssigned = (n: number, overrides: Partial<AssignedCartela> = {}) =>
  assigned(n, { bingoCard: cardOf(n + 1), ...overrides });

export const agentsAnswer = (agents: Agent[]) => json(200, { agents });
export const superAgentsAnswer = (superAgents: SuperAgent[]) => json(200, { superAgents });

/** A virtual-coin agent under super1, at 20%. */
export const underSuperAgent = () =>
  makeAgent({
    superAgentId: SUPER_ID,
    superAgentCommissionRate: 20,
    superAgent: { superAgentId: SUPER_ID, superAgentUsername: 'super1', superAgentCommissionRate: 20 },
  });
