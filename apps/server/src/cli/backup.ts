// `npm run backup -- FILE [--force]`: writes one file holding everything the configured database stores (the
// PostgreSQL of DATABASE_URL, or the embedded database in DATA_DIR), voice packs included.
// docs/decisions/067-backup-format.md
// On PostgreSQL it reads one snapshot while the servers keep running. The embedded database has one user at a
// time (DATA_DIR/cartela.lock): while the server runs, this stops and says to stop the server first.
import './guard.js';
import { backupDatabase, describeSummary } from '../db/backup.js';
import { pgliteDir } from '../db/data-dir.js';
import { pgliteExists } from '../db/embedded.js';
import { backupFileArgs, commandConfig, databaseName, fail, openOrFail, runBackupWork } from './command.js';

const USAGE = 'Usage: npm run backup -- FILE [--force] (--force replaces an existing FILE)';

const { values, file } = backupFileArgs({ force: { type: 'boolean', short: 'f' } }, USAGE);
const config = commandConfig();
// Opening an embedded folder with no database would create one: a backup of nothing, by a typo in DATA_DIR.
if (config.database.kind === 'pglite' && !pgliteExists(pgliteDir(config.dataDir))) {
  fail(`There is no embedded database in ${config.dataDir} (set DATA_DIR to the hall's data folder).`);
}

const opened = await openOrFail(
  config,
  'The embedded database takes one process at a time: stop the server, back up, start it.',
);
await runBackupWork(
  opened,
  async () => {
    const summary = await backupDatabase(opened.database, file, { overwrite: values.force === true });
    process.stdout.write(
      `Backed up ${databaseName(config)} to ${summary.file}:\n${describeSummary(summary)}\n`,
    );
  },
  'Backup failed:',
);
