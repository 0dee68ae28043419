// Sign-in, sign-out, the current user and the profile: thin handlers over the auth service.
import { authRoutes, type LoginRequest, MeResponse, SuperAgentProfileResponse } from '@cartela/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerRoute, type Serialized, serializedOnce } from '../../route.js';
import { toSessionUser } from '../users/index.js';
import type { AuthService, Client, LoginDoor } from './service.js';

const clientOf = (request: FastifyRequest): Client => ({
  address: request.ip,
  cookies: request.headers.cookie,
  secure: request.protocol === 'https',
});

export function registerAuthRoutes(app: FastifyInstance, service: AuthService, timeZone: string): void {
  // A sign-in makes the browser a known device of the account (devices.ts, decision 080).
  const signIn = async (
    body: LoginRequest,
    door: LoginDoor,
    { request, reply }: { request: FastifyRequest; reply: FastifyReply },
  ) => {
    const { deviceCookie, ...session } = await service.login(body, door, clientOf(request));
    reply.header('set-cookie', deviceCookie);
    return session;
  };

  registerRoute(app, authRoutes.login, ({ body, ...ctx }) => signIn(body, 'regular', ctx));

  registerRoute(app, authRoutes.superAgentLogin, async ({ body, ...ctx }) => {
    const { token, user } = await signIn(body, 'super-agent', ctx);
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
    service.updateProfile(user, body, clientOf(request)),
  );
}
