// Builds the Fastify application (no listen): used by main.ts and by the tests through app.inject or a port.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { FailureLimiter } from './modules/auth/limiter.js';
import { warmUpPasswords } from './modules/auth/passwords.js';
import { registerAuthRoutes } from './modules/auth/routes.js';
import { createAuthService } from './modules/auth/service.js';
import { registerHealthRoutes } from './modules/health/routes.js';
import { UserCache } from './modules/users/cache.js';
import { setupAuth } from './plugins/auth.js';
import { setupDocs } from './plugins/docs.js';
import { setupErrors, ZOD_COMPILERS } from './plugins/errors.js';
import { setupSecurity } from './plugins/security.js';
import { setupWeb } from './plugins/web.js';
import { serverVersion } from './version.js';

export type AppConfig = Config & { jwt: { secret: string } };

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Fastify's logger option; default: pino at config.logLevel, secrets redacted. */
  logger?: FastifyServerOptions['logger'];
  /** Extra routes (tests): called after the app's own routes are registered, before the web fallback. */
  extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
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

/** A number of hops, as a function (Fastify's typings only take booleans, addresses or a function). */
function trustProxyOption(value: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

export async function buildApp({
  config,
  database,
  logger,
  extraRoutes,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
    genReqId: () => randomUUID(),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: config.bodyLimit,
    // zod validates and serializes everything: giving Fastify our compilers up front also spares loading
    // ajv and fast-json-stringify at start (~80 ms).
    schemaController: ZOD_COMPILERS,
  });

  // JSON only: a text/plain body is answered 415 instead of reaching a schema that expects an object.
  app.removeContentTypeParser('text/plain');
  setupErrors(app);
  await setupSecurity(app);
  setupDocs(app, { version: serverVersion() });

  const users = new UserCache(database);
  app.addHook('onClose', async () => users.close());
  await setupAuth(app, { secret: config.jwt.secret, expiresInMs: config.jwt.expiresInMs, users });

  const limiter = new FailureLimiter({
    max: config.loginRateLimit.usernameMax,
    windowMs: config.loginRateLimit.windowMs,
  });
  const auth = createAuthService({ database, users, sessions: app.sessions, limiter });

  registerHealthRoutes(app, { database, version: serverVersion() });
  registerAuthRoutes(app, { service: auth, loginRateLimit: config.loginRateLimit });
  await extraRoutes?.(app);
  await setupWeb(app, { webDist: config.webDist });

  // The first unknown-username login would otherwise also pay for making the dummy hash.
  app.addHook('onReady', async () => {
    void warmUpPasswords();
  });
  return app;
}
