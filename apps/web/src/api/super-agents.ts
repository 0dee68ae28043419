// The super agents and their agreements (superAgentRoutes).
import {
  type AssignAgentRequest,
  agentRoutes,
  type CreateSuperAgentRequest,
  superAgentDashboardRoutes,
  superAgentRoutes,
  type UpdateSuperAgentRequest,
} from '@cartela/contract';
import { useQuery } from '@tanstack/react-query';
import { routeQuery } from './client';
import { useWrite } from './write';

/** The super agents' own figures: the list (agent counts), the agreements and each one's earnings. */
export const SUPER_AGENT_FIGURES = [
  superAgentRoutes.listSuperAgents,
  superAgentRoutes.agreements,
  superAgentDashboardRoutes.earningsOf,
] as const;

/** Every super agent, active or not (GET /api/super-agents): the super agents page and the agent dialogs. */
export const superAgentsQuery = () =>
  routeQuery(superAgentRoutes.listSuperAgents, {}, { select: (data) => data.superAgents });

export const useSuperAgents = () => useQuery(superAgentsQuery());

/** POST /api/super-agents. */
export const useCreateSuperAgent = () =>
  useWrite(superAgentRoutes.createSuperAgent, {
    request: (body: CreateSuperAgentRequest) => ({ body }),
    invalidates: [superAgentRoutes.listSuperAgents],
  });

/** PUT /api/super-agents/:id with only what changed. A renamed super agent is shown by name everywhere. */
export const useUpdateSuperAgent = () =>
  useWrite(superAgentRoutes.updateSuperAgent, {
    request: ({ id, body }: { id: string; body: UpdateSuperAgentRequest }) => ({ params: { id }, body }),
    invalidates: SUPER_AGENT_FIGURES,
  });

/**
 * POST /api/super-agents/assign-agent: the agent's previous agreement, if any, ends. The agreements, both super
 * agents' active-agent counts and the agents list (its super agent column) changed.
 */
export const useAssignAgent = () =>
  useWrite(superAgentRoutes.assignAgent, {
    request: (body: AssignAgentRequest) => ({ body }),
    invalidates: [...SUPER_AGENT_FIGURES, agentRoutes.listAgents],
  });

/** Every agreement, the ended ones included (GET /api/super-agents/agreements). */
export const agreementsQuery = () =>
  routeQuery(superAgentRoutes.agreements, {}, { select: (data) => data.agreements });

export const useAgreements = () => useQuery(agreementsQuery());
