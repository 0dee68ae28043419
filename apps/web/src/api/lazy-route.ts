import type { RouteDef } from '@cartela/contract';
import { loadWholeContract } from '@/lib/contract';

// A route that a screen loading before zod reads (the game room, decision 073): named by its method and path,
// which is all its cache key needs, with its schemas loaded by its first call. The load checks that the path and
// method are the contract's, so a route renamed in the contract fails its first call in any test.

type Contract = Awaited<ReturnType<typeof loadWholeContract>>;

export interface LazyRoute<R extends RouteDef> {
  readonly method: R['method'];
  readonly path: string;
  /** The contract's route, schemas and all. */
  load(): Promise<R>;
}

export function lazyRoute<R extends RouteDef>(
  method: R['method'],
  path: string,
  pick: (contract: Contract) => R,
): LazyRoute<R> {
  return {
    method,
    path,
    async load() {
      const route = pick(await loadWholeContract());
      if (route.method !== method || route.path !== path) {
        throw new Error(`Lazy route ${method} ${path} is ${route.method} ${route.path} in the contract`);
      }
      return route;
    },
  };
}
