// Routes are registered FROM the contract's route definitions (packages/contract): method, path, zod schemas and
// who may call the route come from there, so the server, the web client and the OpenAPI document cannot drift
// apart. The one access check (plugins/auth.ts) enforces the route's `access` before the body is parsed.
import type { RouteAccess, RouteDef } from '@cartela/contract';
import { ErrorResponse } from '@cartela/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { UserRow } from './db/schema.js';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
// From the definition's type parameters (the properties themselves are optional, hence `| undefined`).
type BodyOf<R> = R extends RouteDef<infer B, infer _Q, infer _P, infer _S> ? Out<B> : undefined;
type QueryOf<R> = R extends RouteDef<infer _B, infer Q, infer _P, infer _S> ? Out<Q> : undefined;
type ParamsOf<R> = R extends RouteDef<infer _B, infer _Q, infer P, infer _S> ? Out<P> : undefined;

export interface RouteContext<R extends RouteDef> {
  body: BodyOf<R>;
  query: QueryOf<R>;
  params: ParamsOf<R>;
  /** The signed-in user (checked: token valid, session current, account active, role allowed). */
  user: R['access'] extends 'public' ? null : UserRow;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** An answer body already serialized - and checked against the route's schema when it was made. */
export class Serialized {
  constructor(readonly json: string) {}
}

/**
 * Serializes (and checks) an answer once per `key` object, then reuses the text. For hot answers made from
 * objects that never change in place, such as the cached user behind GET /api/auth/me: the zod serializer is
 * the most expensive step of such a request. docs/decisions/024-fast-paths.md
 */
export function serializedOnce<S extends z.ZodType>(
  memo: WeakMap<object, Serialized>,
  key: object,
  schema: S,
  build: () => z.output<S>,
): Serialized {
  let hit = memo.get(key);
  if (!hit) {
    hit = new Serialized(JSON.stringify(schema.parse(build())));
    memo.set(key, hit);
  }
  return hit;
}

export type RouteHandler<R extends RouteDef> = (
  ctx: RouteContext<R>,
) => Promise<z.output<R['response']> | Serialized>;

export interface RouteExtras {
  /** Other success statuses with their own body schema (e.g. health's 503). */
  responses?: Record<number, z.ZodType>;
  /** Passed to Fastify as is (rate limit config, body limit...). */
  options?: Pick<RouteShorthandOptions, 'config' | 'bodyLimit'>;
}

/** Decorated on the app by plugins/auth.ts: the onRequest hook that enforces a route's access. */
export type AccessHook = (
  route: Pick<RouteDef, 'access' | 'beforePasswordChange'>,
) => (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => void;

declare module 'fastify' {
  interface FastifyInstance {
    accessHook: AccessHook;
  }
  interface FastifyRequest {
    /** The signed-in user on routes that are not public (set by the access hook). */
    auth: UserRow | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export function registerRoute<R extends RouteDef>(
  app: FastifyInstance,
  route: R,
  handler: RouteHandler<R>,
  extras: RouteExtras = {},
): void {
  const { access } = route;
  const status = route.status ?? 200;
  const schema: Record<string, unknown> = {
    summary: route.summary,
    response: { [status]: route.response, ...extras.responses, '4xx': ErrorResponse, '5xx': ErrorResponse },
  };
  if (route.body) schema.body = route.body;
  if (route.query) schema.querystring = route.query;
  if (route.params) schema.params = route.params;
  if (access !== 'public') schema.security = [{ bearerAuth: [] }];
  const tag = route.path.split('/')[2];
  if (tag) schema.tags = [tag];

  app.route({
    method: route.method,
    url: route.path,
    schema,
    ...extras.options,
    config: { ...extras.options?.config, access },
    onRequest: access === 'public' ? undefined : app.accessHook(route),
    handler: async (request, reply) => {
      const result = await handler({
        body: request.body as BodyOf<R>,
        query: request.query as QueryOf<R>,
        params: request.params as ParamsOf<R>,
        user: (request.auth ?? null) as RouteContext<R>['user'],
        request,
        reply,
      });
      if (reply.statusCode === 200 && status !== 200) reply.code(status);
      if (result instanceof Serialized)
        return reply.type('application/json; charset=utf-8').send(result.json);
      return result;
    },
  });
}
