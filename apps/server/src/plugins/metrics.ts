// GET /api/metrics: the server's figures in Prometheus' text format, for the operator's Prometheus (docs/
// OPERATIONS.md, "Metrics"): requests by route pattern, method and status with their durations, the games
// running, balls called, the rooms' event batches, how busy the database connections are, and the process's own
// figures (memory, CPU, event loop lag, garbage collection).
//
// Who may read it: a request from loopback (request.ip, which honours TRUST_PROXY: behind nginx with
// TRUST_PROXY=1 it is the client's address, not nginx's), or one sending `Authorization: Bearer <METRICS_TOKEN>`.
// Anyone else gets the very 404 an unknown path gets: the figures are no business of a hall's users nor of a
// scanner, and this way they cannot even tell there is something here to aim a token guess at. The operator who
// mistypes the token sees why in the log.
//
// The cost on every request is one onResponse hook: its series found through the route's own config object,
// then two additions and one array increment (RequestDurations). GET /api/auth/me is held to 40% of a bare
// Fastify route (docs/decisions/024-fast-paths.md); docs/PERFORMANCE.md has the figures with this hook.
import { createHash, timingSafeEqual } from 'node:crypto';
import { ErrorResponse } from '@cartela/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, type Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { EventBatchOutcome, ModuleMetrics } from '../module.js';
import { sendNotFound } from './errors.js';

export const METRICS_PATH = '/api/metrics';

/** The route label of a request no route matched (404s of unknown paths): never the raw URL, which is anyone's. */
export const UNMATCHED = 'unmatched';

/** Request durations, in seconds: most API answers take a few milliseconds; a big export, seconds. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

const BATCH_OUTCOMES: readonly EventBatchOutcome[] = ['applied', 'replayed', 'refused'];

export interface MetricsOptions {
  database: Database;
  /** METRICS_TOKEN: a request bearing it may read the metrics from anywhere. */
  token: string | null;
  trustProxy: Config['trustProxy'];
}

/**
 * The process's figures (CPU, memory, event loop, GC) belong to the process, not to an app: they are collected
 * once per process, in a registry of their own. prom-client's collectors never stop (an event loop monitor, a GC
 * observer), so one per app would pile up in tests that build many apps; and its global registry is avoided so
 * that nothing else in the process can add to or clash with these names.
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The token of an `Authorization: Bearer <token>` header, or null. */
function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match ? match[1]! : null;
}

/** Whether a request may read the metrics: the right token from anywhere, or anything from loopback. */
function accessRule(token: string | null, trustProxy: Config['trustProxy']) {
  // Both sides hashed, so that timingSafeEqual compares equal lengths and the time tells nothing of the
  // token's length nor of how much of it a guess got right.
  const expected = token === null ? null : digest(token);
  // TRUST_PROXY=true believes the first X-Forwarded-For address, which any client writes itself: an address
  // proves nothing then, so only the token opens (config.ts warns about true at every start).
  const loopbackCounts = trustProxy !== true;
  return (request: FastifyRequest): { allowed: boolean; why?: string } => {
    const given = bearerToken(request.headers.authorization);
    if (expected !== null && given !== null && timingSafeEqual(digest(given), expected))
      return { allowed: true };
    if (loopbackCounts && isLoopback(request.ip)) return { allowed: true };
    const from = loopbackCounts ? 'not from loopback' : 'TRUST_PROXY=true, so only the token opens';
    return {
      allowed: false,
      why:
        given === null
          ? `${from}; no bearer token`
          : expected === null
            ? `${from}; a bearer token, but METRICS_TOKEN is not set`
            : `${from}; a bearer token that is not METRICS_TOKEN`,
    };
  };
}

const DURATIONS_NAME = 'cartela_http_request_duration_seconds';

/** One (method, route, status) of the request histogram: counts per bucket (not cumulative), sum, count. */
class Series {
  readonly counts = new Float64Array(DURATION_BUCKETS.length);
  sum = 0;
  count = 0;
  constructor(readonly labels: Readonly<Record<'method' | 'route' | 'status', string>>) {}

  observe(seconds: number): void {
    this.sum += seconds;
    this.count++;
    for (let i = 0; i < DURATION_BUCKETS.length; i++) {
      if (seconds <= DURATION_BUCKETS[i]!) {
        this.counts[i]!++;
        return;
      }
    }
  }
}

/**
 * The request histogram, counted by hand and read by prom-client's registry like one of its own histograms (the
 * same get() answer). prom-client's Histogram.observe rebuilds the labels' hash text and keys its buckets by
 * the number as text on every call: ~4% of the server's CPU on GET /api/auth/me, measured, against a few
 * nanoseconds here.
 */
class RequestDurations {
  readonly name = DURATIONS_NAME;
  readonly help =
    'Time to answer a request, by method, route pattern (unmatched: no route) and status; _count counts them';
  private readonly all: Series[] = [];

  series(method: string, route: string, status: number): Series {
    const series = new Series({ method, route, status: String(status) });
    this.all.push(series);
    return series;
  }

  async get() {
    const values: { metricName: string; labels: Record<string, string>; value: number }[] = [];
    for (const { labels, counts, sum, count } of this.all) {
      let cumulative = 0;
      DURATION_BUCKETS.forEach((le, i) => {
        cumulative += counts[i]!;
        values.push({
          metricName: `${DURATIONS_NAME}_bucket`,
          labels: { le: String(le), ...labels },
          value: cumulative,
        });
      });
      values.push({
        metricName: `${DURATIONS_NAME}_bucket`,
        labels: { le: '+Inf', ...labels },
        value: count,
      });
      values.push({ metricName: `${DURATIONS_NAME}_sum`, labels, value: sum });
      values.push({ metricName: `${DURATIONS_NAME}_count`, labels, value: count });
    }
    return { name: this.name, help: this.help, type: 'histogram', values, aggregator: 'sum' };
  }

  reset(): void {
    for (const series of this.all) {
      series.counts.fill(0);
      series.sum = 0;
      series.count = 0;
    }
  }
}

/**
 * Sets up GET /api/metrics and the per-request hook on `app` (call it after setupDocs, so that the route is in
 * the OpenAPI document); returns what the modules count through (ModuleDeps.metrics).
 */
export function setupMetrics(app: FastifyInstance, options: MetricsOptions): ModuleMetrics {
  const { database } = options;
  const registry = new Registry();
  const registers = [registry];
  processMetrics(); // the event loop and GC collectors start now, so the first scrape has figures

  const durations = new RequestDurations();
  registry.registerMetric(durations as unknown as Histogram);
  const calls = new Counter({
    name: 'cartela_game_calls_total',
    help: 'Balls called and written, from the call endpoint or a room event log (rate() gives calls per second)',
    registers,
  });
  const batches = new Counter({
    name: 'cartela_game_event_batches_total',
    help: 'Room event batches (POST /api/games/{id}/events): applied (new events written), replayed (all known), refused (404/409)',
    labelNames: ['outcome'] as const,
    registers,
  });
  // Every outcome from 0, so that rate() and increase() see the first one.
  for (const outcome of BATCH_OUTCOMES) batches.inc({ outcome }, 0);

  // Before the games gauge: its collect takes a connection for its count, which the pool's figures must not
  // show (registry order is collect order).
  const engine = { engine: database.kind };
  const poolGauge = (name: string, help: string, read: (s: ReturnType<Database['poolStats']>) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['engine'] as const,
      registers,
      collect() {
        this.set(engine, read(database.poolStats()));
      },
    });
  poolGauge(
    'cartela_db_pool_clients',
    "Database connections open (PostgreSQL: the node-postgres pool's; PGlite: its single one)",
    (s) => s.total,
  );
  poolGauge('cartela_db_pool_idle_clients', 'Database connections open and idle', (s) => s.idle);
  poolGauge(
    'cartela_db_pool_waiting',
    'Queries and transactions waiting for a database connection (PGlite: queued behind the one running)',
    (s) => s.waiting,
  );

  let readGamesRunning: (() => Promise<number>) | null = null;
  new Gauge({
    name: 'cartela_games_running',
    help: 'Games active or paused, counted in the database at the scrape (the same on every instance: use max, not sum)',
    registers,
    async collect() {
      if (!readGamesRunning) return;
      try {
        this.set(await readGamesRunning());
      } catch (err) {
        // Not 0 (which would look like a quiet hall): unknown. GET /api/health tells what the database does.
        this.set(Number.NaN);
        app.log.warn({ err }, 'metrics: could not count the games running');
      }
    },
  });

  // The series of every (route, method, status) met so far, by the route's config object: Fastify gives each
  // route (and the 404 handler) its own, the same object on every request of that route.
  const byRoute = new Map<object, Map<string, Map<number, Series>>>();
  const NO_CONFIG = {};
  const seriesOf = (request: FastifyRequest, reply: FastifyReply): Series => {
    const route = request.routeOptions;
    const key = route.config ?? NO_CONFIG;
    let byMethod = byRoute.get(key);
    if (!byMethod) {
      byMethod = new Map();
      byRoute.set(key, byMethod);
    }
    let byStatus = byMethod.get(request.method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(request.method, byStatus);
    }
    const status = reply.statusCode;
    let series = byStatus.get(status);
    if (!series) {
      // The route's pattern (/api/games/:id), never the URL: no ids or tokens in labels, and a bounded number
      // of series. The method is Node's (a fixed list), and a route answers only its own.
      series = durations.series(request.method, route.url ?? UNMATCHED, status);
      byStatus.set(status, series);
    }
    return series;
  };
  app.addHook('onResponse', (request, reply, done) => {
    // elapsedTime: from Fastify's own start of the request to the answer's last byte, in milliseconds.
    seriesOf(request, reply).observe(reply.elapsedTime / 1000);
    done();
  });

  const allowed = accessRule(options.token, options.trustProxy);
  app.route({
    method: 'GET',
    url: METRICS_PATH,
    schema: {
      summary: 'Server metrics for Prometheus (text exposition format)',
      description:
        'Readable from loopback, or with `Authorization: Bearer <METRICS_TOKEN>` (a setting of the server, not a ' +
        'session token). Anyone else gets 404 NOT_FOUND, as for a path that does not exist.',
      tags: ['metrics'],
      hide: false,
      // Who may call it, for tools reading this document: neither public nor a signed-in role.
      'x-access': 'loopback-or-metrics-token',
      response: {
        200: {
          description: 'Prometheus text exposition format 0.0.4',
          content: { 'text/plain': { schema: z.string() } },
        },
        '4xx': ErrorResponse,
      },
    },
    // plugins/docs.ts documents the routes that declare their access; the check itself is below, not the
    // session check of plugins/auth.ts.
    config: { access: 'public' },
    handler: async (request, reply) => {
      const access = allowed(request);
      if (!access.allowed) {
        request.log.info({ ip: request.ip }, `metrics: refused (${access.why})`);
        return sendNotFound(request, reply);
      }
      const [own, processes] = await Promise.all([registry.metrics(), processMetrics().metrics()]);
      return reply.type(registry.contentType).send(`${own}\n${processes}`);
    },
  });

  return {
    callsApplied: (count) => calls.inc(count),
    eventBatch: (outcome) => batches.inc({ outcome }),
    countGamesRunning: (read) => {
      readGamesRunning = read;
    },
  };
}
