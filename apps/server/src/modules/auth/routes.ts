// Sign-in, sign-out, the current user and the profile: thin handlers over the auth service.
import { authRoutes, MeResponse, SuperAgentProfileResponse } from '@cartela/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute, type Serialized, serializedOnce } from '../../route.js';
import { toSessionUser } from '../users/index.js';
import type { AuthService } from './service.js';

export function registerAuthRoutes(app: FastifyInstance, service: AuthService, timeZone: string): void {
  registerRoute(app, authRoutes.login, ({ body, request }) => service.login(body, 'regular', request.ip));

  registerRoute(app, authRoutes.superAgentLogin, async ({ body, request }) => {
    const { token, user } = await service.login(body, 'super-agent', request.ip);
    return { token, superAgent: user };
  });

  registerRoute(app, authRoutes.logout, async ({ request }) => {
    await app.sessions.revoke(request.session!);
    return { message: 'Logged out successfully' };
  });

  // Called on every app start and after a win: the answer is made once per cached user row.
  const meMemo = new WeakMap<object, Serialized>();
  registerRoute(app, authRoutes.me, async ({ user }) =>
    serializedOnce(meMemo, user, MeResponse, () => ({ user: toSessionUser(user, timeZone) })),
  );

  const profileMemo = new WeakMap<object, Serialized>();
  registerRoute(app, authRoutes.superAgentProfile, async ({ user }) =>
    serializedOnce(profileMemo, user, SuperAgentProfileResponse, () => ({
      superAgent: toSessionUser(user, timeZone),
    })),
  );

  registerRoute(app, authRoutes.updateProfile, ({ user, body, request }) =>
    service.updateProfile(user, body, request.ip),
  );
}
