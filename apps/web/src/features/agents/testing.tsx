// Answers of the agents and cartelas routes, shaped by the contract, for this feature's tests.
import type { Agent, AssignedCartela, Cartela, SuperAgent } from '@cartela/contract';
import { cardFromColumns, PATTERN_IDS } from '@cartela/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { queryClient } from '@/lib/query-client';
import { ToasterHost } from '@/lib/toast';
import { json } from '@/test/utils';
import './i18n';

export const AGENT_ID = '0b7c3f9e-4a8d-4c1e-9f00-000000000001';
export const SUPER_ID = '0b7c3f9e-4a8d-4c1e-9f00-0000000000aa';

export function makeAgent(overrides: Partial<Agent> = {}): Agent {
  const id = overrides.id ?? AGENT_ID;
  return {
    id,
    _id: id,
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
  const id = overrides.id ?? SUPER_ID;
  return {
    id,
    _id: id,
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

/** A valid card that differs per cartela number (each column shifted by n), so tests can tell cards apart. */
export function cardOf(n: number): number[][] {
  const columns = [0, 1, 2, 3, 4].map((c) =>
    [0, 1, 2, 3, 4].map((r) => c * 15 + 1 + ((r * 3 + n) % 15)).sort((a, b) => a - b),
  );
  return cardFromColumns(columns);
}

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

export function makeAssigned(n: number, overrides: Partial<AssignedCartela> = {}): AssignedCartela {
  const id = `a-${n}`;
  return {
    id,
    _id: id,
    agentId: AGENT_ID,
    cartelaNumber: n,
    bingoCard: cardOf(n + 1),
    isActive: true,
    createdAt: '2025-01-15T09:00:00.000Z',
    ...overrides,
  };
}

export const agentsAnswer = (agents: Agent[]) => json(200, { agents });
export const superAgentsAnswer = (superAgents: SuperAgent[]) => json(200, { superAgents });

/** One of this feature's components inside the app's providers (query cache, router, toasts). */
export function renderInApp(ui: ReactElement) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{ui}</MemoryRouter>
      <ToasterHost />
    </QueryClientProvider>,
  );
}
