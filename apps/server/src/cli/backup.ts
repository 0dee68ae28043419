// `npm run backup -- FILE [--force]`: writes one file holding everything the configured database stores (the
// PostgreSQL of DATABASE_URL, or the embedded database in DATA_DIR), voice packs included.
// docs/decisions/067-backup-format.md
// On PostgreSQL it reads one snapshot while the servers keep running. The embedded database has one user at a
// time (DATA_DIR/cartela.lock): while the server runs, this stops and says to stop the server first.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { BackupError, backupDatabase, describeSummary } from '../db/backup.js';
import { DataDirLockedError, pgliteDir } from '../db/data-dir.js';
import { pgliteExists } from '../db/embedded.js';
import { openConfiguredDatabase } from '../db/open.js';

const USAGE = 'Usage: npm run backup -- FILE [--force] (--force replaces an existing FILE)';

/** One line on standard error, exit code 1: what a script running this (cron) logs. */
function fail(message: string): never {
  process.stderr.write(`${message.replace(/\s*\n\s*/g, ' ').trim()}\n`);
  process.exit(1);
}

let args: { values: { force?: boolean; help?: boolean }; positionals: string[] };
try {
  args = parseArgs({
    options: { force: { type: 'boolean', short: 'f' }, help: { type: 'boolean', short: 'h' } },
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

let config: ReturnType<typeof loadConfig>;
try {
  // The server's own settings decide which database (ADMIN_* and DEMO_DATA concern its start, not this).
  config = loadConfig(
    { ...process.env, ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined, DEMO_DATA: '0' },
    process.cwd(),
    { needsSessions: false },
  );
} catch (err) {
  if (err instanceof ConfigError) fail(err.message);
  throw err;
}
// Opening an embedded folder with no database would create one: a backup of nothing, by a typo in DATA_DIR.
if (config.database.kind === 'pglite' && !pgliteExists(pgliteDir(config.dataDir))) {
  fail(`There is no embedded database in ${config.dataDir} (set DATA_DIR to the hall's data folder).`);
}

let opened: Awaited<ReturnType<typeof openConfiguredDatabase>>;
try {
  opened = await openConfiguredDatabase(config);
} catch (err) {
  if (err instanceof DataDirLockedError) {
    fail(
      `${err.message} The embedded database takes one process at a time: stop the server, back up, start it.`,
    );
  }
  fail(`Could not open the database: ${(err as Error).message}`);
}
try {
  const summary = await backupDatabase(opened.database, file, { overwrite: args.values.force === true });
  const source =
    config.database.kind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL';
  process.stdout.write(`Backed up ${source} to ${summary.file}:\n${describeSummary(summary)}\n`);
} catch (err) {
  await opened.close().catch(() => {});
  if (err instanceof BackupError) fail(err.message);
  fail(`Backup failed: ${(err as Error).message}`);
}
await opened.close();
