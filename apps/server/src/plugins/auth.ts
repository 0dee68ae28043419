// Sessions and roles, enforced in ONE place. A session is a signed JWT (HS256) with the claims sub (user id),
// role and tv (token version). Every request to a non-public route is checked here, before its body is even
// parsed: the token's signature and expiry, then the user as it is NOW (from the user cache): gone, deactivated
// or with another token version (password changed, deactivated, deleted) -> 401; a role the route does not
// allow -> 403.

import type { Role } from '@cartela/contract';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.js';
import { AppError, MESSAGES } from '../errors.js';
import type { UserCache } from '../modules/users/cache.js';
import type { Access } from '../route.js';

export interface SessionClaims {
  sub: string;
  role: Role;
  tv: number;
}

export interface SessionTokens {
  /** A new session token for the user as stored (its current token version). */
  sign(user: Pick<UserRow, 'id' | 'role' | 'tokenVersion'>): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionTokens;
  }
}

const ROLES: ReadonlySet<string> = new Set(['admin', 'agent', 'super-agent']);

function isClaims(value: unknown): value is SessionClaims {
  const v = value as Partial<SessionClaims> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.sub === 'string' &&
    typeof v.role === 'string' &&
    ROLES.has(v.role) &&
    Number.isInteger(v.tv)
  );
}

const unauthorized = () => new AppError('UNAUTHORIZED', MESSAGES.signIn);
const sessionOver = () => new AppError('TOKEN_EXPIRED', MESSAGES.sessionExpired);

export async function setupAuth(
  app: FastifyInstance,
  options: { secret: string; expiresInMs: number; users: UserCache },
): Promise<void> {
  await app.register(fastifyJwt, {
    secret: options.secret,
    // A number is read as SECONDS by @fastify/jwt.
    sign: { algorithm: 'HS256', expiresIn: Math.max(1, Math.round(options.expiresInMs / 1000)) },
    verify: { algorithms: ['HS256'] },
  });

  app.decorate('sessions', {
    sign: (user) =>
      app.jwt.sign({ sub: user.id, role: user.role, tv: user.tokenVersion } satisfies SessionClaims),
  } satisfies SessionTokens);
  app.decorateRequest('auth', null);

  // Tokens already verified, until they expire: a hall device sends the same token with every request, and
  // a Map lookup is cheaper than an HMAC (or fast-jwt's own cache, which hashes the token with SHA-256).
  // Only tokens that passed verification are kept, so made-up tokens cannot fill it.
  const verified = new Map<string, { claims: SessionClaims; expiresAt: number }>();
  const verify = (token: string): SessionClaims => {
    const hit = verified.get(token);
    if (hit) {
      if (hit.expiresAt > Date.now()) return hit.claims;
      verified.delete(token);
      throw sessionOver();
    }
    let claims: unknown;
    try {
      claims = app.jwt.verify(token);
    } catch (err) {
      throw (err as { code?: string }).code === 'FAST_JWT_EXPIRED' ? sessionOver() : unauthorized();
    }
    if (!isClaims(claims)) throw unauthorized();
    const exp = (claims as { exp?: unknown }).exp;
    if (typeof exp === 'number') {
      if (verified.size >= 10_000) verified.clear();
      verified.set(token, { claims, expiresAt: exp * 1000 });
    }
    return claims;
  };

  app.decorate('accessHook', (access: Access) => {
    const roles: ReadonlySet<string> | null = Array.isArray(access.roles) ? new Set(access.roles) : null;
    /** The account as it is now must still back the token, and have a role the route allows. */
    const admit = (request: FastifyRequest, claims: SessionClaims, user: UserRow | null) => {
      if (!user) throw sessionOver(); // deleted since the token was issued
      if (!user.isActive) throw new AppError('ACCOUNT_INACTIVE', MESSAGES.accountInactive);
      if (user.tokenVersion !== claims.tv || user.role !== claims.role) throw sessionOver();
      if (roles && !roles.has(user.role)) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
      request.auth = user;
    };
    // Callback style, so that a user found in the cache costs no promise at all.
    return (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
      let claims: SessionClaims;
      try {
        const header = request.headers.authorization;
        if (!header) throw unauthorized();
        const space = header.indexOf(' ');
        if (space < 0 || header.slice(0, space).toLowerCase() !== 'bearer') throw unauthorized();
        claims = verify(header.slice(space + 1).trim());
        const cached = options.users.peek(claims.sub);
        if (cached) {
          admit(request, claims, cached);
          return done();
        }
      } catch (err) {
        return done(err as Error);
      }
      options.users.get(claims.sub).then(
        (user) => {
          try {
            admit(request, claims, user);
            done();
          } catch (err) {
            done(err as Error);
          }
        },
        (err: Error) => done(err),
      );
    };
  });
}
