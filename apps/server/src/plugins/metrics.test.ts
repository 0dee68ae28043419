// GET /api/metrics: what it counts (requests by route pattern and status, calls, event batches, games running,
// the database connections), who may read it (loopback, or METRICS_TOKEN from elsewhere; anyone else gets an
// unknown path's 404), and that Prometheus can read what it says.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useGamesApp } from '../test/fixtures.js';
import { newGame } from '../test/games.js';
import { bearer, createAdmin, loginAs, startTestApp } from '../test/helpers.js';
import { METRICS_PATH, UNMATCHED } from './metrics.js';

const TOKEN = 'metrics-token-0123456789abcdef0123456789abcdef';
const ELSEWHERE = '203.0.113.7'; // a documentation address (RFC 5737): not loopback

const { t, a } = useGamesApp({ env: { METRICS_TOKEN: TOKEN }, agent: { coins: 10_000 } });

// ---------------------------------------------------------------------------------------------------------
// Reading the text format

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
interface Exposition {
  samples: Sample[];
  types: Map<string, string>;
  help: Map<string, string>;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\\\\n]|\\\\[\\\\"n])*)"';
const SAMPLE_LINE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL},?)*)\\})? (\\S+)$`);
const HELP_LINE = new RegExp(`^# HELP (${NAME}) (.*)$`);
const TYPE_LINE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);

/**
 * Parses Prometheus' text exposition format 0.0.4 strictly: every line is a HELP, a TYPE, a sample
 * `name{label="value",...} value`, or empty; every sample belongs to a family whose TYPE came before it.
 */
function parseExposition(text: string): Exposition {
  const exposition: Exposition = { samples: [], types: new Map(), help: new Map() };
  expect(text.endsWith('\n'), 'ends with a line feed').toBe(true);
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue;
    const help = HELP_LINE.exec(line);
    if (help) {
      exposition.help.set(help[1]!, help[2]!);
      continue;
    }
    const type = TYPE_LINE.exec(line);
    if (type) {
      expect(exposition.types.has(type[1]!), `one TYPE for ${type[1]}`).toBe(false);
      exposition.types.set(type[1]!, type[2]!);
      continue;
    }
    const sample = SAMPLE_LINE.exec(line);
    expect(sample, `a sample line: ${line}`).not.toBeNull();
    const [, name, labelText = '', , , raw] = sample!;
    const value =
      raw === '+Inf' ? Number.POSITIVE_INFINITY : raw === '-Inf' ? Number.NEGATIVE_INFINITY : Number(raw);
    // prom-client writes NaN as 'Nan': Prometheus reads numbers with Go's ParseFloat, which ignores the case.
    expect(/^nan$/i.test(raw!) || !Number.isNaN(value), `a number: ${line}`).toBe(true);
    const labels: Record<string, string> = {};
    for (const [, key, v] of labelText.matchAll(new RegExp(LABEL, 'g'))) labels[key!] = v!;
    const family = exposition.types.has(name!) ? name! : name!.replace(/_(bucket|sum|count)$/, '');
    expect(exposition.types.get(family), `TYPE before ${line}`).toBeDefined();
    exposition.samples.push({ name: name!, labels, value });
  }
  return exposition;
}

/** The value of the one sample of `name` with these labels (0 when there is none yet: a series not yet met). */
function sampleValue(e: Exposition, name: string, labels: Record<string, string> = {}): number {
  const found = e.samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  expect(found.length, `${name} ${JSON.stringify(labels)}: at most one sample`).toBeLessThanOrEqual(1);
  return found[0]?.value ?? 0;
}

function scrape(
  app: FastifyInstance,
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'GET',
    url: METRICS_PATH,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

/** The metrics as a local Prometheus reads them (app.inject's default address is 127.0.0.1). */
async function metrics(app: FastifyInstance = t.app): Promise<Exposition> {
  const res = await scrape(app);
  expect(res.statusCode, res.body).toBe(200);
  return parseExposition(res.body);
}

const requests = (e: Exposition, method: string, route: string, status: number) =>
  sampleValue(e, 'cartela_http_request_duration_seconds_count', { method, route, status: String(status) });

// ---------------------------------------------------------------------------------------------------------

describe('GET /api/metrics: what it counts', () => {
  it('counts requests and their durations by method, route pattern and status, never by the URL', async () => {
    const game = await newGame(a.as);
    const before = await metrics();
    for (let i = 0; i < 3; i++) expect((await a.as('GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await a.as('GET', `/api/games/${game.gameId}`)).statusCode).toBe(200);
    expect((await a.as('GET', `/api/no-such-thing/${game.gameId}`)).statusCode).toBe(404);
    const after = await metrics();

    const delta = (method: string, route: string, status: number) =>
      requests(after, method, route, status) - requests(before, method, route, status);
    expect(delta('GET', '/api/auth/me', 200)).toBe(3);
    expect(delta('GET', '/api/auth/me', 401)).toBe(1);
    expect(delta('GET', '/api/games/:id', 200)).toBe(1);
    expect(delta('GET', UNMATCHED, 404)).toBe(1);
    // The first scrape is counted once it has answered, so the second one shows it.
    expect(delta('GET', METRICS_PATH, 200)).toBe(1);

    // The histogram's buckets: cumulative, +Inf equal to the count, and the sum grows with the requests.
    const me = { method: 'GET', route: '/api/auth/me', status: '200' };
    const buckets = after.samples.filter(
      (s) =>
        s.name === 'cartela_http_request_duration_seconds_bucket' &&
        s.labels.route === me.route &&
        s.labels.status === '200',
    );
    const bounds = buckets.map((b) =>
      b.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(b.labels.le),
    );
    expect(bounds).toEqual([...bounds].sort((x, y) => x - y));
    expect(bounds.at(-1)).toBe(Number.POSITIVE_INFINITY);
    for (let i = 1; i < buckets.length; i++)
      expect(buckets[i]!.value).toBeGreaterThanOrEqual(buckets[i - 1]!.value);
    expect(buckets.at(-1)!.value).toBe(sampleValue(after, 'cartela_http_request_duration_seconds_count', me));
    const inf = { ...me, le: '+Inf' };
    expect(
      sampleValue(after, 'cartela_http_request_duration_seconds_bucket', inf) -
        sampleValue(before, 'cartela_http_request_duration_seconds_bucket', inf),
    ).toBe(3);
    expect(sampleValue(after, 'cartela_http_request_duration_seconds_sum', me)).toBeGreaterThan(
      sampleValue(before, 'cartela_http_request_duration_seconds_sum', me),
    );

    // Only patterns in the labels: no game id, no path nobody declared.
    const values = after.samples.flatMap((s) => Object.values(s.labels));
    expect(
      values.filter((v) => v.includes(game.gameId) || v.includes(game.id) || v.includes('no-such-thing')),
    ).toEqual([]);
    for (const s of after.samples.filter((x) => x.name.startsWith('cartela_http_request_duration_seconds'))) {
      expect(s.labels.route === UNMATCHED || s.labels.route!.startsWith('/'), s.labels.route).toBe(true);
    }
  });

  it('counts the balls called, the rooms event batches (applied, replayed, refused) and the games running', async () => {
    const running = async () => sampleValue(await metrics(), 'cartela_games_running');
    const idle = await running();
    const game = await newGame(a.as);
    expect(await running()).toBe(idle + 1);

    const at = (i: number) => new Date(Date.now() + i * 1000).toISOString();
    const first = [{ seq: 1, at: at(1), type: 'call-next' }];
    const batch = [
      { seq: 2, at: at(2), type: 'call-next' },
      { seq: 3, at: at(3), type: 'pause' },
      { seq: 4, at: at(4), type: 'resume' },
      { seq: 5, at: at(5), type: 'call-next' },
    ];
    const send = (events: unknown[]) => a.as('POST', `/api/games/${game.gameId}/events`, { events });
    const before = await metrics();
    const counts = async () => {
      const now = await metrics();
      const diff = (name: string, labels: Record<string, string> = {}) =>
        sampleValue(now, name, labels) - sampleValue(before, name, labels);
      return {
        calls: diff('cartela_game_calls_total'),
        applied: diff('cartela_game_event_batches_total', { outcome: 'applied' }),
        replayed: diff('cartela_game_event_batches_total', { outcome: 'replayed' }),
        refused: diff('cartela_game_event_batches_total', { outcome: 'refused' }),
      };
    };

    // The first call alone (it ends its batch), then the room's batch.
    expect((await send(first)).statusCode).toBe(200);
    expect((await send(batch)).statusCode).toBe(200);
    expect(await counts()).toEqual({ calls: 3, applied: 2, replayed: 0, refused: 0 });
    // The room sends it again (its answer was lost): nothing new is called.
    expect((await send(batch)).json().applied).toBe(0);
    expect(await counts()).toEqual({ calls: 3, applied: 2, replayed: 1, refused: 0 });
    const gap = await send([{ seq: 9, at: at(9), type: 'call-next' }]);
    expect(gap.statusCode).toBe(409);
    expect(await counts()).toEqual({ calls: 3, applied: 2, replayed: 1, refused: 1 });
    // The call endpoint counts too.
    expect((await a.as('POST', `/api/games/${game.gameId}/call-number`)).statusCode).toBe(200);
    expect(await counts()).toEqual({ calls: 4, applied: 2, replayed: 1, refused: 1 });
    // A batch that ends the game is written under the agent's lock, and counted there.
    const end = await send([
      { seq: 7, at: at(7), type: 'call-next' },
      { seq: 8, at: at(8), type: 'finish' },
    ]);
    expect(end.statusCode, end.body).toBe(200);
    expect(await counts()).toEqual({ calls: 5, applied: 3, replayed: 1, refused: 1 });
    expect(await running()).toBe(idle);
  });

  it('tells how busy the database connections are', async () => {
    const engine = { engine: t.database.kind };
    const quiet = await metrics();
    const total = sampleValue(quiet, 'cartela_db_pool_clients', engine);
    // The scrape's own count of the games running is not in these figures (it comes after them).
    expect(sampleValue(quiet, 'cartela_db_pool_idle_clients', engine)).toBe(total);
    expect(sampleValue(quiet, 'cartela_db_pool_waiting', engine)).toBe(0);
    if (t.database.kind === 'pglite') expect(total).toBe(1);
    else expect(total).toBeGreaterThanOrEqual(1);

    // Six transactions held open at once: PGlite runs one and queues five; PostgreSQL runs as many as its pool
    // has connections (5 in the tests: test/helpers.ts) and queues the rest.
    const held = 6;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holders = Array.from({ length: held }, () =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        await gate;
      }),
    );
    try {
      let stats = t.database.poolStats();
      // Until every one is running or queued (the pool connects its clients asynchronously).
      for (let i = 0; i < 200 && !(stats.idle === 0 && stats.total + stats.waiting === held); i++) {
        await new Promise((r) => setTimeout(r, 10));
        stats = t.database.poolStats();
      }
      const running = t.database.kind === 'pglite' ? 1 : 5;
      expect(stats).toEqual({ total: running, idle: 0, waiting: held - running });
    } finally {
      release();
      await Promise.all(holders);
    }
    const after = t.database.poolStats();
    expect(after.idle).toBe(after.total);
    expect(after.waiting).toBe(0);
  });
});

describe('GET /api/metrics: who may read it', () => {
  it('is readable from loopback without a token, in the Prometheus text format', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.0.0.2']) {
      const res = await scrape(t.app, { remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    }
  });

  it('from elsewhere needs METRICS_TOKEN; anyone else gets the 404 of a path that does not exist', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/metrix', remoteAddress: ELSEWHERE });
    const refusals: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}x` }, // the same length, one character off
      { authorization: `Bearer ${TOKEN}${TOKEN}` },
      { authorization: `Basic ${TOKEN}` },
      { authorization: TOKEN },
    ];
    for (const headers of refusals) {
      const res = await scrape(t.app, { remoteAddress: ELSEWHERE, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found: GET /api/metrics', code: 'NOT_FOUND' });
      expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(res.body).not.toContain('cartela_');
    }
    expect(unknown.json()).toEqual({ message: 'Not found: GET /api/metrix', code: 'NOT_FOUND' });

    // A session token is no metrics token, not even the admin's.
    const session = await loginAs(t.app, await createAdmin(t.database));
    const asSession = await scrape(t.app, { remoteAddress: ELSEWHERE, headers: bearer(session) });
    expect(asSession.statusCode).toBe(404);

    for (const authorization of [`Bearer ${TOKEN}`, `bearer  ${TOKEN}`]) {
      const res = await scrape(t.app, { remoteAddress: ELSEWHERE, headers: { authorization } });
      expect(res.statusCode, authorization).toBe(200);
      expect(parseExposition(res.body).types.get('cartela_http_request_duration_seconds')).toBe('histogram');
    }
  });

  it('behind a proxy (TRUST_PROXY=1), the client address counts, not the proxy on loopback', async () => {
    const proxied = await startTestApp({
      database: t.database,
      env: { TRUST_PROXY: '1', METRICS_TOKEN: TOKEN },
    });
    try {
      // nginx on the same box: the connection comes from 127.0.0.1, the client is in X-Forwarded-For.
      const viaProxy = { 'x-forwarded-for': ELSEWHERE };
      expect((await scrape(proxied.app, { headers: viaProxy })).statusCode).toBe(404);
      // A client claiming loopback itself: nginx appends the address it saw, the one believed.
      const forged = { 'x-forwarded-for': `127.0.0.1, ${ELSEWHERE}` };
      expect((await scrape(proxied.app, { headers: forged })).statusCode).toBe(404);
      expect(
        (await scrape(proxied.app, { headers: { ...viaProxy, authorization: `Bearer ${TOKEN}` } }))
          .statusCode,
      ).toBe(200);
      // Prometheus on the box, straight to the instance.
      expect((await scrape(proxied.app)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('with TRUST_PROXY=true, where any client chooses its address, only the token opens', async () => {
    const credulous = await startTestApp({
      database: t.database,
      env: { TRUST_PROXY: 'true', METRICS_TOKEN: TOKEN },
    });
    try {
      const forged = { 'x-forwarded-for': '127.0.0.1' };
      expect((await scrape(credulous.app, { remoteAddress: ELSEWHERE, headers: forged })).statusCode).toBe(
        404,
      );
      expect((await scrape(credulous.app)).statusCode).toBe(404);
      expect(
        (await scrape(credulous.app, { headers: { authorization: `Bearer ${TOKEN}` } })).statusCode,
      ).toBe(200);
    } finally {
      await credulous.close();
    }
  });

  it('without METRICS_TOKEN, only loopback reads it; each app counts its own requests', async () => {
    const local = await startTestApp({ database: t.database });
    try {
      const mine = requests(await metrics(), 'GET', '/api/health', 200);
      for (const authorization of ['Bearer ', `Bearer ${TOKEN}`, 'Bearer undefined', 'Bearer null']) {
        const res = await scrape(local.app, { remoteAddress: ELSEWHERE, headers: { authorization } });
        expect(res.statusCode, authorization).toBe(404);
      }
      const before = await metrics(local.app);
      expect((await local.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const after = await metrics(local.app);
      expect(requests(after, 'GET', '/api/health', 200) - requests(before, 'GET', '/api/health', 200)).toBe(
        1,
      );
      expect(requests(await metrics(), 'GET', '/api/health', 200)).toBe(mine);
    } finally {
      await local.close();
    }
  });
});

describe('GET /api/metrics: the format', () => {
  it('gives HELP and TYPE for every family, and name{labels} value lines Prometheus parses', async () => {
    const e = await metrics();
    const expected: Record<string, string> = {
      cartela_http_request_duration_seconds: 'histogram',
      cartela_game_calls_total: 'counter',
      cartela_game_event_batches_total: 'counter',
      cartela_games_running: 'gauge',
      cartela_db_pool_clients: 'gauge',
      cartela_db_pool_idle_clients: 'gauge',
      cartela_db_pool_waiting: 'gauge',
      // The process's own figures: CPU, memory, event loop lag.
      process_cpu_seconds_total: 'counter',
      process_resident_memory_bytes: 'gauge',
      nodejs_heap_size_used_bytes: 'gauge',
      nodejs_eventloop_lag_seconds: 'gauge',
      nodejs_eventloop_lag_p99_seconds: 'gauge',
    };
    for (const [name, type] of Object.entries(expected)) {
      expect(e.types.get(name), name).toBe(type);
      expect(e.help.get(name), name).toBeTruthy();
    }
    for (const name of e.types.keys()) expect(e.help.has(name), `HELP of ${name}`).toBe(true);
    expect(sampleValue(e, 'process_resident_memory_bytes')).toBeGreaterThan(1024 * 1024);
    expect(sampleValue(e, 'cartela_games_running')).toBeGreaterThanOrEqual(0);
  });

  it('is in the OpenAPI document, under the metrics tag, as text', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const op = doc.json().paths[METRICS_PATH]?.get;
    expect(op).toMatchObject({
      summary: expect.stringContaining('Prometheus'),
      tags: ['metrics'],
      'x-access': 'loopback-or-metrics-token',
    });
    expect(op.responses['200'].content).toHaveProperty('text/plain');
    expect(op.security).toBeUndefined();
  });
});
