import type { LoginRequest } from '@cartela/contract';
// biome-ignore lint/style/noRestrictedImports: the sign-in loads before src/api/ and the data layer (decision 071).
import { api } from '@/lib/api';
import { loadContract } from '@/lib/contract';
import { decideLogin, type LoginOutcome } from './login-decision';

/**
 * Try both sign-ins at once (product/roles.md#signing-in) and decide which one counts. A plain function, not a
 * query hook: the page awaits the outcome and starts the session itself (lib/session.ts).
 */
export async function signIn(credentials: LoginRequest): Promise<LoginOutcome> {
  const { authRoutes } = await loadContract();
  const [regular, superAgent] = await Promise.allSettled([
    api(authRoutes.login, { body: credentials }),
    api(authRoutes.superAgentLogin, { body: credentials }),
  ]);
  return decideLogin(regular, superAgent);
}
