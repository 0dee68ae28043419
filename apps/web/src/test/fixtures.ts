// Answers shaped by the contract that the tests of several features use: an agent, a super agent, an earning,
// an agent's cartela with its card, a game's ids. Each feature's testing.tsx adds its own.
import type { Agent, AssignedCartela, SuperAgent, SuperAgentEarning } from '@cartela/contract';
import { cardFromColumns, PATTERN_IDS } from '@cartela/core';

export const AGENT_ID = '0b7c3f9e-4a8d-4c1e-9f00-000000000001';
export const SUPER_ID = '0b7c3f9e-4a8d-4c1e-9f00-0000000000aa';

/** The id and its `_id` copy that every record of the API carries. */
const ids = (id: string) => ({ id, _id: id });

export function makeAgent(overrides: Partial<Agent> = {}): Agent {
  return {
    ...ids(overrides.id ?? AGENT_ID),
    username: 'agent1',
    contact: '0911 223344',
    financialModel: 'virtual-coin',
    commissionPercentage: 10,
    minCommissionPercentage: 10,
    systemCommissionShare: 20,
    virtualCoins: 1000,
    totalEarnings: 1234.5,
    isActive: true,
    createdAt: '2025-01-15T09:00:00.000Z',
    winningPatterns: [...PATTERN_IDS],
    superAgent: null,
    superAgentId: null,
    superAgentCommissionRate: null,
    assignedCartelas: 3,
    ...overrides,
  };
}

export function makeSuperAgent(overrides: Partial<SuperAgent> = {}): SuperAgent {
  return {
    ...ids(overrides.id ?? SUPER_ID),
    username: 'super1',
    platformCommissionRate: 50,
    contact: null,
    notes: null,
    totalEarnings: 0,
    isActive: true,
    createdAt: '2025-01-15T09:00:00.000Z',
    activeAgents: 1,
    ...overrides,
  };
}

/** A super agent's pending earning on a commission-share agent's 1000 ETB day (20% of it, half to the platform). */
export function makeEarning(id: string, overrides: Partial<SuperAgentEarning> = {}): SuperAgentEarning {
  return {
    ...ids(id),
    paymentDate: '2025-03-14T09:00:00.000Z',
    businessDate: '2025-03-14',
    paymentType: 'commission-share',
    agentId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    agentUsername: 'agent1',
    baseAmount: 1000,
    purchaseAmount: null,
    agentCommission: 1000,
    superAgentCommissionRate: 20,
    platformCommissionRate: 50,
    superAgentShare: 200,
    platformShare: 100,
    superAgentNetEarnings: 100,
    status: 'pending',
    paidAt: null,
    notes: null,
    commissionPaymentId: 'ffffffff-0000-4000-8000-000000000001',
    ...overrides,
  };
}

/** A valid card that differs per cartela number (each column shifted by n), so tests can tell cards apart. */
export function cardOf(n: number): number[][] {
  const columns = [0, 1, 2, 3, 4].map((c) =>
    [0, 1, 2, 3, 4].map((r) => c * 15 + 1 + ((r * 3 + n) % 15)).sort((a, b) => a - b),
  );
  return cardFromColumns(columns);
}

/** Cartela `n` assigned to the agent, with the card `cardOf(n)` unless told otherwise. */
export function makeAssigned(n: number, overrides: Partial<AssignedCartela> = {}): AssignedCartela {
  return {
    ...ids(`a-${n}`),
    agentId: AGENT_ID,
    cartelaNumber: n,
    bingoCard: cardOf(n),
    isActive: true,
    createdAt: '2025-01-15T09:00:00.000Z',
    ...overrides,
  };
}

let serial = 0;

/** A new game's ids, numbered in the order made: its uuid (unless given) and its game id. */
export function gameIds(id?: string) {
  serial += 1;
  return {
    ...ids(id ?? `6a1e0c2d-0000-4000-8000-${String(serial).padStart(12, '0')}`),
    gameId: `G-20251122-${String(serial).padStart(8, '0')}`,
  };
}
