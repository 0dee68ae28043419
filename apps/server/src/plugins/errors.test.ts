// The one error model: what a client is told (status, message, code, field), and what the log keeps of it.
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { CoreError } from '@cartela/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { AppError } from '../errors.js';
import {
  createTestDatabase,
  startTestApp,
  type TestApp,
  type TestDatabase,
  testConfig,
} from '../test/helpers.js';
import { errorLine } from './errors.js';

let db: TestDatabase;
let t: TestApp;
beforeAll(async () => {
  db = await createTestDatabase();
  t = await startTestApp({
    database: db.database,
    extraRoutes: (app) => {
      app.get('/api/test/core-error', async () => {
        throw new CoreError('INVALID_AMOUNT', 'Amount must be a whole number of santim');
      });
      app.get('/api/test/field-error', async () => {
        throw new AppError('VALIDATION_FAILED', 'contact: Already in use', { field: 'contact' });
      });
      app.get('/api/test/nul', async () => {
        await db.database.db.execute(sql`select ${'a\u0000b'}::text`);
        return {};
      });
      app.get('/api/test/json-nul', async () => {
        await db.database.db.execute(sql`select ${'"\\u0000"'}::jsonb ->> 0`);
        return {};
      });
    },
  });
});
afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const login = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });

describe('the field an error is about', () => {
  it('is the first field validation complains about, beside the unchanged message', async () => {
    const res = await login({ password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'username: Username is required',
      code: 'VALIDATION_FAILED',
      field: 'username',
    });
    expect((await login({ username: 'a', password: 1 })).json().field).toBe('password');
    expect((await login({})).json()).toMatchObject({ field: 'username' });
  });

  it('is left out when the problem is the whole body', async () => {
    const unknown = await login({ username: 'a', password: 'b', role: 'admin' });
    expect(unknown.json()).toEqual({ message: 'role: Unknown field', code: 'VALIDATION_FAILED' });
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/login' });
    expect(none.json()).not.toHaveProperty('field');
  });

  it('is sent when a handler names it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/field-error' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'contact: Already in use',
      code: 'VALIDATION_FAILED',
      field: 'contact',
    });
  });
});

describe('unknown fields', () => {
  it('are named up to five, then counted: 10,000 of them make a short message', async () => {
    const body: Record<string, unknown> = { username: 'a', password: 'b' };
    for (let i = 0; i < 10_000; i++) body[`k${i}`] = 1;
    const res = await login(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'k0: Unknown field; k1: Unknown field; k2: Unknown field; k3: Unknown field; k4: Unknown field; ' +
        'and 9995 more',
    );
  });

  it('have long names shortened', async () => {
    const res = await login({ username: 'a', password: 'b', ['x'.repeat(5000)]: 1 });
    expect(res.json().message).toBe(`${'x'.repeat(40)}...: Unknown field`);
  });
});

describe('bad input that got past validation', () => {
  it('a CoreError escaping a handler is the client input core refused: 400 with its message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/core-error' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Amount must be a whole number of santim',
      code: 'VALIDATION_FAILED',
    });
  });

  it('text the database cannot store (SQLSTATE 22021, 22P05) is a 400, not a 500', async () => {
    for (const url of ['/api/test/nul', '/api/test/json-nul']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        message: 'Text contains a character that cannot be stored (such as NUL)',
        code: 'VALIDATION_FAILED',
      });
    }
  });
});

describe('the log of a failed query', () => {
  const MARKER = '$argon2id$v=19$m=19456,t=2,p=1$marker-secret-value';
  const lines: string[] = [];
  let app: FastifyInstance;
  beforeAll(async () => {
    await db.database.db.execute(sql`create table if not exists log_marker (v text primary key)`);
    await db.database.db.execute(sql`insert into log_marker values (${MARKER})`);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({
      config: testConfig(),
      database: db.database,
      logger: { level: 'debug', stream },
      extraRoutes: (a) => {
        a.post('/api/test/duplicate', async () => {
          await db.database.db.execute(sql`insert into log_marker values (${MARKER})`);
          return {};
        });
        a.post('/api/test/bad-cast', async () => {
          await db.database.db.execute(sql`select cast(${MARKER} as timestamptz)`);
          return {};
        });
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('keeps the SQL, the SQLSTATE and the constraint, never the parameters or the detail', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/duplicate', payload: {} });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('marker');

    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request failed');
    expect(logged?.err).toBeDefined();
    expect(lines.join('\n')).not.toContain('marker-secret');
    expect(logged.err.message).toBe('Failed query: insert into log_marker values ($1)');
    expect(logged.err.stack).toContain('Failed query: insert into log_marker values ($1)');
    expect(logged.err.query).toBe('insert into log_marker values ($1)');
    expect(logged.err.cause).toMatchObject({ code: '23505', constraint: 'log_marker_pkey' });
    expect(logged.err.cause).not.toHaveProperty('detail');
  });

  it("keeps PostgreSQL's reason for a value it refused, without the value it quotes", async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'POST', url: '/api/test/bad-cast', payload: {} });
    expect(res.statusCode).toBe(500);
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request failed');
    expect(lines.join('\n')).not.toContain('marker-secret');
    expect(logged.err.cause).toMatchObject({
      code: '22007',
      message: 'invalid input syntax for type timestamp with time zone',
    });
  });

  it("tells an operator's command the same in one line (errorLine): the SQL and the reason, no value", async () => {
    const failed = await db.database.db.execute(sql`select cast(${MARKER} as timestamptz)`).then(
      () => null,
      (err: unknown) => err,
    );
    const line = errorLine(failed);
    expect(line).toBe(
      'Failed query: select cast($1 as timestamptz); because: invalid input syntax for type timestamp with time zone (22007)',
    );
    const duplicate = await db.database.db.execute(sql`insert into log_marker values (${MARKER})`).then(
      () => null,
      (err: unknown) => err,
    );
    expect(errorLine(duplicate)).toBe(
      'Failed query: insert into log_marker values ($1); because: duplicate key value violates unique constraint "log_marker_pkey" (23505, log_marker_pkey)',
    );
    expect(errorLine('a thrown text')).toBe('a thrown text');
  });

  it('never writes the bytes of a malformed request (its Authorization header)', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    socket.on('data', () => {});
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('BROKEN / HTTP/1.1\r\nAuthorization: Bearer marker-secret-token\r\n\r\n');
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
    expect(lines.some((l) => l.includes('malformed request'))).toBe(true);
    expect(lines.join('\n')).not.toContain('marker-secret');
  });
});
