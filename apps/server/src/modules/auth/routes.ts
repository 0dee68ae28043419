// Sign-in, the current user and the profile: thin handlers over the auth service.
import { authRoutes, MeResponse, SuperAgentProfileResponse } from '@cartela/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute, type Serialized, serializedOnce } from '../../route.js';
import { toSessionUser } from '../users/present.js';
import type { AuthService } from './service.js';

export interface AuthRouteOptions {
  service: AuthService;
  /** Per client IP, on each login route. */
  loginRateLimit: { max: number; windowMs: number };
}

export function registerAuthRoutes(
  app: FastifyInstance,
  { service, loginRateLimit }: AuthRouteOptions,
): void {
  const limited = {
    options: { config: { rateLimit: { max: loginRateLimit.max, timeWindow: loginRateLimit.windowMs } } },
  };

  registerRoute(
    app,
    authRoutes.login,
    { roles: 'public' },
    ({ body }) => service.login(body, 'regular'),
    limited,
  );

  registerRoute(
    app,
    authRoutes.superAgentLogin,
    { roles: 'public' },
    async ({ body }) => {
      const { token, user } = await service.login(body, 'super-agent');
      return { token, superAgent: user };
    },
    limited,
  );

  // Called on every app start and after a win: the answer is made once per cached user row.
  const meMemo = new WeakMap<object, Serialized>();
  registerRoute(app, authRoutes.me, { roles: 'authenticated' }, async ({ user }) =>
    serializedOnce(meMemo, user, MeResponse, () => ({ user: toSessionUser(user) })),
  );

  const profileMemo = new WeakMap<object, Serialized>();
  registerRoute(app, authRoutes.superAgentProfile, { roles: ['super-agent'] }, async ({ user }) =>
    serializedOnce(profileMemo, user, SuperAgentProfileResponse, () => ({ superAgent: toSessionUser(user) })),
  );

  registerRoute(app, authRoutes.updateProfile, { roles: 'authenticated' }, ({ user, body }) =>
    service.updateProfile(user, body),
  );
}
