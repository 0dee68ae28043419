import { authRoutes, defineRoute, gameRoutes } from '@cartela/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { json, makeUser, mockApi, storeSession } from '@/test/utils';
import { ApiError, api, setUnauthorizedHandler } from './api';

const getGame = defineRoute({
  method: 'GET',
  path: '/api/games/:gameId/cartela/:n',
  summary: 'test route',
  access: 'authenticated',
  params: z.object({ gameId: z.string(), n: z.number() }),
  query: z.object({ page: z.number().optional(), status: z.string().optional() }),
  response: z.object({ ok: z.boolean() }),
});

describe('api client', () => {
  let onUnauthorized: ReturnType<typeof vi.fn>;
  let restore: () => void;

  beforeEach(() => {
    onUnauthorized = vi.fn();
    restore = setUnauthorizedHandler(onUnauthorized as () => void);
  });
  afterEach(() => {
    restore();
    window.history.replaceState(null, '', '/');
  });

  it('fills path params, adds the query and sends the stored bearer token', async () => {
    localStorage.setItem('token', 'abc');
    const fetchMock = vi.fn(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(
      api(getGame, { params: { gameId: 'g/1', n: 7 }, query: { page: 2, status: undefined } }),
    ).resolves.toEqual({ ok: true });

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/games/g%2F1/cartela/7?page=2');
    expect(init.method).toBe('GET');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer abc');
    expect(init.body).toBeUndefined();
  });

  it('sends JSON bodies and parses the answer with the route schema', async () => {
    const user = makeUser();
    const fetchMock = mockApi({ 'POST /api/auth/login': json(200, { token: 't', user }) });

    const answer = await api(authRoutes.login, { body: { username: 'agent1', password: 'agent123' } });

    expect(answer).toEqual({ token: 't', user });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'agent1', password: 'agent123' });
    expect(new Headers(init.headers).has('Authorization')).toBe(false);
  });

  it('sends a raw body as it is, with its own content type', async () => {
    const fetchMock = vi.fn(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const zip = new Blob([new Uint8Array([0x50, 0x4b, 3, 4])], { type: 'application/zip' });

    await api(getGame, { params: { gameId: 'g1', n: 1 }, rawBody: zip });
    await api(getGame, { params: { gameId: 'g1', n: 1 }, rawBody: new Blob(['x']) });

    const [first, second] = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(first![1].body).toBe(zip);
    expect(new Headers(first![1].headers).get('Content-Type')).toBe('application/zip');
    expect(new Headers(second![1].headers).get('Content-Type')).toBe('application/octet-stream');
  });

  it('adds the headers a call asks for, never in place of its own', async () => {
    localStorage.setItem('token', 'abc');
    const fetchMock = vi.fn(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);

    await api(getGame, {
      params: { gameId: 'g1', n: 1 },
      headers: { 'Idempotency-Key': 'key-1', Authorization: 'Bearer forged' },
    });

    const headers = new Headers((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers);
    expect(headers.get('Idempotency-Key')).toBe('key-1');
    expect(headers.get('Authorization')).toBe('Bearer abc');
  });

  it('throws ApiError with the status, code and message of an error answer', async () => {
    mockApi({ 'GET /api/auth/me': json(403, { message: 'Forbidden here', code: 'FORBIDDEN' }) });
    const error = await api(authRoutes.me).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Forbidden here' });
  });

  it('keeps the request field the error is about, when the server names one', async () => {
    mockApi({
      'PUT /api/auth/profile': json(400, {
        message: 'currentPassword: Current password is incorrect',
        code: 'VALIDATION_FAILED',
        field: 'currentPassword',
      }),
    });
    const error = await api(authRoutes.updateProfile, {
      body: { currentPassword: 'x', newPassword: 'longer-one' },
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field: 'currentPassword' });
  });

  it("keeps the error's reason and the refused event's seq, when the server sends them", async () => {
    mockApi({
      'POST /api/games/G1/events': json(409, {
        message: 'Event 3: Game is paused',
        code: 'CONFLICT',
        reason: 'GAME_PAUSED',
        seq: 3,
      }),
    });
    const error = await api(gameRoutes.events, {
      params: { id: 'G1' },
      body: { events: [{ seq: 3, at: '2026-01-01T10:00:00.000Z', type: 'call-next' }] },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', reason: 'GAME_PAUSED', seq: 3 });

    mockApi({ 'GET /api/auth/me': json(403, { message: 'No', code: 'FORBIDDEN' }) });
    const plain = await api(authRoutes.me).catch((e: unknown) => e);
    expect(plain).toMatchObject({ reason: undefined, seq: undefined });
  });

  it("throws code 'NETWORK' when the server cannot be reached", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api(authRoutes.me)).rejects.toMatchObject({ status: 0, code: 'NETWORK', message: '' });
  });

  it('rejects a success answer that does not match the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/auth/me': json(200, { user: { username: 'x' } }) });
    await expect(api(authRoutes.me)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('handles an error answer that is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(api(authRoutes.me)).rejects.toMatchObject({ status: 502, code: 'HTTP_502', message: '' });
  });

  describe('the 401 rule', () => {
    it('clears token, user and userType and goes to /login on a 401 from an ordinary call', async () => {
      storeSession(makeUser({ role: 'super-agent' }));
      expect(localStorage.getItem('userType')).toBe('super-agent');
      mockApi({
        'GET /api/super-agents/profile': json(401, { message: 'Token expired', code: 'TOKEN_EXPIRED' }),
      });

      await expect(api(authRoutes.superAgentProfile)).rejects.toMatchObject({ status: 401 });

      expect(localStorage.getItem('token')).toBeNull();
      expect(localStorage.getItem('user')).toBeNull();
      expect(localStorage.getItem('userType')).toBeNull();
      expect(onUnauthorized).toHaveBeenCalledTimes(1);
    });

    it('leaves the 401 rule out of logout: the session is being ended anyway', async () => {
      storeSession(makeUser());
      mockApi({ 'POST /api/auth/logout': json(401, { message: 'Token expired', code: 'TOKEN_EXPIRED' }) });
      await expect(api(authRoutes.logout)).rejects.toMatchObject({ status: 401 });
      expect(onUnauthorized).not.toHaveBeenCalled();
    });

    it.each([
      ['POST /api/auth/login', authRoutes.login],
      ['POST /api/super-agents/login', authRoutes.superAgentLogin],
    ] as const)('leaves the session alone on a 401 from %s', async (key, route) => {
      storeSession(makeUser());
      mockApi({ [key]: json(401, { message: 'Invalid credentials', code: 'INVALID_CREDENTIALS' }) });

      await expect(api(route, { body: { username: 'a', password: 'b' } })).rejects.toMatchObject({
        status: 401,
        message: 'Invalid credentials',
      });

      expect(localStorage.getItem('token')).toBe('token-1');
      expect(onUnauthorized).not.toHaveBeenCalled();
    });

    it('does nothing more when already on /login', async () => {
      window.history.replaceState(null, '', '/login');
      storeSession(makeUser());
      mockApi({ 'GET /api/auth/me': json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }) });

      await expect(api(authRoutes.me)).rejects.toMatchObject({ status: 401 });

      expect(localStorage.getItem('token')).toBe('token-1');
      expect(onUnauthorized).not.toHaveBeenCalled();
    });

    it('does not fire for other errors', async () => {
      storeSession(makeUser());
      mockApi({ 'GET /api/auth/me': json(403, { message: 'No', code: 'FORBIDDEN' }) });
      await expect(api(authRoutes.me)).rejects.toMatchObject({ status: 403 });
      expect(localStorage.getItem('token')).toBe('token-1');
      expect(onUnauthorized).not.toHaveBeenCalled();
    });
  });
});
