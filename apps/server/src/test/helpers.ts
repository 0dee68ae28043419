// Test helpers: a fresh database per test file (PGlite in memory, or a new database on the PostgreSQL server
// named by TEST_DATABASE_URL when TEST_DB=postgres), the app built on it, and factories for users.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { etbToSantim, gameEconomics, type PatternId } from '@cartela/core';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../app.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { migrate, migrationsHash } from '../db/migrate.js';
import { makeTemplateTarball } from '../db/pglite-template.js';
import {
  type FinancialModelName,
  games,
  type LanguageCode,
  type RoleName,
  type UserRow,
} from '../db/schema.js';
import { templateKey } from '../db/template-copy.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { percentToDb } from '../modules/users/present.js';
import { insertUser } from '../modules/users/queries.js';

export const TEST_JWT_SECRET = 'test-only-secret-0123456789abcdef0123456789abcdef';
export const usingPostgres = () => process.env.TEST_DB === 'postgres';

export interface TestDatabase {
  database: Database;
  /** Opens another handle on the same database (PostgreSQL: a second pool, like a second server instance). */
  another(): Promise<Database>;
  /** Closes the database (and drops it on PostgreSQL). */
  drop(): Promise<void>;
}

/** The migrated empty database as a PGlite tarball, made once per machine and migration set. */
async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(tmpdir(), `cartela-test-${templateKey()}.tar`);
  if (!existsSync(file)) {
    const tarball = await makeTemplateTarball();
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, tarball);
    renameSync(tmp, file); // atomic: parallel test files never read half a file
  }
  return new Blob([readFileSync(file)]);
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (!usingPostgres()) {
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: 'memory://',
      loadDataDir: await pgliteTemplate(),
    });
    await migrate(database); // a no-op on the template; keeps the helper honest if the template is stale
    // One process owns an embedded database: "another instance" is the same handle.
    return { database, another: async () => database, drop: () => database.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `cartela_test_${randomBytes(6).toString('hex')}`;
  await withServer(serverUrl, async (admin) => {
    const template = await postgresTemplate(admin, serverUrl);
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } catch (err) {
      // Another run with other migrations dropped it as stale: make it again, once.
      if ((err as { code?: string }).code !== '3D000') throw err;
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await postgresTemplate(admin, serverUrl)}`);
    }
  });
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ kind: 'postgres', url, poolMax: 5 });
  await database.withStartupLock(() => migrate(database)); // a no-op on the copy, as on PGlite
  return {
    database,
    another: () => openDatabase({ kind: 'postgres', url, poolMax: 5 }),
    async drop() {
      await database.close();
      await withServer(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

type PgClient = InstanceType<typeof import('pg')['default']['Client']>;

/** Runs `fn` on a connection to the server's own database (the one TEST_DATABASE_URL names). */
async function withServer<T>(serverUrl: string, fn: (admin: PgClient) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Key of the advisory lock under which one test file makes the template ('cartpl' in ASCII). */
const TEMPLATE_LOCK = 0x63617274706c;

/**
 * The migrated empty database on the PostgreSQL server, made once per server and migration set: each file's
 * database is a copy of it (CREATE DATABASE ... TEMPLATE copies files) instead of running every migration.
 * Built under another name and renamed when complete, so a run that dies half-way leaves no half template.
 * Templates of other migration sets are dropped when a new one is made (not while a run copies one: DROP
 * waits for the copy; the run then makes its own again, see createTestDatabase).
 */
async function postgresTemplate(admin: PgClient, serverUrl: string): Promise<string> {
  const name = `cartela_tpl_${migrationsHash()}`;
  const exists = async () =>
    (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  if (await exists()) return name;
  await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    if (await exists()) return name; // another file made it while this one waited
    const stale = await admin.query<{ datname: string }>(
      String.raw`SELECT datname FROM pg_database WHERE datname LIKE 'cartela\_tpl\_%' AND datname <> $1`,
      [name],
    );
    for (const { datname } of stale.rows) {
      // Refused while something is connected to it: left for a later run.
      await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => {});
    }
    const building = `${name}_new`;
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`); // left by a run that died
    await admin.query(`CREATE DATABASE ${building}`);
    const database = await openDatabase({
      kind: 'postgres',
      url: databaseUrl(serverUrl, building),
      poolMax: 1,
    });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    // Nothing connects to it by mistake: a copy needs the template without connections.
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
}

/** A config as the server would parse it, for tests: fixed secret, no web build unless given. */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  const config = loadConfig({
    DATA_DIR: path.join(tmpdir(), 'cartela-test-unused'),
    WEB_DIST: path.join(tmpdir(), 'cartela-test-no-web-build'),
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT_MAX: '1000',
    PUBLIC_RATE_LIMIT_MAX: '1000',
    ...env,
  });
  return { ...config, jwt: { ...config.jwt, secret: TEST_JWT_SECRET } };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** Another handle on the same database (PostgreSQL: its own pool and LISTEN connection). Close it yourself. */
  another(): Promise<Database>;
  close(): Promise<void>;
}

/** A fresh database and the app on it. Call close() in afterAll. */
export async function startTestApp(
  options: {
    env?: Record<string, string>;
    extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
    /** Build on this database instead of a new one (close() then leaves it open). */
    database?: Database;
    /** The app's clock (the business day's "today"). */
    now?: () => Date;
    /** Where new games' seeds come from (ModuleDeps.drawSeed). */
    drawSeed?: () => string;
  } = {},
): Promise<TestApp> {
  const testDb: TestDatabase = options.database
    ? { database: options.database, another: async () => options.database!, drop: async () => {} }
    : await createTestDatabase();
  const config = testConfig(options.env);
  const app = await buildApp({
    config,
    database: testDb.database,
    logger: false,
    ...(options.extraRoutes ? { extraRoutes: options.extraRoutes } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.drawSeed ? { drawSeed: options.drawSeed } : {}),
  });
  await app.ready();
  return {
    app,
    database: testDb.database,
    config,
    another: testDb.another,
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
}

/** A folder that looks like a web build: index.html and a hashed asset. */
export function fakeWebBuild(): string {
  const dir = path.join(tmpdir(), `cartela-test-web-${randomBytes(4).toString('hex')}`);
  mkdirSync(path.join(dir, 'assets', 'voices'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Cartela</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js'), 'console.log("app")');
  writeFileSync(path.join(dir, 'assets', 'voices', '1.mp3'), 'ID3');
  return dir;
}

// ---------------------------------------------------------------------------------------------------------
// Factories

let counter = 0;
const uniqueName = (prefix: string) => `${prefix}${++counter}${randomBytes(3).toString('hex')}`;

export interface UserInput {
  username?: string;
  password?: string;
  role?: RoleName;
  financialModel?: FinancialModelName;
  isActive?: boolean;
  language?: LanguageCode;
  contact?: string | null;
  commissionPercentage?: number;
  /** Agents: the lowest percentage it may choose; default 10, or its commissionPercentage when that is lower. */
  minCommissionPercentage?: number;
  platformCommissionRate?: number;
  /** Agents: the patterns enabled for its games (default: all of them). */
  winningPatterns?: PatternId[];
  /** A published (demo) password: the account must choose its own before anything else. */
  mustChangePassword?: boolean;
}

/** A user straight in the database; returns the row and the plain password. */
export async function createUser(
  database: Database,
  input: UserInput = {},
): Promise<{ user: UserRow; password: string }> {
  const role = input.role ?? 'agent';
  const commission = input.commissionPercentage ?? 10;
  const password = input.password ?? `pw-${randomBytes(6).toString('hex')}`;
  const user = await insertUser(database.db, {
    username: input.username ?? uniqueName(role === 'super-agent' ? 'super' : role),
    passwordHash: await hashPassword(password),
    role,
    isActive: input.isActive ?? true,
    language: input.language ?? 'en',
    contact: input.contact ?? null,
    financialModel: role === 'agent' ? (input.financialModel ?? 'virtual-coin') : null,
    commissionPercentage: role === 'agent' ? percentToDb(commission) : null,
    minCommissionPercentage:
      role === 'agent' ? percentToDb(input.minCommissionPercentage ?? Math.min(10, commission)) : null,
    systemCommissionShare: role === 'agent' ? percentToDb(20) : null,
    platformCommissionRate: role === 'super-agent' ? percentToDb(input.platformCommissionRate ?? 50) : null,
    mustChangePassword: input.mustChangePassword ?? false,
    ...(input.winningPatterns === undefined ? {} : { winningPatterns: input.winningPatterns }),
  });
  return { user, password };
}

export const createAgent = (database: Database, input: Omit<UserInput, 'role'> = {}) =>
  createUser(database, { ...input, role: 'agent' });
export const createAdmin = (database: Database, input: Omit<UserInput, 'role'> = {}) =>
  createUser(database, { ...input, role: 'admin' });
export const createSuperAgent = (database: Database, input: Omit<UserInput, 'role'> = {}) =>
  createUser(database, { ...input, role: 'super-agent' });

/** Signs in through the real login route (the super agent one for super agents); returns the token. */
export async function loginAs(
  app: FastifyInstance,
  who: { user: UserRow; password: string },
): Promise<string> {
  const url = who.user.role === 'super-agent' ? '/api/super-agents/login' : '/api/auth/login';
  const res = await app.inject({
    method: 'POST',
    url,
    payload: { username: who.user.username, password: who.password },
  });
  if (res.statusCode !== 200)
    throw new Error(`login as ${who.user.username} failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface GameRowInput {
  agentId: string;
  /** When it was created: its business day comes from this (the database's trigger). */
  createdAt: Date | string;
  status?: 'active' | 'paused' | 'finished' | 'cancelled';
  /** ETB per player (whole or with santim), default 10. */
  stakeEtb?: number;
  players?: number;
  /** The house cut in percent, default 10. */
  commissionPercent?: number;
  totalCalls?: number;
  financialModel?: FinancialModelName;
  finishedAt?: Date | string | null;
}

/**
 * A game row straight in the database, for statistics and reports: its money is core's (gameEconomics), its
 * dates are the ones given, its cards and state are placeholders (not a game to play: use the API for that).
 * The triggers of migration 0007 run as for any game: the rollup counts it (as created, then finished or
 * cancelled when inserted so).
 */
export async function insertGameRow(
  database: Database,
  input: GameRowInput,
): Promise<{ id: string; gameId: string }> {
  const players = input.players ?? 3;
  const status = input.status ?? 'finished';
  const economics = gameEconomics({
    stake: etbToSantim(input.stakeEtb ?? 10),
    players,
    commissionPercent: input.commissionPercent ?? 10,
  });
  const financialModel = input.financialModel ?? 'virtual-coin';
  const createdAt = new Date(input.createdAt);
  const finishedAt =
    status === 'finished' || status === 'cancelled'
      ? new Date(input.finishedAt ?? createdAt.getTime() + 15 * 60_000)
      : null;
  const gameId = `G${randomBytes(5).toString('hex').toUpperCase()}`;
  const hex = randomBytes(32).toString('hex');
  const [row] = await database.db
    .insert(games)
    .values({
      gameId,
      agentId: input.agentId,
      status,
      gameMode: 'specific-pattern',
      pattern: 'full-house',
      stakeSantim: economics.totalAmount / players,
      players,
      totalSantim: economics.totalAmount,
      agentFeeSantim: economics.agentFee,
      prizeSantim: economics.prize,
      commissionPercent: String(input.commissionPercent ?? 10),
      coinCost: financialModel === 'virtual-coin' ? economics.coinCost : 0,
      cartelaNumbers: Array.from({ length: players }, (_, i) => i + 1),
      totalCalls: input.totalCalls ?? (status === 'finished' ? 30 : 0),
      drawCommitment: hex,
      drawSeed: hex,
      state: {} as never,
      cartelas: [],
      financialModel,
      createdAt,
      updatedAt: finishedAt ?? createdAt,
      finishedAt,
    })
    .returning({ id: games.id });
  return { id: row!.id, gameId };
}
