// Starts Cartela: configuration, database (migrations, demo data, first admin), HTTP server; stops cleanly on
// SIGTERM/SIGINT. `node apps/server/dist/main.js` (or `npm start` at the root, which builds first).
//
// Start-up speed matters (a hall restarts its box; < 1.5 s to a served /api/health): the static imports here
// are only what starting the embedded database needs, so PGlite boots in its worker while the rest of the
// server (zod, Fastify, Drizzle) loads on the main thread.
import { rmSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import type { Config } from './config.js';
import { embeddedDataDir } from './config-env.js';
import { DataDirLockedError } from './db/data-dir.js';
import { DEMO_ACCOUNTS, DEMO_CARTELA_COUNT, hashDemoPasswords } from './db/demo-accounts.js';
import { type EmbeddedStart, startEmbedded } from './db/embedded.js';
import type { OpenedDatabase, PrepareResult } from './db/open.js';

function fail(message: string): never {
  process.stderr.write(`\nCartela cannot start.\n${message}\n\n`);
  process.exit(1);
}

function lanUrls(port: number): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((n) => n && n.family === 'IPv4' && !n.internal)
    .map((n) => `http://${n!.address}:${port}`);
}

function banner(
  config: Config,
  opened: OpenedDatabase,
  { migrations, demoCreated, demoHistory, admin, publishedPasswords, timeZone }: PrepareResult,
): string {
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  const local = `http://${wildcard ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  const lines = ['', `Cartela is running at ${local}`];
  if (wildcard) for (const url of lanUrls(config.port)) lines.push(`  on the hall network: ${url}`);
  lines.push(
    `  database: ${
      config.database.kind === 'pglite'
        ? `embedded (PGlite) in ${config.dataDir}`
        : 'PostgreSQL (DATABASE_URL)'
    }${opened.created ? ', created now' : ''}${migrations === 'applied' ? ', migrated by this start' : ''}`,
  );
  lines.push(`  API documentation: ${local}/api/docs`);
  if (timeZone === 'changed') {
    lines.push(
      `  business days: ${config.businessTimeZone} (changed: every business day and daily total recomputed)`,
    );
  }
  if (demoCreated) {
    lines.push(
      '',
      `Demo data created: ${DEMO_CARTELA_COUNT} system cartelas${demoHistory ? ', 30 days of history (being made now: the API answers once it is)' : ''} and these accounts:`,
    );
    for (const a of DEMO_ACCOUNTS)
      lines.push(`  ${`${a.username} / ${a.password}`.padEnd(22)} ${a.description}`);
  }
  if (publishedPasswords.length > 0) {
    // Said at every start, not only the first: a hall box listens on the hall's network, players' phones too.
    lines.push(
      '',
      `WARNING: ${publishedPasswords.join(', ')} still ha${publishedPasswords.length === 1 ? 's' : 've'} the ` +
        'published demo password. Each must choose its own at its first sign-in before it can do anything;',
      '  until then anyone on this network who has read the README can sign in first and choose it for them.',
    );
  }
  if (admin === 'created') {
    lines.push('', `Admin account '${config.admin?.username}' created from ADMIN_USERNAME.`);
  }
  if (admin === 'exists') {
    lines.push(
      '',
      `ADMIN_USERNAME '${config.admin?.username}' not created: the database already has an admin ` +
        '(npm run admin:create adds one).',
    );
  }
  return `${lines.join('\n')}\n\n`;
}

/** Makes the demo's month and says so; never rejects (a failure is said, and the requests waiting go on). */
async function makeHistory(
  opened: OpenedDatabase,
  options: NonNullable<PrepareResult['demoHistory']>,
  signal: AbortSignal,
): Promise<void> {
  const started = performance.now();
  try {
    const { makeDemoHistory } = await import('./db/demo-history.js');
    const made = await makeDemoHistory(opened.database, options, signal);
    if (!made.complete) return;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `Demo history made in ${seconds} s: ${made.games} games, ${made.topUps} coin purchases, ` +
        `${made.payments} commission payments over the last 30 days.\n`,
    );
  } catch (err) {
    if (signal.aborted) return;
    process.stderr.write(`The demo history could not be made: ${(err as Error)?.stack ?? String(err)}\n`);
  }
}

async function main(): Promise<void> {
  // The embedded database first: its worker copies the template (first start) and boots PGlite meanwhile.
  const earlyDir = embeddedDataDir();
  let embedded: EmbeddedStart | undefined;
  try {
    embedded = earlyDir ? startEmbedded(earlyDir) : undefined;
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(err.message);
    fail(`Could not use the data folder ${earlyDir}: ${(err as Error).message}`);
  }
  // Stops the early start when the configuration turns out to be wrong; a database made just now goes too.
  const stopEarly = async () => {
    if (!embedded) return;
    await embedded.client.close().catch(() => {});
    if (embedded.created) rmSync(embedded.dir, { recursive: true, force: true });
    embedded.release();
  };

  const { ConfigError, configWarnings, loadConfig, withJwtSecret } = await import('./config.js');
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    await stopEarly();
    if (err instanceof ConfigError) fail(`${err.message}\nSee .env.example for every setting.`);
    throw err;
  }
  if (
    (config.database.kind === 'pglite') !== Boolean(embedded) ||
    (embedded && config.dataDir !== earlyDir)
  ) {
    await stopEarly(); // cannot happen (both read the same variables), but never run on the wrong folder
    fail('DATA_DIR / DATABASE_URL were read differently at start; please report this.');
  }
  const demoHashes = embedded?.created && config.demoData ? hashDemoPasswords() : undefined;
  demoHashes?.catch(() => {}); // awaited later; never an unhandled rejection meanwhile
  const appModule = import('./app.js');
  const { openConfiguredDatabase, prepareDatabase } = await import('./db/open.js');
  let opened: OpenedDatabase;
  try {
    opened = await openConfiguredDatabase(config, {
      onError: (err) => process.stderr.write(`database: ${err.message}\n`),
      ...(embedded ? { embedded } : {}),
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(err.message);
    const where =
      config.database.kind === 'postgres' ? 'the PostgreSQL server (DATABASE_URL)' : config.dataDir;
    fail(`Could not open the database in ${where}: ${(err as Error).message}`);
  }
  let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
  let app: Awaited<ReturnType<Awaited<typeof appModule>['buildApp']>>;
  // The demo's month (decision 076) is made once the server listens; API requests wait for it.
  const stopHistory = new AbortController();
  let history: Promise<void> | undefined;
  let historyMade: () => void = () => {};
  try {
    const appConfig = withJwtSecret(config);
    prepared = await prepareDatabase(opened.database, config, demoHashes ? { demoHashes } : {});
    const ready = prepared.demoHistory
      ? new Promise<void>((resolve) => {
          historyMade = resolve;
        })
      : undefined;
    const { buildApp } = await appModule;
    app = await buildApp({ config: appConfig, database: opened.database, ...(ready ? { ready } : {}) });
  } catch (err) {
    await opened.close().catch(() => {});
    fail(`Could not prepare the database or the server: ${(err as Error)?.stack ?? String(err)}`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing requests in flight');
    // Last resort if something hangs: never keep a half-stopped server around.
    setTimeout(() => {
      app.log.error('could not stop within 10 s; exiting');
      process.exit(1);
    }, 10_000).unref();
    try {
      stopHistory.abort(); // what was made stays; the rest of the month is not made
      await history;
      historyMade(); // requests waiting for it go on (none waits when it was not started)
      await app.close(); // stops accepting, waits for requests in flight
      await opened.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while stopping');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await opened.close().catch(() => {});
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      fail(`PORT: ${config.port} is already in use on ${config.host}. Set PORT to a free port.`);
    fail(`Could not listen on ${config.host}:${config.port}: ${(err as Error).message}`);
  }
  process.stdout.write(banner(config, opened, prepared));
  for (const warning of configWarnings(config)) process.stdout.write(`WARNING: ${warning}\n\n`);
  if (prepared.demoHistory && !stopping) {
    history = makeHistory(opened, prepared.demoHistory, stopHistory.signal).finally(historyMade);
  }
}

process.on('unhandledRejection', (err) => {
  process.stderr.write(`Unhandled rejection: ${(err as Error)?.stack ?? String(err)}\n`);
  process.exit(1);
});

main().catch((err) => fail((err as Error)?.stack ?? String(err)));
