import type { z } from 'zod';
import type { Role } from './common.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: anyone, any signed-in user, or signed-in users with one of the roles. Declared once,
 * here beside the route; the server enforces it (apps/server/src/plugins/auth.ts) and the web can read it.
 */
export type RouteAccess = 'public' | 'authenticated' | readonly Role[];

/**
 * One route of the API: its method, path (Fastify style, `:id` for params), who may call it and zod schemas.
 * The server registers it with these schemas; the web client calls it with the same ones.
 */
export interface RouteDef<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  access: RouteAccess;
  /**
   * Callable by a user who must still replace a published demo password (every other route answers 403
   * PASSWORD_CHANGE_REQUIRED until then): reading oneself, changing the password, signing out.
   */
  beforePasswordChange?: true;
  body?: Body;
  query?: Query;
  params?: Params;
  response: Response;
  /** Status of the success answer (200 unless stated). */
  status?: 200 | 201 | 202;
}

export function defineRoute<
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Params extends z.ZodType | undefined = undefined,
  Response extends z.ZodType = z.ZodType,
>(def: RouteDef<Body, Query, Params, Response>): RouteDef<Body, Query, Params, Response> {
  return def;
}

/** The zod schema in one slot of a route definition, or undefined when the route has none. */
type Slot<R extends RouteDef, K extends 'body' | 'query' | 'params'> = NonNullable<R[K]>;
type InputOf<S> = [S] extends [never] ? undefined : S extends z.ZodType ? z.input<S> : undefined;

export type RouteBody<R extends RouteDef> = InputOf<Slot<R, 'body'>>;
export type RouteQuery<R extends RouteDef> = InputOf<Slot<R, 'query'>>;
export type RouteParams<R extends RouteDef> = InputOf<Slot<R, 'params'>>;
export type RouteResponse<R extends RouteDef> = z.output<R['response']>;
