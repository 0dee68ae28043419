// `npm run restore -- FILE`: loads a backup (npm run backup) into the configured database (the PostgreSQL of
// DATABASE_URL, or the embedded database in DATA_DIR, created when the folder has none), which must be empty:
// it is migrated first, then loaded in one transaction. `npm run restore -- --check FILE` reads the file through
// and checks it without any database. docs/decisions/067-backup-format.md
import './guard.js';
import { BackupError, checkBackup, describeSummary, restoreDatabase } from '../db/backup.js';
import { migrate } from '../db/migrate.js';
import { errorLine } from '../plugins/errors.js';
import { backupFileArgs, commandConfig, databaseName, fail, openOrFail, runBackupWork } from './command.js';

const USAGE = 'Usage: npm run restore -- FILE (into an empty database), or: npm run restore -- --check FILE';

const { values, file } = backupFileArgs({ check: { type: 'boolean' } }, USAGE);

const made = (h: { createdAt: string; source: string; serverVersion: string }) =>
  `made ${h.createdAt} from ${h.source === 'pglite' ? 'an embedded database' : 'PostgreSQL'} by Cartela ${h.serverVersion}`;

if (values.check) {
  try {
    const summary = await checkBackup(file);
    process.stdout.write(
      `${file} is complete and intact (${made(summary.header)}):\n${describeSummary(summary)}\n`,
    );
    process.exit(0);
  } catch (err) {
    if (err instanceof BackupError) fail(err.message);
    fail(`Check failed: ${errorLine(err)}`);
  }
}

// The whole file checked before any database is opened (or, embedded, created): a damaged file stops here. The
// load checks it again as it reads, in its transaction.
try {
  await checkBackup(file);
} catch (err) {
  if (err instanceof BackupError) fail(err.message);
  fail(`Restore failed, nothing was restored: ${errorLine(err)}`);
}

const config = commandConfig();
const opened = await openOrFail(
  config,
  'The embedded database takes one process at a time: stop the server before a restore.',
);
await runBackupWork(
  opened,
  async () => {
    // The schema this Cartela expects, so that the backup's migrations can be compared with it.
    await opened.database.withStartupLock(() => migrate(opened.database));
    const summary = await restoreDatabase(opened.database, file);
    process.stdout.write(
      `Restored ${summary.file} (${made(summary.header)}) into ${databaseName(config)}:\n`,
    );
    process.stdout.write(`${describeSummary(summary)}\n`);
  },
  'Restore failed, nothing was restored:',
);
