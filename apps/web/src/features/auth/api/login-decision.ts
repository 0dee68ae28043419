import type { LoginResponse, SessionUser, SuperAgentLoginResponse } from '@cartela/contract';
import { ApiError } from '@/lib/api';

/** The server's text for an unknown user or a wrong password (and for a login of the wrong kind). */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid credentials';

export type LoginOutcome =
  | { kind: 'signed-in'; as: 'user' | 'super-agent'; token: string; user: SessionUser }
  /** Both failed and one said something other than 'Invalid credentials': show that error. */
  | { kind: 'error'; error: ApiError }
  /** Both failed with 'Invalid credentials': 'Invalid username or password'. */
  | { kind: 'invalid-credentials' }
  /** Both failed without a message: 'Login failed'. */
  | { kind: 'failed' }
  /** Something other than an API error went wrong: 'Login failed. Please try again.' */
  | { kind: 'unexpected' };

/**
 * product/roles.md#signing-in. One form serves every role: the regular login and the super-agent login run
 * in parallel, and the regular login wins if both succeed. When both fail, the regular login's message is
 * considered first; only when neither says anything beyond 'Invalid credentials' is the generic text shown.
 */
export function decideLogin(
  regular: PromiseSettledResult<LoginResponse>,
  superAgent: PromiseSettledResult<SuperAgentLoginResponse>,
): LoginOutcome {
  if (regular.status === 'fulfilled') {
    return { kind: 'signed-in', as: 'user', token: regular.value.token, user: regular.value.user };
  }
  if (superAgent.status === 'fulfilled') {
    return {
      kind: 'signed-in',
      as: 'super-agent',
      token: superAgent.value.token,
      user: { ...superAgent.value.superAgent, role: 'super-agent' },
    };
  }
  const errors = [regular.reason, superAgent.reason];
  if (!errors.every((error) => error instanceof ApiError)) return { kind: 'unexpected' };
  const apiErrors = errors as ApiError[];
  const telling = apiErrors.find(
    (error) =>
      error.code === 'NETWORK' || (error.message !== '' && error.message !== INVALID_CREDENTIALS_MESSAGE),
  );
  if (telling) return { kind: 'error', error: telling };
  if (apiErrors.some((error) => error.message === INVALID_CREDENTIALS_MESSAGE))
    return { kind: 'invalid-credentials' };
  return { kind: 'failed' };
}
