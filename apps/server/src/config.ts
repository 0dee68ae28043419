// Every setting of the server, read from the environment once at start and validated with zod.
// A bad value stops the server with a message naming the variable and what is wrong (see .env.example).
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_DATA_DIR } from './config-env.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** apps/web/dist, found from this file whether it runs from src/ (tsx, tests) or dist/ (built). */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

const JWT_SECRET_MIN = 32;
const METRICS_TOKEN_MIN = 32;

const boolean = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'].includes(v), {
    message: 'must be 1 or 0 (true/false)',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const integer = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number between ${min} and ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

const DURATION = /^(\d+)\s*(ms|s|m|h|d)?$/;
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** '12h', '30m', '90s', '2d' or a number of seconds. */
const duration = z
  .string()
  .trim()
  .regex(DURATION, 'must be a duration such as 12h, 30m, 90s or 2d')
  .transform((v) => {
    const [, n, unit] = DURATION.exec(v)!;
    return Number(n) * UNIT_MS[(unit ?? 's') as keyof typeof UNIT_MS];
  })
  .refine((ms) => ms >= 1000, 'must be at least 1 second');

const timeZone = z
  .string()
  .trim()
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone such as Africa/Addis_Ababa');

/**
 * TRUST_PROXY: false (default), true, a number of hops, or a comma-separated list of addresses/CIDRs. 1 is
 * one hop (the usual reverse proxy on the box), not `true`: true believes any X-Forwarded-For a client sends.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v): boolean | number | string[] => {
    const lower = v.toLowerCase();
    if (['', '0', 'false', 'no', 'off'].includes(lower)) return false;
    if (['true', 'yes', 'on'].includes(lower)) return true;
    if (/^\d+$/.test(v)) return Number(v);
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  });

/**
 * PUBLIC_URL: an http(s) address without query or fragment ('http://192.168.1.10:3000', 'https://bingo.example/x'),
 * kept without its trailing slash.
 */
const publicUrl = z
  .string()
  .trim()
  .refine((v) => {
    try {
      const url = new URL(v);
      return /^https?:$/.test(url.protocol) && url.search === '' && url.hash === '' && !url.username;
    } catch {
      return false;
    }
  }, 'must be an http:// or https:// address without ?query or #fragment, such as http://192.168.1.10:3000')
  .transform((v) => v.replace(/\/+$/, ''));

const EnvSchema = z.object({
  PORT: integer(1, 65535).default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default(DEFAULT_DATA_DIR),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((v) => /^postgres(ql)?:\/\/.+/.test(v), 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_MAX: integer(1, 1000).default(10),
  // Batched game writes on their way at once, each holding a pooled connection (modules/games/writer.ts).
  GAMES_WRITES_IN_FLIGHT: integer(1, 100).default(2),
  JWT_SECRET: z
    .string()
    .min(JWT_SECRET_MIN, `must be at least ${JWT_SECRET_MIN} characters (for example: openssl rand -hex 32)`)
    .optional(),
  JWT_EXPIRES_IN: duration.default(12 * 3_600_000),
  DEMO_DATA: boolean.optional(),
  DEMO_HISTORY: boolean.default(true),
  ADMIN_USERNAME: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(64, 'must be at most 64 characters')
    .optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').max(256).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  BUSINESS_TIMEZONE: timeZone.default('Africa/Addis_Ababa'),
  LOGIN_RATE_LIMIT_MAX: integer(1, 1_000_000).default(30),
  LOGIN_RATE_LIMIT_USERNAME_MAX: integer(1, 1_000_000).default(10),
  LOGIN_RATE_LIMIT_WINDOW: duration.default(60_000),
  LOGIN_RATE_LIMIT_ACCOUNT_MAX: integer(1, 1_000_000).default(50),
  // How many client addresses an account's failures must come from to close it (decision 080).
  LOGIN_RATE_LIMIT_ACCOUNT_ADDRESSES: integer(1, 1_000_000).default(5),
  LOGIN_RATE_LIMIT_ACCOUNT_WINDOW: duration.default(3_600_000),
  TRUST_PROXY: trustProxy.default(false),
  // The address players reach the server by (the QR code of /verify, the printed sheets; decision 074).
  PUBLIC_URL: publicUrl.optional(),
  // Requests to the public game route (/api/public/games/...) per client address and window (decision 074).
  PUBLIC_RATE_LIMIT_MAX: integer(1, 1_000_000).default(60),
  PUBLIC_RATE_LIMIT_WINDOW: duration.default(60_000),
  WEB_DIST: z.string().trim().min(1, 'must not be empty').optional(),
  // The largest JSON request foreseen (a pattern update of all 300 cartelas) is ~110 KB. Routes that take
  // bigger uploads set their own bodyLimit.
  BODY_LIMIT: integer(1024, 100 * 1024 * 1024).default(128 * 1024),
  // What Prometheus sends (Authorization: Bearer) to read GET /api/metrics from other than loopback.
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(
      METRICS_TOKEN_MIN,
      `must be at least ${METRICS_TOKEN_MIN} characters (for example: openssl rand -hex 32)`,
    )
    .regex(/^[\x21-\x7e]+$/, 'must be visible ASCII characters, without spaces (it is sent in a header)')
    .optional(),
});

/** Every environment variable the server reads (each is documented in .env.example). */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.shape);

export interface LimitRule {
  max: number;
  windowMs: number;
}

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the embedded database's folder (only used without DATABASE_URL). */
  dataDir: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; poolMax: number };
  jwt: {
    /** Null with the embedded database until main() reads or makes the secret kept in DATA_DIR. */
    secret: string | null;
    expiresInMs: number;
  };
  demoData: boolean;
  /** With the demo data: its 30 days of history (decision 076). */
  demoHistory: boolean;
  admin: { username: string; password: string } | null;
  logLevel: (typeof LOG_LEVELS)[number];
  businessTimeZone: string;
  /**
   * Failed sign-ins allowed (decision 080): per client address in a window; per (door, account, address) `max`
   * free, then waits doubling up to `windowMs`; per account in its window, closing only when the failures
   * came from `addresses` client addresses or more.
   */
  loginRateLimit: {
    perAddress: LimitRule;
    perAccountAddress: LimitRule;
    perAccount: LimitRule & { addresses: number };
  };
  trustProxy: boolean | number | string[];
  /** PUBLIC_URL without its trailing slash: the address players reach the server by; null when not set. */
  publicUrl: string | null;
  /** Requests to a public game per client address (decision 074). */
  publicRateLimit: LimitRule;
  webDist: string;
  bodyLimit: number;
  /** Batched game writes on their way at once (GAMES_WRITES_IN_FLIGHT). */
  gamesWritesInFlight: number;
  /** Bearer token that reads GET /api/metrics from anywhere; null: loopback only. */
  metricsToken: string | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const shown = (v: unknown) =>
  typeof v === 'string' ? ` (got '${v.length > 40 ? `${v.slice(0, 40)}...` : v}')` : '';
const SECRET_VARS = new Set(['JWT_SECRET', 'ADMIN_PASSWORD', 'DATABASE_URL', 'METRICS_TOKEN']);

/**
 * Parses the environment; throws ConfigError listing every bad variable. Tools that sign no sessions (such as
 * admin:create) pass `{ needsSessions: false }` so that JWT_SECRET is not required of them.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
  options: { needsSessions?: boolean } = {},
): Config {
  // An empty variable (FOO= in a .env file) means "not set".
  const raw = Object.fromEntries(
    Object.keys(EnvSchema.shape).flatMap((k) => (env[k] === undefined || env[k] === '' ? [] : [[k, env[k]]])),
  );
  const parsed = EnvSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? 'environment');
        return `${key}: ${issue.message}${SECRET_VARS.has(key) ? '' : shown(raw[key])}`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.DATABASE_URL && !e.JWT_SECRET && options.needsSessions !== false) {
    problems.push(
      `JWT_SECRET: is required with DATABASE_URL (at least ${JWT_SECRET_MIN} characters, the same on every instance)`,
    );
  }
  if ((e.ADMIN_USERNAME === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    problems.push(
      `${e.ADMIN_USERNAME === undefined ? 'ADMIN_USERNAME' : 'ADMIN_PASSWORD'}: must be set together with ${
        e.ADMIN_USERNAME === undefined ? 'ADMIN_PASSWORD' : 'ADMIN_USERNAME'
      }`,
    );
  }
  if (e.LOGIN_RATE_LIMIT_ACCOUNT_WINDOW <= e.LOGIN_RATE_LIMIT_WINDOW) {
    // An address's streak is remembered for the account window: were it shorter than the longest wait, one
    // address guessing at that pace would find its free attempts back every time (decision 080).
    problems.push('LOGIN_RATE_LIMIT_ACCOUNT_WINDOW: must be longer than LOGIN_RATE_LIMIT_WINDOW');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(cwd, e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX }
      : { kind: 'pglite', dataDir },
    jwt: { secret: e.JWT_SECRET ?? null, expiresInMs: e.JWT_EXPIRES_IN },
    // The embedded database is for trying Cartela out: demo data unless DEMO_DATA=0. A real server opts in.
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    demoHistory: e.DEMO_HISTORY,
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : null,
    logLevel: e.LOG_LEVEL,
    businessTimeZone: e.BUSINESS_TIMEZONE,
    loginRateLimit: {
      perAddress: { max: e.LOGIN_RATE_LIMIT_MAX, windowMs: e.LOGIN_RATE_LIMIT_WINDOW },
      perAccountAddress: { max: e.LOGIN_RATE_LIMIT_USERNAME_MAX, windowMs: e.LOGIN_RATE_LIMIT_WINDOW },
      perAccount: {
        max: e.LOGIN_RATE_LIMIT_ACCOUNT_MAX,
        windowMs: e.LOGIN_RATE_LIMIT_ACCOUNT_WINDOW,
        addresses: e.LOGIN_RATE_LIMIT_ACCOUNT_ADDRESSES,
      },
    },
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL ?? null,
    publicRateLimit: { max: e.PUBLIC_RATE_LIMIT_MAX, windowMs: e.PUBLIC_RATE_LIMIT_WINDOW },
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : DEFAULT_WEB_DIST,
    bodyLimit: e.BODY_LIMIT,
    gamesWritesInFlight: e.GAMES_WRITES_IN_FLIGHT,
    metricsToken: e.METRICS_TOKEN ?? null,
  };
}

/** Settings that work but are risky: said at every start (main.ts), each naming the variable. */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.trustProxy === true) {
    warnings.push(
      'TRUST_PROXY=true believes the X-Forwarded-For header of every request, so any client can choose its own ' +
        'address, and with it a fresh login rate limit. Set the number of proxies in front of the server ' +
        "instead (TRUST_PROXY=1 behind one reverse proxy), or the proxy's address.",
    );
  }
  return warnings;
}

const SECRET_FILE = 'jwt-secret';

/**
 * With the embedded database the signing secret is made once and kept beside the data (mode 0600), so sessions
 * survive a restart without any setup. Returns the secret.
 */
export function ensureLocalJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= JWT_SECRET_MIN) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** The config with its JWT secret resolved (from the environment or the embedded database's folder). */
export function withJwtSecret(config: Config): Config & { jwt: { secret: string } } {
  const secret = config.jwt.secret ?? ensureLocalJwtSecret(config.dataDir);
  return { ...config, jwt: { ...config.jwt, secret } };
}
