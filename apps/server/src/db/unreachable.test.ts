// A database that cannot be reached is an outage, not a bug: every request that needs it answers 503
// SERVICE_UNAVAILABLE with Retry-After and the error model's body, and the server serves again on its own once
// the database is back (docs/OPERATIONS.md). On PostgreSQL the app reaches the test server through a TCP proxy
// that the test stops, cuts and black-holes; on the embedded database its worker is killed.
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Worker } from 'node:worker_threads';
import { CoreError } from '@cartela/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import {
  createAdmin,
  createTestDatabase,
  loginAs,
  type TestDatabase,
  testConfig,
  usingPostgres,
} from '../test/helpers.js';
import { caller } from '../test/network.js';
import { type Database, openDatabase } from './client.js';
import { PgliteWorkerClient } from './pglite-worker.js';
import { DatabaseStoppedError, isDatabaseUnreachable } from './unreachable.js';

function expectUnavailable(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(503);
  expect(res.headers['retry-after'], what).toBe('5');
  expect(res.json(), what).toEqual({
    message: 'The server cannot reach its database right now. Please try again in a few seconds.',
    code: 'SERVICE_UNAVAILABLE',
  });
}

describe('what counts as a database that cannot be reached', () => {
  const wrapped = (cause: unknown) => new Error('Failed query: select 1\nparams: ', { cause });
  const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('a connection refused, cut or timed out; PostgreSQL stopping; the embedded worker gone', () => {
    for (const err of [
      wrapped(coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')),
      wrapped(coded('57P01', 'terminating connection due to administrator command')),
      wrapped(coded('57P03', 'the database system is starting up')),
      wrapped(coded('08006')),
      coded('53300', 'sorry, too many clients already'),
      wrapped(new Error('Connection terminated unexpectedly')),
      new Error('timeout exceeded when trying to connect'),
      new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], 'connect failed'),
      Object.assign(new Error('connect ENOENT /tmp/.s.PGSQL.5432'), { code: 'ENOENT', syscall: 'connect' }),
      wrapped(new DatabaseStoppedError('The database worker stopped (exit code 1)')),
    ]) {
      expect(isDatabaseUnreachable(err), String(err.cause ?? err)).toBe(true);
    }
  });

  it('never a query, a rule or the code that is wrong', () => {
    for (const err of [
      wrapped(coded('23505', 'duplicate key value violates unique constraint "users_pkey"')),
      wrapped(coded('22P02', 'invalid input syntax for type uuid')),
      wrapped(coded('40P01', 'deadlock detected')),
      coded('ENOENT', 'no such file'),
      new CoreError('INVALID_AMOUNT', 'Not a whole number of santim: 1.5'),
      new Error('Connection refused by the rules'),
      null,
      'a text',
    ]) {
      expect(isDatabaseUnreachable(err), String(err)).toBe(false);
    }
  });
});

/** A TCP proxy to the test's PostgreSQL: stop() is a server that is down, hang() one gone from the network. */
function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let hanging = false;
  let server: Server | null = null;
  let port = 0;
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  return {
    get port() {
      return port;
    },
    /** Listens (again, on the same port): forwarding, or accepting and never answering. */
    listen(mode: 'forward' | 'hang' = 'forward') {
      hanging = mode === 'hang';
      return new Promise<void>((resolve) => {
        server = createServer((client) => {
          track(client);
          if (hanging) return;
          const upstream = connect(target.port, target.host);
          track(upstream);
          upstream.on('close', () => client.destroy());
          client.on('close', () => upstream.destroy());
          client.pipe(upstream).pipe(client);
        });
        server.listen(port, '127.0.0.1', () => {
          port = (server!.address() as AddressInfo).port;
          resolve();
        });
      });
    },
    /** Refuses new connections and cuts every open one. */
    stop() {
      const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      for (const s of sockets) s.destroy();
      server = null;
      return closed;
    },
  };
}

describe.runIf(usingPostgres())('PostgreSQL that cannot be reached', () => {
  let direct: TestDatabase;
  let viaProxy: Database;
  let app: FastifyInstance;
  let proxy: ReturnType<typeof tcpProxy>;
  let asAdmin: ReturnType<typeof caller>;
  beforeAll(async () => {
    direct = await createTestDatabase();
    const server = new URL(process.env.TEST_DATABASE_URL!);
    proxy = tcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    await proxy.listen();
    const [{ name }] = (
      (await direct.database.db.execute(sql`SELECT current_database() AS name`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows as [{ name: string }];
    const url = new URL(server);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    url.pathname = `/${name}`;
    viaProxy = await openDatabase({
      kind: 'postgres',
      url: url.toString(),
      poolMax: 3,
      connectTimeoutMs: 1000,
    });
    app = await buildApp({
      config: testConfig(),
      database: viaProxy,
      logger: false,
      extraRoutes: (a) => {
        a.get('/api/test/slow', async () => {
          await viaProxy.db.execute(sql`SELECT pg_sleep(30) AS cut_me`);
          return {};
        });
      },
    });
    await app.ready();
    const admin = await createAdmin(direct.database);
    asAdmin = caller(app, await loginAs(app, admin));
  });
  afterAll(async () => {
    await app?.close();
    await viaProxy?.close();
    await proxy?.stop();
    await direct?.drop();
  });

  const stats = () => asAdmin('GET', '/api/stats/admin');

  it('a connection terminated under a running query: 503, and the next request is served', async () => {
    expect((await stats()).statusCode).toBe(200);
    const slow = asAdmin('GET', '/api/test/slow');
    let cut = 0;
    for (let i = 0; i < 100 && cut === 0; i++) {
      await sleep(50);
      const result = (await direct.database.db.execute(
        sql`SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity
            WHERE query LIKE '%AS cut_me%' AND pid <> pg_backend_pid()`,
      )) as unknown as { rows: unknown[] };
      cut = result.rows.length;
    }
    expect(cut).toBe(1);
    expectUnavailable(await slow, 'the terminated query');
    expect((await stats()).statusCode).toBe(200);
  });

  it('a server that is down: every request 503, the sign-in too, then served again once it is back', async () => {
    await proxy.stop();
    expectUnavailable(await stats(), 'GET /api/stats/admin');
    expectUnavailable(await asAdmin('GET', '/api/auth/me'), 'GET /api/auth/me');
    expectUnavailable(
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'nobody', password: 'not-the-password' },
      }),
      'POST /api/auth/login',
    );
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    await proxy.listen();
    expect((await stats()).statusCode).toBe(200);
  });

  it('a server that does not answer at all: 503 once the pool gives up waiting, not a hung request', async () => {
    await proxy.stop();
    expectUnavailable(await stats(), 'GET /api/stats/admin while down'); // the pool's cut connections go
    await proxy.listen('hang');
    const started = performance.now();
    expectUnavailable(await stats(), 'GET /api/stats/admin');
    // The pool's connect timeout (1 s here, CONNECT_TIMEOUT_MS in production), not the system's two minutes.
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
    expect(performance.now() - started).toBeLessThan(10_000);
    await proxy.stop();
    await proxy.listen();
    expect((await stats()).statusCode).toBe(200);
  });
});

describe.runIf(!usingPostgres())('the embedded database when its worker is gone', () => {
  it('answers 503 with Retry-After to every request that needs it', async () => {
    const template = await createTestDatabase();
    const tarball = new Uint8Array(await (await template.database.pglite!.dumpDataDir('none')).arrayBuffer());
    await template.drop();
    const client = PgliteWorkerClient.start('memory://', { loadDataDir: tarball });
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://', client });
    const app = await buildApp({ config: testConfig(), database, logger: false });
    try {
      await app.ready();
      const admin = await createAdmin(database);
      const asAdmin = caller(app, await loginAs(app, admin));
      expect((await asAdmin('GET', '/api/stats/admin')).statusCode).toBe(200);

      // What a crash of PGlite in its thread leaves: the worker is gone.
      await (client as unknown as { worker: Worker }).worker.terminate();
      expectUnavailable(await asAdmin('GET', '/api/stats/admin'), 'GET /api/stats/admin');
      expectUnavailable(
        await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: admin.user.username, password: admin.password },
        }),
        'POST /api/auth/login',
      );
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    } finally {
      await app.close();
      await database.close().catch(() => {});
    }
  });
});
