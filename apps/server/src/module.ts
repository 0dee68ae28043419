// A feature of the server is one folder, modules/<name>/, registered in app.ts with one line. It owns its
// routes (routes.ts, thin: contract route -> use case), its use cases (service.ts), its queries (queries.ts),
// its tables (schema.ts, gathered by db/schema.ts for migrations) and its tests. Other modules use it only
// through its public entry, modules/<name>/index.ts (and its tables through schema.ts, for foreign keys).
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { UserCache } from './modules/users/index.js';

/** The configuration once the server runs: the JWT secret is known (main.ts reads or makes it first). */
export type AppConfig = Config & { jwt: { secret: string } };

/** What every module may use: given once by buildApp. */
export interface ModuleDeps {
  config: AppConfig;
  database: Database;
  /** The cache behind every session check: call users.invalidate(id) after a transaction that changed a user. */
  users: UserCache;
  version: string;
  /** The current instant (tests fix it): "today" of the business day for dashboards and payments. */
  now: () => Date;
  /**
   * Where a new game's secret seed comes from: 32 bytes of node:crypto as 64 hex characters. Tests inject it to
   * compare two games that differ only in their seed (product/draw.md#invariants).
   */
  drawSeed: () => string;
  /** What the modules count for GET /api/metrics (plugins/metrics.ts). */
  metrics: ModuleMetrics;
}

/** A room's event batch: new events written, only events already in the log, or refused (404, 409). */
export type EventBatchOutcome = 'applied' | 'replayed' | 'refused';

export interface ModuleMetrics {
  /** Balls called and written, whether by the call endpoint or in a room's event log. */
  callsApplied(count: number): void;
  eventBatch(outcome: EventBatchOutcome): void;
  /** How to count the games running, read at each scrape (the games module knows what running means). */
  countGamesRunning(read: () => Promise<number>): void;
}

export interface ServerModule {
  name: string;
  /** Registers the module's routes (and hooks) on the app. */
  register(app: FastifyInstance, deps: ModuleDeps): void | Promise<void>;
}

/** Declares a module (a typed identity: the shape is checked where it is written). */
export const defineModule = (module: ServerModule): ServerModule => module;
