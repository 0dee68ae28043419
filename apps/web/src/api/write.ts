import type { RouteDef, RouteResponse } from '@cartela/contract';
import { type QueryClient, useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiOptions, api } from '@/lib/api';
import { invalidate, type Stale } from './keys';

// A write of src/api/: its route, and what its answer makes stale beside it. Apart from the reads (client.ts),
// so a screen that only reads (the game room's voice setup) does not load the mutations' code.

export interface WriteOptions<R extends RouteDef, TVars> {
  /** The hook's argument as the call's params, query, body or headers (nothing when the route takes none). */
  request?: (vars: TVars) => ApiOptions<R>;
  /** What the answer makes stale, declared beside the call: routes and route groups, never keys. */
  invalidates: readonly Stale[] | ((answer: RouteResponse<R>, vars: TVars) => readonly Stale[]);
  /** What the answer lets the cache show at once, before the stale answers are read again. */
  onSuccess?: (answer: RouteResponse<R>, vars: TVars, queryClient: QueryClient) => void;
  /** False: the write is over when its answer is in; the refetch goes on behind (the wizard opens the room). */
  awaitRefetch?: boolean;
  /** A refusal can say the cache is out of date too (a 409): what it makes stale, if anything. */
  onError?: (error: Error, queryClient: QueryClient) => unknown;
}

/** The mutation key of a write (a PUT and a DELETE may share a path): what `useWriting` looks for. */
const writeKey = (route: RouteDef) => [route.method, route.path] as const;

/** A write to one route as a TanStack mutation, with what it makes stale beside it. */
export function useWrite<R extends RouteDef, TVars = void>(route: R, options: WriteOptions<R, TVars>) {
  const queryClient = useQueryClient();
  const { request, invalidates, onSuccess, awaitRefetch = true, onError } = options;
  return useMutation({
    mutationKey: writeKey(route),
    mutationFn: (vars: TVars) => api(route, request?.(vars) ?? {}),
    onSuccess: (answer, vars) => {
      onSuccess?.(answer, vars, queryClient);
      const stale = typeof invalidates === 'function' ? invalidates(answer, vars) : invalidates;
      const refetch = invalidate(queryClient, stale);
      return awaitRefetch ? refetch : undefined;
    },
    onError: onError && ((error) => onError(error, queryClient)),
  });
}

/** True while a write to any of these routes is on its way. */
export function useWriting(...routes: RouteDef[]): boolean {
  const keys = routes.map(writeKey);
  return (
    useIsMutating({
      predicate: ({ options }) =>
        keys.some(
          ([method, path]) => options.mutationKey?.[0] === method && options.mutationKey?.[1] === path,
        ),
    }) > 0
  );
}
