// Every route packages/contract defines, by 'METHOD /path' (Fastify's :param style): what the proofs walk, so a
// route added to the contract is tried without a list to keep.
import type { RouteDef } from '@cartela/contract';
import * as contract from '@cartela/contract';

const isRoute = (value: unknown): value is RouteDef =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;

export const CONTRACT_ROUTES = new Map<string, RouteDef>(
  Object.values(contract)
    .flatMap((group) =>
      typeof group === 'object' && group !== null ? Object.values(group).filter(isRoute) : [],
    )
    .map((route) => [`${route.method} ${route.path}`, route] as const),
);
