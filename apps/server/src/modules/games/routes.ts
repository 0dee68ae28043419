// Games: thin handlers over the games service. The Idempotency-Key header of a creation is checked here.
import { gameRoutes } from '@cartela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { registerRoute, Serialized } from '../../route.js';
import type { AddressLimiter } from './public.js';
import type { GamesService } from './service.js';

/** 1-128 visible ASCII characters (no space, no control character). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,128}$/;

/** The request's Idempotency-Key, or null when it has none; 400 when it is malformed (or sent twice). */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value)) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Idempotency-Key: 1-128 visible ASCII characters (letters, digits, punctuation; no spaces)',
    );
  }
  return value;
}

/** The public routes' settings (decision 074). */
export interface PublicOptions {
  /** PUBLIC_URL, null when not set. */
  publicUrl: string | null;
  limiter: AddressLimiter;
}

export function registerGameRoutes(app: FastifyInstance, service: GamesService, pub: PublicOptions): void {
  // Anyone, without a session: limited per address, cached, and answered 304 when the browser has this version.
  registerRoute(app, gameRoutes.publicGame, async ({ params, request, reply }) => {
    pub.limiter.take(request.ip);
    const answer = await service.publicGame(params.gameId);
    reply.header('cache-control', answer.cacheControl).header('etag', answer.etag);
    if (request.headers['if-none-match'] === answer.etag) {
      reply.code(304);
      return new Serialized('');
    }
    return answer.body;
  });
  registerRoute(app, gameRoutes.publicAddress, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=60');
    return { publicUrl: pub.publicUrl };
  });

  registerRoute(app, gameRoutes.createGame, async ({ body, user, request, reply }) => {
    const { replayed, answer } = await service.create(body, user, idempotencyKeyOf(request));
    // A retry answers what the first request did (201, the same game); this header tells it was a retry.
    if (replayed) reply.header('idempotent-replayed', 'true');
    return answer;
  });
  // An agent's own games, the admin's every game: one use case, the policy tells whose.
  registerRoute(app, gameRoutes.myGames, ({ user, query }) => service.list(user, query));
  registerRoute(app, gameRoutes.allGames, ({ user, query }) => service.list(user, query));
  registerRoute(app, gameRoutes.getGame, ({ user, params }) => service.get(user, params.id));
  registerRoute(app, gameRoutes.roomState, ({ user, params }) => service.roomState(user, params.id));
  registerRoute(app, gameRoutes.gameCartelas, ({ user, params }) => service.cartelas(user, params.id));
  registerRoute(app, gameRoutes.gameCartela, ({ user, params }) =>
    service.cartela(user, params.id, params.n),
  );

  registerRoute(app, gameRoutes.callNumber, ({ user, params, body }) =>
    service.callNumber(user, params.id, body?.seq),
  );
  registerRoute(app, gameRoutes.pause, ({ user, params }) => service.pause(user, params.id));
  registerRoute(app, gameRoutes.resume, ({ user, params }) => service.resume(user, params.id));
  registerRoute(app, gameRoutes.shuffle, ({ user, params }) => service.shuffle(user, params.id));
  registerRoute(app, gameRoutes.finish, ({ user, params }) => service.finish(user, params.id));
  registerRoute(app, gameRoutes.cancel, ({ user, params, body }) =>
    service.cancel(user, params.id, body?.reason),
  );
  registerRoute(app, gameRoutes.validateWinner, ({ user, params, body }) =>
    service.validateWinner(user, params.id, body),
  );
  registerRoute(app, gameRoutes.events, ({ user, params, body }) =>
    service.events(user, params.id, body.events),
  );
}
