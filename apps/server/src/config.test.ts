import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, configWarnings, ensureLocalJwtSecret, loadConfig } from './config.js';
import { embeddedDataDir } from './config-env.js';

const SECRET = 'x'.repeat(32);

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/srv/cartela');
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has defaults for a hall: port 3000 on every interface, embedded database in ./data, demo data', () => {
    const c = loadConfig({}, '/srv/cartela');
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/cartela/data',
      database: { kind: 'pglite', dataDir: '/srv/cartela/data' },
      jwt: { secret: null, expiresInMs: 12 * 3600 * 1000 },
      demoData: true,
      admin: null,
      logLevel: 'info',
      businessTimeZone: 'Africa/Addis_Ababa',
      loginRateLimit: {
        perAddress: { max: 30, windowMs: 60_000 },
        perAccountAddress: { max: 10, windowMs: 60_000 },
        perAccount: { max: 50, windowMs: 3_600_000 },
      },
      trustProxy: false,
      bodyLimit: 128 * 1024,
      metricsToken: null,
    });
    expect(c.webDist).toMatch(/apps[/\\]web[/\\]dist[/\\]?$/);
  });

  it('reads every setting', () => {
    const c = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: 'var/db',
        DATABASE_URL: 'postgres://app@db:5432/cartela',
        DATABASE_POOL_MAX: '20',
        JWT_SECRET: SECRET,
        JWT_EXPIRES_IN: '30m',
        DEMO_DATA: '1',
        ADMIN_USERNAME: 'owner',
        ADMIN_PASSWORD: 'secret-pw',
        LOG_LEVEL: 'debug',
        BUSINESS_TIMEZONE: 'Europe/London',
        LOGIN_RATE_LIMIT_MAX: '5',
        LOGIN_RATE_LIMIT_USERNAME_MAX: '3',
        LOGIN_RATE_LIMIT_WINDOW: '2m',
        LOGIN_RATE_LIMIT_ACCOUNT_MAX: '40',
        LOGIN_RATE_LIMIT_ACCOUNT_WINDOW: '2h',
        TRUST_PROXY: '1',
        WEB_DIST: 'public',
        BODY_LIMIT: '2048',
        METRICS_TOKEN: 'm'.repeat(32),
        GAMES_WRITES_IN_FLIGHT: '4',
      },
      '/srv/cartela',
    );
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/cartela/var/db',
      database: { kind: 'postgres', url: 'postgres://app@db:5432/cartela', poolMax: 20 },
      jwt: { secret: SECRET, expiresInMs: 30 * 60_000 },
      demoData: true,
      admin: { username: 'owner', password: 'secret-pw' },
      logLevel: 'debug',
      businessTimeZone: 'Europe/London',
      loginRateLimit: {
        perAddress: { max: 5, windowMs: 120_000 },
        perAccountAddress: { max: 3, windowMs: 120_000 },
        perAccount: { max: 40, windowMs: 7_200_000 },
      },
      trustProxy: 1,
      webDist: '/srv/cartela/public',
      bodyLimit: 2048,
      metricsToken: 'm'.repeat(32),
      gamesWritesInFlight: 4,
    });
    // A typo is refused at start, not left to stall every game's writes.
    expect(() => loadConfig({ GAMES_WRITES_IN_FLIGHT: 'two' })).toThrow(/GAMES_WRITES_IN_FLIGHT/);
    expect(() => loadConfig({ GAMES_WRITES_IN_FLIGHT: '0' })).toThrow(/GAMES_WRITES_IN_FLIGHT/);
    expect(loadConfig({}).gamesWritesInFlight).toBe(2);
  });

  it('turns demo data off by default on PostgreSQL, and on request on the embedded database', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/x', JWT_SECRET: SECRET }).demoData).toBe(false);
    expect(loadConfig({ DEMO_DATA: '0' }).demoData).toBe(false);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
    // The demo's month of history comes with the demo data unless DEMO_HISTORY=0 (decision 076).
    expect(loadConfig({}).demoHistory).toBe(true);
    expect(loadConfig({ DEMO_HISTORY: '0' }).demoHistory).toBe(false);
    expect(() => loadConfig({ DEMO_HISTORY: 'maybe' })).toThrow(/DEMO_HISTORY/);
  });

  it('reads TRUST_PROXY as a flag, a hop count or a list of addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'yes' }).trustProxy).toBe(true);
    // One reverse proxy, as OPERATIONS.md says: one hop, not "trust every X-Forwarded-For".
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
    ]);
  });

  it('warns at start when TRUST_PROXY=true lets every client choose its address, and not otherwise', () => {
    const [warning, ...more] = configWarnings(loadConfig({ TRUST_PROXY: 'true' }));
    expect(more).toEqual([]);
    expect(warning).toMatch(/^TRUST_PROXY=true .*any client can choose its own address/);
    expect(warning).toContain('TRUST_PROXY=1');
    for (const TRUST_PROXY of ['false', '1', '2', '10.0.0.1']) {
      expect(configWarnings(loadConfig({ TRUST_PROXY })), TRUST_PROXY).toEqual([]);
    }
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', JWT_SECRET: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, "PORT: must be a whole number between 1 and 65535 (got 'abc')"],
    [{ PORT: '70000' }, "PORT: must be at most 65535 (got '70000')"],
    [{ PORT: '0' }, "PORT: must be at least 1 (got '0')"],
    [
      { DATABASE_URL: 'mysql://x', JWT_SECRET: SECRET },
      'DATABASE_URL: must be a postgres:// or postgresql:// URL',
    ],
    [
      { JWT_SECRET: 'short' },
      'JWT_SECRET: must be at least 32 characters (for example: openssl rand -hex 32)',
    ],
    [
      { JWT_EXPIRES_IN: 'soon' },
      "JWT_EXPIRES_IN: must be a duration such as 12h, 30m, 90s or 2d (got 'soon')",
    ],
    [{ DEMO_DATA: 'maybe' }, "DEMO_DATA: must be 1 or 0 (true/false) (got 'maybe')"],
    [
      { LOG_LEVEL: 'loud' },
      "LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent (got 'loud')",
    ],
    [
      { BUSINESS_TIMEZONE: 'Mars/Olympus' },
      "BUSINESS_TIMEZONE: must be an IANA time zone such as Africa/Addis_Ababa (got 'Mars/Olympus')",
    ],
    [
      { LOGIN_RATE_LIMIT_MAX: '-1' },
      "LOGIN_RATE_LIMIT_MAX: must be a whole number between 1 and 1000000 (got '-1')",
    ],
    [{ ADMIN_PASSWORD: 'secret-pw' }, 'ADMIN_USERNAME: must be set together with ADMIN_PASSWORD'],
    [{ ADMIN_USERNAME: 'owner' }, 'ADMIN_PASSWORD: must be set together with ADMIN_USERNAME'],
    [{ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD: must be at least 6 characters'],
    [
      { METRICS_TOKEN: 'short' },
      'METRICS_TOKEN: must be at least 32 characters (for example: openssl rand -hex 32)',
    ],
    [
      { METRICS_TOKEN: `${'m'.repeat(16)} ${'m'.repeat(16)}` },
      'METRICS_TOKEN: must be visible ASCII characters, without spaces (it is sent in a header)',
    ],
  ])('rejects %j naming the variable', (env, message) => {
    expect(problems(env)).toContain(message);
  });

  it('requires JWT_SECRET with DATABASE_URL (instances must share it)', () => {
    expect(problems({ DATABASE_URL: 'postgres://db/x' })[0]).toMatch(
      /^JWT_SECRET: is required with DATABASE_URL/,
    );
  });

  it('does not ask a tool that signs no sessions (admin:create) for JWT_SECRET', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db/x' }, '/srv', { needsSessions: false });
    expect(config.database.kind).toBe('postgres');
    expect(config.jwt.secret).toBeNull();
  });

  it('never echoes a secret value in a message', () => {
    const all = problems({
      JWT_SECRET: 'hunter2',
      DATABASE_URL: 'redis://user:pw@host',
      METRICS_TOKEN: 'swordfish',
    }).join('\n');
    expect(all).not.toContain('hunter2');
    expect(all).not.toContain('pw@host');
    expect(all).not.toContain('swordfish');
  });

  it('lists every bad variable at once', () => {
    expect(problems({ PORT: 'x', LOG_LEVEL: 'y' })).toHaveLength(2);
  });
});

describe('embeddedDataDir (read before the full validation, to start the database early)', () => {
  it.each([
    {},
    { DATA_DIR: 'var/hall' },
    { DATA_DIR: '  /abs/data  ' },
    { DATA_DIR: '' },
    { DATABASE_URL: '', DATA_DIR: 'x' },
  ])('agrees with loadConfig for %j', (env) => {
    expect(embeddedDataDir(env, '/srv/cartela')).toBe(loadConfig(env, '/srv/cartela').dataDir);
  });

  it('is null with DATABASE_URL', () => {
    expect(embeddedDataDir({ DATABASE_URL: 'postgres://db/x' }, '/srv')).toBeNull();
  });
});

describe('.env.example', () => {
  const file = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
  const env = Object.fromEntries(
    file
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

  it('documents every setting, and nothing else', () => {
    expect(Object.keys(env).sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('is a valid configuration as it stands, equal to the defaults', () => {
    const { webDist: _a, ...fromExample } = loadConfig(env, '/srv/cartela');
    const { webDist: _b, ...defaults } = loadConfig({}, '/srv/cartela');
    expect(fromExample).toEqual(defaults);
  });
});

describe('ensureLocalJwtSecret', () => {
  it('makes a secret once, keeps it in the data folder with mode 0600, and reuses it', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'cartela-config-')), 'data');
    try {
      const first = ensureLocalJwtSecret(dir);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(ensureLocalJwtSecret(dir)).toBe(first);
      const file = path.join(dir, 'jwt-secret');
      expect(readFileSync(file, 'utf8').trim()).toBe(first);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });
});
