// `npm run restore -- FILE`: loads a backup (npm run backup) into the configured database (the PostgreSQL of
// DATABASE_URL, or the embedded database in DATA_DIR, created when the folder has none), which must be empty:
// it is migrated first, then loaded in one transaction. `npm run restore -- --check FILE` reads the file through
// and checks it without any database. docs/decisions/067-backup-format.md
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { BackupError, checkBackup, describeSummary, restoreDatabase } from '../db/backup.js';
import { DataDirLockedError } from '../db/data-dir.js';
import { migrate } from '../db/migrate.js';
import { openConfiguredDatabase } from '../db/open.js';

const USAGE = 'Usage: npm run restore -- FILE (into an empty database), or: npm run restore -- --check FILE';

/** One line on standard error, exit code 1. */
function fail(message: string): never {
  process.stderr.write(`${message.replace(/\s*\n\s*/g, ' ').trim()}\n`);
  process.exit(1);
}

let args: { values: { check?: boolean; help?: boolean }; positionals: string[] };
try {
  args = parseArgs({
    options: { check: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
} catch (err) {
  fail(`${(err as Error).message} ${USAGE}`);
}
if (args.values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (args.positionals.length !== 1) fail(`Name one backup file. ${USAGE}`);
// npm runs scripts from the repository's root: a relative name means the folder the operator typed it in.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args.positionals[0]!);

const made = (h: { createdAt: string; source: string; serverVersion: string }) =>
  `made ${h.createdAt} from ${h.source === 'pglite' ? 'an embedded database' : 'PostgreSQL'} by Cartela ${h.serverVersion}`;

if (args.values.check) {
  try {
    const summary = await checkBackup(file);
    process.stdout.write(
      `${file} is complete and intact (${made(summary.header)}):\n${describeSummary(summary)}\n`,
    );
    process.exit(0);
  } catch (err) {
    if (err instanceof BackupError) fail(err.message);
    fail(`Check failed: ${(err as Error).message}`);
  }
}

// The whole file checked before any database is opened (or, embedded, created): a damaged file stops here. The
// load checks it again as it reads, in its transaction.
try {
  await checkBackup(file);
} catch (err) {
  if (err instanceof BackupError) fail(err.message);
  fail(`Restore failed, nothing was restored: ${(err as Error).message}`);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(
    { ...process.env, ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined, DEMO_DATA: '0' },
    process.cwd(),
    { needsSessions: false },
  );
} catch (err) {
  if (err instanceof ConfigError) fail(err.message);
  throw err;
}

let opened: Awaited<ReturnType<typeof openConfiguredDatabase>>;
try {
  opened = await openConfiguredDatabase(config);
} catch (err) {
  if (err instanceof DataDirLockedError) {
    fail(
      `${err.message} The embedded database takes one process at a time: stop the server before a restore.`,
    );
  }
  fail(`Could not open the database: ${(err as Error).message}`);
}
try {
  // The schema this Cartela expects, so that the backup's migrations can be compared with it.
  await opened.database.withStartupLock(() => migrate(opened.database));
  const summary = await restoreDatabase(opened.database, file);
  const target =
    config.database.kind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL';
  process.stdout.write(`Restored ${summary.file} (${made(summary.header)}) into ${target}:\n`);
  process.stdout.write(`${describeSummary(summary)}\n`);
} catch (err) {
  await opened.close().catch(() => {});
  if (err instanceof BackupError) fail(err.message);
  fail(`Restore failed, nothing was restored: ${(err as Error).message}`);
}
await opened.close();
