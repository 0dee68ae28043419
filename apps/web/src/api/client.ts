import type { RouteDef, RouteResponse } from '@cartela/contract';
import { queryOptions, type UseQueryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type RouteInput, routeKey } from './keys';
import type { LazyRoute } from './lazy-route';

// A read of src/api/: the query options of a GET route, on the route's own key (keys.ts); writes are write.ts's.

type QueryExtra<R extends RouteDef, TData> = Omit<
  UseQueryOptions<RouteResponse<R>, Error, TData>,
  'queryKey' | 'queryFn'
>;

/** The query options of a GET route: its key from `routeKey`, the call through `api()`, and any extra option. */
export function routeQuery<R extends RouteDef, TData = RouteResponse<R>>(
  route: R,
  input: RouteInput<R> = {},
  extra?: QueryExtra<R, TData>,
) {
  return queryOptions<RouteResponse<R>, Error, TData>({
    ...extra,
    queryKey: routeKey(route, input),
    queryFn: ({ signal }) => api(route, { ...input, signal }),
  });
}

/** The query options of a lazy route (lazy-route.ts): the same key as `routeQuery`'s, the schemas loaded by the call. */
export function lazyRouteQuery<R extends RouteDef, TData = RouteResponse<R>>(
  route: LazyRoute<R>,
  input: RouteInput<R> = {},
  extra?: QueryExtra<R, TData>,
) {
  return queryOptions<RouteResponse<R>, Error, TData>({
    ...extra,
    queryKey: routeKey<R>(route, input),
    queryFn: async ({ signal }) => api(await route.load(), { ...input, signal }),
  });
}
