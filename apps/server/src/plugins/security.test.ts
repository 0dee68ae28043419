// What every answer carries (the error model, the security headers), whatever path produced it - a route, the
// router, Node's HTTP parser, a server that is stopping - and what the server refuses to do for nobody.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from '../test/helpers.js';

let db: TestDatabase;
let t: TestApp;
beforeAll(async () => {
  db = await createTestDatabase();
  t = await startTestApp({ database: db.database });
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
});

/** The headers plugins/security.ts puts on every answer (a few telling ones). */
function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  expect(String(headers['content-security-policy']), what).toContain("default-src 'self'");
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(headers['cache-control'], what).toBe('no-store');
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses what came back on a socket: one or several HTTP/1.1 answers (Content-Length bodies). */
function parseAnswers(raw: string): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.1 ')) {
    const end = rest.indexOf('\r\n\r\n');
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length'] ?? 0);
    const body = Buffer.from(rest.slice(end + 4))
      .subarray(0, length)
      .toString();
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body });
    rest = Buffer.from(rest.slice(end + 4))
      .subarray(length)
      .toString();
  }
  return answers;
}

/** Writes `chunks` on a new connection (each once `before(i)` resolves); returns all it read until closed. */
async function rawExchange(
  port: number,
  chunks: string[],
  before: (i: number) => Promise<void> = async () => {},
): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  let read = '';
  socket.on('data', (d) => {
    read += d.toString('latin1');
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  for (const [i, chunk] of chunks.entries()) {
    await before(i);
    socket.write(chunk);
  }
  await closed;
  return read;
}

describe('bodies', () => {
  it('are not read for a path nothing serves: 404 at once, whatever the body', async () => {
    for (const [url, payload, type] of [
      ['/api/nothing-here', '{', 'application/json'],
      ['/api/nothing-here', JSON.stringify({ junk: 'x'.repeat(300_000) }), 'application/json'],
      ['/dashboard', 'hello', 'text/plain'],
      ['/API/AUTH/LOGIN', '{"username":', 'application/json'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': type } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: `Not found: POST ${url}`, code: 'NOT_FOUND' });
      expectSecurityHeaders(res.headers, url);
    }
    for (const method of ['PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const) {
      const res = await t.app.inject({ method, url: '/api/nothing-here', payload: '{' });
      expect(res.statusCode, method).toBe(404);
    }
  });

  it('are still read and checked on real routes', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('are at most 128 KiB by default (BODY_LIMIT): the largest real request is ~110 KB', async () => {
    const send = (size: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: JSON.stringify({ username: 'u', password: 'p', pad: 'x'.repeat(size) }),
        headers: { 'content-type': 'application/json' },
      });
    const large = await send(130 * 1024);
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
    // Just under the limit: read, then refused for what it says (an unknown field), not for its size.
    expect((await send(110 * 1024)).json().code).toBe('VALIDATION_FAILED');
  });
});

describe('answers made outside a route', () => {
  it('a malformed URL is a JSON 400 with the security headers', async () => {
    for (const url of ['/%c0%ae%c0%ae/x', '/api/%c0', '/api/auth/me/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(Object.keys(res.json()).sort(), url).toEqual(['code', 'message']);
      expect(res.json().code, url).toBe('VALIDATION_FAILED');
      expectSecurityHeaders(res.headers, url);
    }
  });

  describe('on a real connection', () => {
    let port: number;
    let release: () => void = () => {};
    let slowStarted: Promise<void>;
    let stopping: Promise<void>;
    let closingStarted: () => void = () => {};
    let served: TestApp;
    beforeAll(async () => {
      let started: () => void = () => {};
      slowStarted = new Promise<void>((resolve) => {
        started = resolve;
      });
      stopping = new Promise<void>((resolve) => {
        closingStarted = resolve;
      });
      served = await startTestApp({
        database: db.database,
        extraRoutes: (app) => {
          app.get('/api/test/slow', async () => {
            started();
            await new Promise<void>((resolve) => {
              release = resolve;
            });
            return { done: true };
          });
          app.addHook('preClose', (done) => {
            closingStarted();
            done();
          });
        },
      });
      await served.app.listen({ port: 0, host: '127.0.0.1' });
      port = (served.app.server.address() as { port: number }).port;
    });
    afterAll(async () => {
      release();
      await served?.app.close();
    });

    it('a request that is not HTTP is a JSON 400 with the security headers', async () => {
      const [answer, ...more] = parseAnswers(await rawExchange(port, ['NOT HTTP AT ALL\r\n\r\n']));
      expect(more).toEqual([]);
      expect(answer?.status).toBe(400);
      expect(answer?.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(answer?.body ?? '')).toEqual({
        message: 'Malformed HTTP request',
        code: 'VALIDATION_FAILED',
      });
      expectSecurityHeaders(answer?.headers ?? {}, 'not HTTP');
    });

    it('headers too large are a JSON 431 with the security headers', async () => {
      const request = `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
      const [answer] = parseAnswers(await rawExchange(port, [request]));
      expect(answer?.status).toBe(431);
      expect(JSON.parse(answer?.body ?? '').code).toBe('PAYLOAD_TOO_LARGE');
      expectSecurityHeaders(answer?.headers ?? {}, '431');
    });

    // Last: it stops this server.
    it('while stopping, a request still arriving on an open connection gets a real answer', async () => {
      const exchange = rawExchange(
        port,
        ['GET /api/test/slow HTTP/1.1\r\nHost: x\r\n\r\n', 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n'],
        async (i) => {
          if (i !== 1) return;
          await slowStarted;
          void served.app.close();
          await stopping;
        },
      );
      await stopping;
      await new Promise((resolve) => setTimeout(resolve, 50)); // the second request reaches the server
      release();
      const answers = parseAnswers(await exchange);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(JSON.parse(answers[1]?.body ?? '').status).toBe('ok');
      expectSecurityHeaders(answers[1]?.headers ?? {}, 'while stopping');
      expect(answers[1]?.headers.connection).toBe('close');
    });
  });
});

describe('client addresses (TRUST_PROXY)', () => {
  it('TRUST_PROXY=1 trusts one proxy: a client cannot choose its address with X-Forwarded-For', async () => {
    const behindProxy = await startTestApp({
      database: db.database,
      env: { TRUST_PROXY: '1' },
      extraRoutes: (app) => {
        app.get('/api/test/ip', async (request) => ({ ip: request.ip }));
      },
    });
    try {
      // The client sent "X-Forwarded-For: 6.6.6.6"; the proxy (127.0.0.1) appended the address it saw.
      const res = await behindProxy.app.inject({
        method: 'GET',
        url: '/api/test/ip',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '6.6.6.6, 10.9.8.7' },
      });
      expect(res.json()).toEqual({ ip: '10.9.8.7' });
    } finally {
      await behindProxy.app.close();
    }
  });
});
