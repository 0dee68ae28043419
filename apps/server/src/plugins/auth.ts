// Sessions and roles, enforced in ONE place. A session is a signed JWT (HS256) with the claims sub (user id),
// role, tv (token version), jti (the token's own id) and exp (required). Every request to a non-public route
// is checked here, before its body is even parsed: the token's signature and expiry, whether it was signed
// out, then the user as it is NOW (from the user cache): gone, deactivated or with another token version
// (password changed, deactivated, deleted) -> 401; a role the route does not allow -> 403; an account that
// must still replace its published demo password -> 403 on every route but the few that let it do so.
import { randomUUID } from 'node:crypto';
import type { Role, RouteDef } from '@cartela/contract';
import fastifyJwt from '@fastify/jwt';
import { lte } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Database, MISSED, SESSION_REVOKED_CHANNEL } from '../db/client.js';
import { revokedSessions, type UserRow } from '../db/schema.js';
import { AppError, MESSAGES } from '../errors.js';
import { HEAR_WAIT_MS, type UserCache } from '../modules/users/index.js';

export interface SessionClaims {
  sub: string;
  role: Role;
  tv: number;
  /** The token's id: what a sign-out revokes. */
  jti: string;
  /** Expiry, seconds since the epoch: a token without one is refused. */
  exp: number;
}

export interface SessionTokens {
  /** A new session token for the user as stored (its current token version). */
  sign(user: Pick<UserRow, 'id' | 'role' | 'tokenVersion'>): string;
  /** Ends one session (a sign-out) on every instance: its token is refused from now on. */
  revoke(session: Pick<SessionClaims, 'jti' | 'exp'>): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionTokens;
  }
  interface FastifyRequest {
    /** The claims of the session token on routes that are not public (set by the access hook). */
    session: SessionClaims | null;
  }
}

const ROLES: ReadonlySet<string> = new Set(['admin', 'agent', 'super-agent']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isClaims(value: unknown): value is SessionClaims {
  const v = value as Partial<SessionClaims> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.sub === 'string' &&
    typeof v.role === 'string' &&
    ROLES.has(v.role) &&
    Number.isInteger(v.tv) &&
    typeof v.jti === 'string' &&
    UUID.test(v.jti) &&
    // A correctly signed token without an expiry would be good forever.
    typeof v.exp === 'number' &&
    Number.isFinite(v.exp)
  );
}

/**
 * The signed-out tokens that have not expired yet, in memory on every instance: a Map lookup per request, and
 * an empty map costs nothing. Kept in the database for restarts, announced to other instances by a trigger's
 * NOTIFY, and reloaded whenever notifications may have been missed.
 */
class Revocations {
  private readonly ended = new Map<string, number>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly database: Database,
    /** The longest a token lives: how long a revocation heard from another instance is kept. */
    maxLifetimeMs: number,
  ) {
    this.unsubscribe = database.listen(SESSION_REVOKED_CHANNEL, (id) => {
      if (id === MISSED) void this.load().catch(() => {});
      else this.ended.set(id, Date.now() + maxLifetimeMs);
    });
  }

  async load(): Promise<void> {
    const rows = await this.database.db.select().from(revokedSessions);
    const now = Date.now();
    for (const row of rows) {
      const until = row.expiresAt.getTime();
      if (until > now) this.ended.set(row.tokenId, until);
    }
  }

  has(jti: string): boolean {
    if (this.ended.size === 0) return false;
    const until = this.ended.get(jti);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.ended.delete(jti);
    return false;
  }

  async revoke({ jti, exp }: Pick<SessionClaims, 'jti' | 'exp'>): Promise<void> {
    const expiresAt = new Date(exp * 1000);
    // Answered once every instance has heard (decision 068): the next request, wherever it goes, is refused.
    const hearing = this.database.hear(SESSION_REVOKED_CHANNEL, jti, HEAR_WAIT_MS);
    try {
      const inserted = await this.database.db
        .insert(revokedSessions)
        .values({ tokenId: jti, expiresAt })
        .onConflictDoNothing()
        .returning({ tokenId: revokedSessions.tokenId });
      // Ended before (a second sign-out): no new row, no notification, nothing new to hear.
      if (inserted.length === 0) hearing.cancel();
    } catch (err) {
      hearing.cancel();
      throw err;
    }
    this.ended.set(jti, expiresAt.getTime());
    await hearing.heard;
    // Rows of tokens that expired anyway are no longer needed.
    await this.database.db.delete(revokedSessions).where(lte(revokedSessions.expiresAt, new Date()));
    const now = Date.now();
    for (const [id, until] of this.ended) if (until <= now) this.ended.delete(id);
  }

  close(): void {
    this.unsubscribe();
  }
}

const unauthorized = () => new AppError('UNAUTHORIZED', MESSAGES.signIn);
const sessionOver = () => new AppError('TOKEN_EXPIRED', MESSAGES.sessionExpired);

export async function setupAuth(
  app: FastifyInstance,
  options: { secret: string; expiresInMs: number; users: UserCache; database: Database },
): Promise<void> {
  await app.register(fastifyJwt, {
    secret: options.secret,
    // A number is read as SECONDS by @fastify/jwt.
    sign: { algorithm: 'HS256', expiresIn: Math.max(1, Math.round(options.expiresInMs / 1000)) },
    verify: { algorithms: ['HS256'] },
  });

  const revocations = new Revocations(options.database, options.expiresInMs);
  await revocations.load();
  app.addHook('onClose', async () => revocations.close());
  app.decorate('sessions', {
    // exp is added by @fastify/jwt (expiresIn above).
    sign: (user) =>
      app.jwt.sign({
        sub: user.id,
        role: user.role,
        tv: user.tokenVersion,
        jti: randomUUID(),
      } satisfies Omit<SessionClaims, 'exp'>),
    revoke: (session) => revocations.revoke(session),
  } satisfies SessionTokens);
  app.decorateRequest('auth', null);
  app.decorateRequest('session', null);

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
    if (verified.size >= 10_000) verified.clear();
    verified.set(token, { claims, expiresAt: claims.exp * 1000 });
    return claims;
  };

  app.decorate('accessHook', (route: Pick<RouteDef, 'access' | 'beforePasswordChange'>) => {
    const roles: ReadonlySet<string> | null = Array.isArray(route.access) ? new Set(route.access) : null;
    const beforePasswordChange = route.beforePasswordChange === true;

    /** The account as it is now must still back the token, and have a role the route allows. */
    const admit = (request: FastifyRequest, claims: SessionClaims, user: UserRow | null) => {
      if (!user) throw sessionOver(); // deleted since the token was issued
      if (!user.isActive) throw new AppError('ACCOUNT_INACTIVE', MESSAGES.accountInactive);
      if (user.tokenVersion !== claims.tv || user.role !== claims.role) throw sessionOver();
      if (roles && !roles.has(user.role)) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
      if (user.mustChangePassword && !beforePasswordChange) {
        throw new AppError('PASSWORD_CHANGE_REQUIRED', MESSAGES.passwordChangeRequired);
      }
      request.auth = user;
      request.session = claims;
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
        if (revocations.has(claims.jti)) throw sessionOver();
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
