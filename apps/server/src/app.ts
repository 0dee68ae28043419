// Builds the Fastify application (no listen): used by main.ts and by the tests through app.inject or a port.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { AppConfig, ModuleDeps, ServerModule } from './module.js';
import { agentsModule } from './modules/agents/index.js';
import { authModule } from './modules/auth/index.js';
import { balanceModule } from './modules/balance/index.js';
import { cartelasModule } from './modules/cartelas/index.js';
import { coinsModule } from './modules/coins/index.js';
import { commissionModule } from './modules/commission/index.js';
import { gamesModule, randomSeedHex } from './modules/games/index.js';
import { healthModule } from './modules/health/index.js';
import { reportsModule } from './modules/reports/index.js';
import { statsModule } from './modules/stats/index.js';
import { superAgentsModule } from './modules/super-agents/index.js';
import { UserCache } from './modules/users/index.js';
import { voicePacksModule } from './modules/voice-packs/index.js';
import { setupAuth } from './plugins/auth.js';
import { setupCompression } from './plugins/compress.js';
import { setupDocs } from './plugins/docs.js';
import { errorServerOptions, serializeError, setupErrors, ZOD_COMPILERS } from './plugins/errors.js';
import { setupMetrics } from './plugins/metrics.js';
import { answerHeaders, setupSecurity } from './plugins/security.js';
import { setupWeb } from './plugins/web.js';
import { serverVersion } from './version.js';

export type { AppConfig } from './module.js';

/** Every feature of the server, in registration order: adding a module is one line here. */
const MODULES: readonly ServerModule[] = [
  healthModule,
  authModule,
  cartelasModule,
  balanceModule,
  agentsModule,
  superAgentsModule,
  commissionModule,
  gamesModule,
  statsModule,
  voicePacksModule,
  reportsModule,
  coinsModule,
];

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Fastify's logger option, merged over the defaults (pino at config.logLevel, secrets redacted, no query
   * parameters in logged errors); `false` for none. */
  logger?: FastifyServerOptions['logger'];
  /** Extra routes (tests): called after the app's own routes are registered, before the web fallback. */
  extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
  /** The clock of the modules' "today" (tests fix it); the real time by default. */
  now?: () => Date;
  /** A new game's seed (ModuleDeps.drawSeed); node:crypto's 32 random bytes by default. */
  drawSeed?: () => string;
  /**
   * What API requests wait for before they are served (all but /api/health): the demo's month being made after a
   * first start (decision 076). A failure releases them too (main.ts says it).
   */
  ready?: Promise<unknown>;
}

/** Never written to the logs, wherever they appear. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'password',
  'currentPassword',
  'newPassword',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.passwordHash',
  'token',
  '*.token',
];

/** API requests (but the health check) wait until `ready` settles; nothing waits once it has. */
function waitFor(app: FastifyInstance, ready: Promise<unknown>): void {
  let settled = false;
  const done = ready.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  app.addHook('onRequest', async (request) => {
    if (settled || !request.url.startsWith('/api/') || request.url.startsWith('/api/health')) return;
    await done;
  });
}

/** A number of hops, as a function (Fastify's typings only take booleans, addresses or a function). */
function trustProxyOption(value: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

export async function buildApp({
  config,
  database,
  logger,
  extraRoutes,
  now = () => new Date(),
  drawSeed = randomSeedHex,
  ready,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // A logger configuration passed in (tests read the lines) keeps the redaction and the error serializer.
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
            // Never the values a failed query carried (Drizzle's params, PostgreSQL's detail): decision 022.
            serializers: { err: serializeError },
            ...(typeof logger === 'object' ? logger : {}),
          },
    genReqId: () => randomUUID(),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: config.bodyLimit,
    // zod validates and serializes everything: giving Fastify our compilers up front also spares loading
    // ajv and fast-json-stringify at start (~80 ms).
    schemaController: ZOD_COMPILERS,
    // Answers made outside any route (malformed URL, malformed HTTP) keep the error model and the headers.
    ...errorServerOptions(answerHeaders()),
    // While stopping, a request still arriving on an open connection is served as usual (with Connection:
    // close) instead of Fastify's own 503, which has neither our error body nor the security headers. Stopping
    // still waits for it: the database closes after the server (main.ts).
    return503OnClosing: false,
  });

  // JSON only: a text/plain body is answered 415 instead of reaching a schema that expects an object.
  app.removeContentTypeParser('text/plain');
  setupErrors(app);
  if (ready) waitFor(app, ready);
  setupSecurity(app);
  setupCompression(app);
  setupDocs(app, { version: serverVersion() });
  const metrics = setupMetrics(app, { database, token: config.metricsToken, trustProxy: config.trustProxy });

  const users = new UserCache(database);
  app.addHook('onClose', async () => users.close());
  await setupAuth(app, {
    secret: config.jwt.secret,
    expiresInMs: config.jwt.expiresInMs,
    users,
    database,
  });

  const deps: ModuleDeps = { config, database, users, version: serverVersion(), now, drawSeed, metrics };
  for (const module of MODULES) await module.register(app, deps);
  await extraRoutes?.(app);
  await setupWeb(app, { webDist: config.webDist });
  return app;
}
