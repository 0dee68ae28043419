import type { LoginResponse, SuperAgentLoginResponse } from '@cartela/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { makeUser, superAgentUser } from '@/test/utils';
import { decideLogin } from './login-decision';

const ok = <T>(value: T): PromiseFulfilledResult<T> => ({ status: 'fulfilled', value });
const fail = (reason: unknown): PromiseRejectedResult => ({ status: 'rejected', reason });
const invalid = () => new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid credentials');

const agent = makeUser();
const regularOk = ok<LoginResponse>({ token: 'regular-token', user: agent });
const superOk = ok<SuperAgentLoginResponse>({ token: 'super-token', superAgent: superAgentUser() });

describe('decideLogin (product/roles.md#signing-in)', () => {
  it('lets the regular login win when both succeed', () => {
    expect(decideLogin(regularOk, superOk)).toEqual({
      kind: 'signed-in',
      as: 'user',
      token: 'regular-token',
      user: agent,
    });
  });

  it('signs in a super agent when only the super-agent login succeeds', () => {
    const outcome = decideLogin(fail(invalid()), superOk);
    expect(outcome).toMatchObject({ kind: 'signed-in', as: 'super-agent', token: 'super-token' });
    expect(outcome.kind === 'signed-in' && outcome.user.role).toBe('super-agent');
  });

  it("gives 'Invalid username or password' when both say 'Invalid credentials'", () => {
    expect(decideLogin(fail(invalid()), fail(invalid()))).toEqual({ kind: 'invalid-credentials' });
  });

  it("shows the regular login's own message first", () => {
    const inactive = new ApiError(401, 'ACCOUNT_INACTIVE', 'Account is inactive');
    const limited = new ApiError(429, 'RATE_LIMITED', 'Too many login attempts');
    expect(decideLogin(fail(inactive), fail(limited))).toEqual({ kind: 'error', error: inactive });
  });

  it("shows the super-agent login's message when the regular one only said 'Invalid credentials'", () => {
    const inactive = new ApiError(401, 'ACCOUNT_INACTIVE', 'Super agent account is inactive');
    expect(decideLogin(fail(invalid()), fail(inactive))).toEqual({ kind: 'error', error: inactive });
  });

  it('shows a rate-limit message', () => {
    const limited = new ApiError(429, 'RATE_LIMITED', 'Too many login attempts');
    expect(decideLogin(fail(limited), fail(limited))).toEqual({ kind: 'error', error: limited });
  });

  it('reports a network failure as such', () => {
    const network = new ApiError(0, 'NETWORK', '');
    expect(decideLogin(fail(network), fail(network))).toEqual({ kind: 'error', error: network });
  });

  it("gives 'Login failed' when the failures carry no message", () => {
    const bare = new ApiError(500, 'HTTP_500', '');
    expect(decideLogin(fail(bare), fail(bare))).toEqual({ kind: 'failed' });
  });

  it("still prefers 'Invalid username or password' over a bare failure", () => {
    expect(decideLogin(fail(new ApiError(502, 'HTTP_502', '')), fail(invalid()))).toEqual({
      kind: 'invalid-credentials',
    });
  });

  it('treats anything that is not an API error as unexpected', () => {
    expect(decideLogin(fail(new TypeError('boom')), fail(invalid()))).toEqual({ kind: 'unexpected' });
  });
});
