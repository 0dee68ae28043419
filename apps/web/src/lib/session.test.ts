import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, makeUser, mockApi, storeSession, superAgentUser } from '@/test/utils';
import { setUnauthorizedHandler } from './api';
import { loadSession, SESSION_CHECK_TIMEOUT_MS } from './session';

/** Issue 19 point 2, decision 061: only a 401 ends a session; a missing answer never does. */
describe('loadSession: which answers clear the stored session', () => {
  let restoreHandler = () => {};
  beforeEach(() => {
    // The app's handler navigates inside the router; here a 401 only has to clear the storage.
    restoreHandler = setUnauthorizedHandler(() => {});
  });
  afterEach(() => {
    restoreHandler();
    vi.useRealTimers();
  });

  const stored = () => ({
    token: localStorage.getItem('token'),
    user: localStorage.getItem('user'),
    userType: localStorage.getItem('userType'),
  });

  function expectKept(user = makeUser()) {
    expect(localStorage.getItem('token')).toBe('token-1');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ id: user.id });
  }

  it('keeps the session when the check is aborted (a reload or a page left while /me was in flight)', async () => {
    const user = makeUser();
    storeSession(user);
    mockApi({ 'GET /api/auth/me': () => Promise.reject(new DOMException('aborted', 'AbortError')) });
    await expect(loadSession()).resolves.toMatchObject({ id: user.id });
    expectKept(user);
  });

  it('keeps the session when the body is cut off after the status arrived', async () => {
    const user = makeUser();
    storeSession(user);
    const cut = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"user":'));
        controller.error(new DOMException('aborted', 'AbortError'));
      },
    });
    mockApi({ 'GET /api/auth/me': () => new Response(cut, { status: 200 }) });
    await expect(loadSession()).resolves.toMatchObject({ id: user.id });
    expectKept(user);
  });

  it('keeps the session on a network error', async () => {
    const user = makeUser();
    storeSession(user);
    mockApi({ 'GET /api/auth/me': () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(loadSession()).resolves.toMatchObject({ id: user.id });
    expectKept(user);
  });

  it.each([500, 502, 503, 504])('keeps the session on a %i', async (status) => {
    const user = makeUser();
    storeSession(user);
    mockApi({ 'GET /api/auth/me': json(status, { message: 'Unavailable', code: 'UNAVAILABLE' }) });
    await expect(loadSession()).resolves.toMatchObject({ id: user.id });
    expectKept(user);
  });

  it.each([403, 404, 429])(
    'keeps the session on a %i, which is not "this token is not valid"',
    async (status) => {
      const user = makeUser();
      storeSession(user);
      mockApi({ 'GET /api/auth/me': json(status, { message: 'No', code: 'NO' }) });
      await expect(loadSession()).resolves.toMatchObject({ id: user.id });
      expectKept(user);
    },
  );

  it('keeps the session on an answer that is not the API (a captive portal page)', async () => {
    const user = makeUser();
    storeSession(user);
    mockApi({ 'GET /api/auth/me': () => new Response('<html>Wi-Fi login</html>', { status: 200 }) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(loadSession()).resolves.toMatchObject({ id: user.id });
    expectKept(user);
  });

  it('goes on with the stored user when the check hangs, and aborts it', async () => {
    vi.useFakeTimers();
    const user = makeUser();
    storeSession(user);
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            signal = init.signal ?? undefined;
            signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const result = loadSession();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_TIMEOUT_MS);
    await expect(result).resolves.toMatchObject({ id: user.id });
    expect(signal?.aborted).toBe(true);
    expectKept(user);
  });

  it('keeps the token, without a user to go on with, when the check fails and no user was stored', async () => {
    localStorage.setItem('token', 'token-1');
    mockApi({ 'GET /api/auth/me': () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(loadSession()).resolves.toBeNull();
    expect(localStorage.getItem('token')).toBe('token-1');
  });

  it('clears token, user and userType on a 401', async () => {
    storeSession(makeUser());
    mockApi({ 'GET /api/auth/me': json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }) });
    await expect(loadSession()).resolves.toBeNull();
    expect(stored()).toEqual({ token: null, user: null, userType: null });
  });

  it("clears a super agent's session on a 401 from the profile call, and keeps it on an abort", async () => {
    storeSession(superAgentUser());
    mockApi({ 'GET /api/super-agents/profile': () => Promise.reject(new DOMException('x', 'AbortError')) });
    await expect(loadSession()).resolves.toMatchObject({ role: 'super-agent' });
    expect(localStorage.getItem('userType')).toBe('super-agent');

    mockApi({
      'GET /api/super-agents/profile': json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }),
    });
    await expect(loadSession()).resolves.toBeNull();
    expect(stored()).toEqual({ token: null, user: null, userType: null });
  });

  it('stores the confirmed user when the server answers', async () => {
    storeSession(makeUser({ username: 'before' }));
    const fresh = makeUser();
    mockApi({ 'GET /api/auth/me': json(200, { user: fresh }) });
    await expect(loadSession()).resolves.toEqual(fresh);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(fresh);
  });
});
