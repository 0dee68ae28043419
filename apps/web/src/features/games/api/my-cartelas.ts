import { cartelaRoutes, type RouteResponse } from '@cartela/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * The signed-in agent's assigned cartelas (GET /api/cartelas/my-cartelas), for the wizard's grid. The same key
 * as the agents feature's list of them, so the two share one cached answer.
 */
export const myCartelasQuery = () =>
  queryOptions({
    queryKey: ['cartelas', 'mine'],
    queryFn: ({ signal }) => api(cartelaRoutes.myCartelas, { signal }),
  });

/**
 * The numbers of the cartelas that can be played: active assignments only (00-decisions 'One game's
 * economics'; the server checks it too). A function of its own, so the Set stays the same object between
 * renders and the wizard's grid of 300 is not drawn again for nothing.
 */
const playableNumbers = (data: RouteResponse<typeof cartelaRoutes.myCartelas>) =>
  new Set(data.assignedCartelas.filter((c) => c.isActive).map((c) => c.cartelaNumber));

export const useMyCartelas = () => useQuery({ ...myCartelasQuery(), select: playableNumbers });
