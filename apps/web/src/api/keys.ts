import type { RouteDef } from '@cartela/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiOptions } from '@/lib/api';

// The cache keys of src/api/, and what drops or refreshes them: no TanStack code, so a screen that only forgets
// answers (the room, after a cancel) does not load the queries' and mutations' machinery with it.
// A cache key is never written by hand: it is the route's path and what the call was asked with, so two screens
// reading one route with one input share one cached answer.

/** What tells one answer of a GET route from another: its path parameters and its query. */
export type RouteInput<R extends RouteDef> = Pick<ApiOptions<R>, 'params' | 'query'>;

/**
 * The one cache key of a route's answer: `[path]`, or `[path, { params, query }]` when it was asked with them.
 * As a filter it reaches every answer it is a prefix of: `routeKey(route)` all of the route's,
 * `routeKey(route, { params })` those of one id, whatever their query.
 */
export function routeKey<R extends RouteDef>(route: Pick<R, 'path'>, input: RouteInput<R> = {}) {
  const { params, query } = input;
  if (params === undefined && query === undefined) return [route.path] as const;
  return [
    route.path,
    { ...(params !== undefined && { params }), ...(query !== undefined && { query }) },
  ] as const;
}

/**
 * What a write makes stale: a route (every answer of it), a route with part of its input (`[route, { params }]`:
 * the answers of one id), or a whole group of the contract (`statsRoutes`: each of its GET routes).
 */
export type Stale = RouteDef | readonly [RouteDef, RouteInput<RouteDef>] | Readonly<Record<string, RouteDef>>;

function keysOf(stale: Stale): (readonly unknown[])[] {
  if (Array.isArray(stale)) return [routeKey(stale[0], stale[1])];
  if (typeof (stale as RouteDef).method === 'string') return [routeKey(stale as RouteDef)];
  return Object.values(stale as Record<string, RouteDef>)
    .filter((route) => route.method === 'GET')
    .map((route) => routeKey(route));
}

/** Every cached answer the list names is stale: the ones on screen are read again. */
export function invalidate(queryClient: QueryClient, stale: readonly Stale[]): Promise<unknown> {
  return Promise.all(stale.flatMap(keysOf).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Drops every cached answer the list names: nothing shows them until a screen reads them again. */
export function forget(queryClient: QueryClient, stale: readonly Stale[]): void {
  for (const queryKey of stale.flatMap(keysOf)) queryClient.removeQueries({ queryKey });
}
