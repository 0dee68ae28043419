import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One route of the API: its method, path (Fastify style, `:id` for params) and zod schemas.
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

export type RouteBody<R> = R extends RouteDef<infer B, any, any, any> ? (B extends z.ZodType ? z.input<B> : undefined) : never;
export type RouteQuery<R> = R extends RouteDef<any, infer Q, any, any> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never;
export type RouteParams<R> = R extends RouteDef<any, any, infer P, any> ? (P extends z.ZodType ? z.input<P> : undefined) : never;
export type RouteResponse<R> = R extends RouteDef<any, any, any, infer S> ? z.output<S> : never;
