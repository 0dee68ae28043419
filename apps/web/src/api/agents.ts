// The agents and the users lists (agentRoutes): the admin's agents, their coins, the agents to choose from.
import {
  type AddCoinsRequest,
  type Agent,
  agentRoutes,
  type CreateAgentRequest,
  cartelaRoutes,
  coinRoutes,
  superAgentDashboardRoutes,
  superAgentRoutes,
  type UpdateAgentRequest,
} from '@cartela/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { routeQuery } from './client';
import { routeKey } from './keys';
import { SUPER_AGENT_FIGURES } from './super-agents';
import { useWrite } from './write';

/**
 * What a new, changed or deleted agent, or its coins, make stale: the agents list, the users lists, and the super
 * agents' figures (a super agent earns a share of coin purchases, and counts its agents).
 */
const AGENT_CHANGED = [agentRoutes, superAgentRoutes, superAgentDashboardRoutes.earningsOf] as const;

/** Every agent, with its super agent and coins (GET /api/users/agents). */
export const agentsQuery = () => routeQuery(agentRoutes.listAgents, {}, { select: (data) => data.agents });

export const useAgents = (enabled = true) => useQuery({ ...agentsQuery(), enabled });

/** The agents as the server has them now (not the cache's copy), stored for every screen that shows them. */
export async function fetchAgents(queryClient: QueryClient): Promise<Agent[]> {
  const { queryKey, queryFn } = agentsQuery();
  const data = await queryClient.fetchQuery({ queryKey, queryFn, staleTime: 0 });
  return data.agents;
}

/** Puts an agent the server just answered with into the list at once (the refetch follows). */
export function storeAgent(queryClient: QueryClient, agent: Agent): void {
  queryClient.setQueryData(agentsQuery().queryKey, (data) =>
    data ? { agents: data.agents.map((a) => (a.id === agent.id ? agent : a)) } : data,
  );
}

export interface AgentOption {
  id: string;
  username: string;
}

/** The agents the admin can narrow the report to, by name: the same answer as the agents list. */
export const agentOptionsQuery = () =>
  routeQuery(
    agentRoutes.listAgents,
    {},
    {
      select: (data): AgentOption[] =>
        data.agents
          .map(({ id, username }) => ({ id, username }))
          .sort((a, b) => a.username.localeCompare(b.username)),
    },
  );

/** `enabled` is false for an agent, who has no agent filter (and would only be refused). */
export const useReportAgents = (enabled: boolean) => useQuery({ ...agentOptionsQuery(), enabled });

/** POST /api/users/agents (and the super agent agreement, when one is chosen). */
export const useCreateAgent = () =>
  useWrite(agentRoutes.createAgent, {
    request: (body: CreateAgentRequest) => ({ body }),
    invalidates: AGENT_CHANGED,
  });

/**
 * The 409 of a new coin balance typed over one that has moved since the form showed it (the agent played, or
 * was topped up): nothing was saved (decision 056).
 */
export const isBalanceChanged = (error: unknown) =>
  error instanceof ApiError && error.reason === 'BALANCE_CHANGED';

/** A new super agent, share or active state changes the super agents' counts and earnings too. */
const movesSuperAgentFigures = (body: UpdateAgentRequest) =>
  'superAgentId' in body || 'superAgentCommissionRate' in body || 'isActive' in body;

/** PUT /api/users/agents/:id with only what changed (activate/deactivate is `{ isActive }`). */
export const useUpdateAgent = () =>
  useWrite(agentRoutes.updateAgent, {
    request: ({ id, body }: { id: string; body: UpdateAgentRequest }) => ({ params: { id }, body }),
    onSuccess: ({ agent }, _, queryClient) => storeAgent(queryClient, agent),
    invalidates: (_, { body }) => [
      agentRoutes.listAgents,
      agentRoutes.listUsers,
      ...(movesSuperAgentFigures(body) ? SUPER_AGENT_FIGURES : []),
      // A new balance is an adjustment row of the agent's statement.
      ...('virtualCoins' in body ? [coinRoutes] : []),
    ],
    // The list shows a balance that is no longer true: read it again.
    onError: (error, queryClient) => {
      if (isBalanceChanged(error))
        void queryClient.invalidateQueries({ queryKey: routeKey(agentRoutes.listAgents) });
    },
  });

/** DELETE /api/users/agents/:id: the agent can no longer sign in; its money history stays. */
export const useDeleteAgent = () =>
  useWrite(agentRoutes.deleteAgent, {
    request: (id: string) => ({ params: { id } }),
    onSuccess: (_, id, queryClient) => {
      queryClient.setQueryData(agentsQuery().queryKey, (data) =>
        data ? { agents: data.agents.filter((a) => a.id !== id) } : data,
      );
      queryClient.removeQueries({
        queryKey: routeKey(cartelaRoutes.agentCartelas, { params: { agentId: id } }),
      });
    },
    invalidates: AGENT_CHANGED,
  });

/** POST /api/users/agents/:id/add-coins: the answer carries the agent's new balance and the ledger row. */
export const useAddCoins = () =>
  useWrite(agentRoutes.addCoins, {
    request: ({ id, body }: { id: string; body: AddCoinsRequest }) => ({ params: { id }, body }),
    onSuccess: ({ agent }, _, queryClient) => storeAgent(queryClient, agent),
    // The top-up is the newest row of the agent's statement.
    invalidates: [...AGENT_CHANGED, coinRoutes],
  });

/** The agents to choose from (GET /api/users?role=agent): a super agent's assign dialog, a voice pack's offer. */
export const agentUsersQuery = () =>
  routeQuery(agentRoutes.listUsers, { query: { role: 'agent' } }, { select: (data) => data.users });

export const useAgentUsers = (enabled = true) => useQuery({ ...agentUsersQuery(), enabled });
