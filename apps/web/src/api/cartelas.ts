import {
  type AssignedCartela,
  agentRoutes,
  cartelaRoutes,
  type RebalanceRequest,
  type RouteBody,
  type RouteResponse,
} from '@cartela/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { routeQuery } from './client';
import type { Stale } from './keys';
import { useWrite, useWriting } from './write';

// cartelaRoutes: the system set, the agents' cartelas and the balance manager over the system set.

/** The system set 1-300 (GET /api/cartelas, admin): the cards games are validated against. */
export const systemCartelasQuery = () =>
  routeQuery(cartelaRoutes.list, {}, { select: (data) => data.cartelas });

export const useSystemCartelas = (enabled = true) => useQuery({ ...systemCartelasQuery(), enabled });

/** The signed-in agent's own copies (GET /api/cartelas/my-cartelas): what its games are validated against. */
export const myCartelasQuery = () => routeQuery(cartelaRoutes.myCartelas);

export const useMyCartelas = (enabled = true) =>
  useQuery({ ...myCartelasQuery(), select: (data) => data.assignedCartelas, enabled });

/**
 * The numbers of the cartelas that can be played, for the wizard's grid: active assignments only
 * (product/cartelas.md#an-agents-cartelas; the server checks it too). A function of its own, so the Set stays the
 * same object between renders and the wizard's grid of 300 is not drawn again for nothing.
 */
const playableNumbers = (data: RouteResponse<typeof cartelaRoutes.myCartelas>) =>
  new Set(data.assignedCartelas.filter((c) => c.isActive).map((c) => c.cartelaNumber));

export const usePlayableCartelas = () => useQuery({ ...myCartelasQuery(), select: playableNumbers });

/** An agent's assigned cartelas with the agent's own cards (GET /api/cartelas/agent/:agentId, admin). */
export const agentCartelasQuery = (agentId: string) =>
  routeQuery(
    cartelaRoutes.agentCartelas,
    { params: { agentId } },
    { select: (data) => data.assignedCartelas },
  );

export const useAgentCartelas = (agentId: string | null) =>
  useQuery({ ...agentCartelasQuery(agentId ?? ''), enabled: agentId !== null });

/** One of the agent's cards as the server now has it, in the list at once. */
function storeAgentCartela(queryClient: QueryClient, cartela: AssignedCartela): void {
  queryClient.setQueryData(agentCartelasQuery(cartela.agentId).queryKey, (data) =>
    data
      ? {
          assignedCartelas: data.assignedCartelas.map((c) =>
            c.cartelaNumber === cartela.cartelaNumber ? cartela : c,
          ),
        }
      : data,
  );
}

/** After cartelas were assigned or taken back: the agent's list and its count in the agents table. */
const cartelasChanged = ({ agentId }: { agentId: string }): Stale[] => [
  [cartelaRoutes.agentCartelas, { params: { agentId } }],
  agentRoutes.listAgents,
];

export type AssignCartelasBody = RouteBody<typeof cartelaRoutes.assign>;

/** POST /api/cartelas/agent/:agentId/assign: balanced (a fresh card each) or global (the system set's card). */
export const useAssignCartelas = () =>
  useWrite(cartelaRoutes.assign, {
    request: ({ agentId, body }: { agentId: string; body: AssignCartelasBody }) => ({
      params: { agentId },
      body,
    }),
    invalidates: (_, vars) => cartelasChanged(vars),
  });

/** POST /api/cartelas/agent/:agentId/auto-assign: the next free numbers, each with a balanced card. */
export const useAutoAssign = () =>
  useWrite(cartelaRoutes.autoAssign, {
    request: ({ agentId, count }: { agentId: string; count: number }) => ({
      params: { agentId },
      body: { count },
    }),
    invalidates: (_, vars) => cartelasChanged(vars),
  });

/** DELETE /api/cartelas/agent/:agentId/cartela/:n: the agent no longer holds that cartela. */
export const useRemoveAgentCartela = () =>
  useWrite(cartelaRoutes.removeAgentCartela, {
    request: ({ agentId, n }: { agentId: string; n: number }) => ({ params: { agentId, n: String(n) } }),
    onSuccess: (_, { agentId, n }, queryClient) => {
      queryClient.setQueryData(agentCartelasQuery(agentId).queryKey, (data) =>
        data ? { assignedCartelas: data.assignedCartelas.filter((c) => c.cartelaNumber !== n) } : data,
      );
    },
    invalidates: (_, vars) => cartelasChanged(vars),
  });

/** POST /api/cartelas/agent/:agentId/cartela/:n/generate: a new random arrangement, saved by the server. */
export const useGenerateAgentCard = () =>
  useWrite(cartelaRoutes.generateAgentCard, {
    request: ({ agentId, n }: { agentId: string; n: number }) => ({ params: { agentId, n: String(n) } }),
    onSuccess: ({ cartelaAssignment }, _, queryClient) => storeAgentCartela(queryClient, cartelaAssignment),
    invalidates: [],
  });

/** PUT /api/cartelas/agent/:agentId/cartela/:n: the agent's card, typed to match its printed copy. */
export const useUpdateAgentCard = () =>
  useWrite(cartelaRoutes.updateAgentCard, {
    request: ({ agentId, n, card }: { agentId: string; n: number; card: number[][] }) => ({
      params: { agentId, n: String(n) },
      body: { bingoCard: card },
    }),
    onSuccess: ({ cartelaAssignment }, _, queryClient) => storeAgentCartela(queryClient, cartelaAssignment),
    invalidates: [],
  });

/** GET /api/balance/stats; `enabled` is false for a non-admin, who would only be refused. */
export const balanceStatsQuery = () => routeQuery(cartelaRoutes.balanceStats);

export const useBalanceStats = (enabled: boolean) => useQuery({ ...balanceStatsQuery(), enabled });

/** New system cards: the balance figures and every list of cartelas (the group's GETs) changed. */
const SYSTEM_SET_CHANGED = [cartelaRoutes] as const;

/** POST /api/balance/rebalance: new cards for the cartelas outside target +/- tolerance. */
export const useRebalance = () =>
  useWrite(cartelaRoutes.rebalance, {
    request: (body: z.input<typeof RebalanceRequest>) => ({ body }),
    invalidates: SYSTEM_SET_CHANGED,
  });

/** POST /api/balance/regenerate: a fresh balanced set of 300 system cards, cartela numbers kept. */
export const useRegenerate = () =>
  useWrite(cartelaRoutes.regenerate, {
    request: () => ({ body: { preserveCartelaNumbers: true } }),
    invalidates: SYSTEM_SET_CHANGED,
  });

/** True while the system set is being rebalanced or regenerated: the page holds its other buttons. */
export const useBalancing = () => useWriting(cartelaRoutes.rebalance, cartelaRoutes.regenerate);
