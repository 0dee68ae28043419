import { authRoutes, type LoginRequest } from '@cartela/contract';
import { api } from '@/lib/api';
import { decideLogin, type LoginOutcome } from './login-decision';

/**
 * Try both sign-ins at once (spec 01 section 2) and decide which one counts. A plain function, not a query
 * hook: the page awaits the outcome and starts the session itself (lib/session.ts).
 */
export async function signIn(credentials: LoginRequest): Promise<LoginOutcome> {
  const [regular, superAgent] = await Promise.allSettled([
    api(authRoutes.login, { body: credentials }),
    api(authRoutes.superAgentLogin, { body: credentials }),
  ]);
  return decideLogin(regular, superAgent);
}
