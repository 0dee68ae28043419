// What the operator's commands share (backup, restore, admin-create): the backup file named on the command line,
// the server's own settings for which database, opening it (the embedded one has one user at a time), and a
// failure said in one line with exit code 1, with no more of an error than the server's log keeps (errorLine:
// never a value a failed query carried).
import './guard.js';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { BackupError } from '../db/backup.js';
import { DataDirLockedError } from '../db/data-dir.js';
import { type OpenedDatabase, openConfiguredDatabase } from '../db/open.js';
import { errorLine } from '../plugins/errors.js';

type Fail = (message: string) => never;

/** One line on standard error, exit code 1: what a script running this (cron) logs. */
export function fail(message: string): never {
  process.stderr.write(`${message.replace(/\s*\n\s*/g, ' ').trim()}\n`);
  process.exit(1);
}

/**
 * The command's boolean options (and --help, which prints the usage) and the one backup file it names, relative
 * to the folder the operator typed the command in.
 */
export function backupFileArgs<Name extends string>(
  options: Record<Name, { type: 'boolean'; short?: string }>,
  usage: string,
): { values: Partial<Record<Name, boolean>>; file: string } {
  let args: { values: Partial<Record<Name | 'help', boolean>>; positionals: string[] };
  try {
    args = parseArgs({
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    }) as typeof args;
  } catch (err) {
    fail(`${(err as Error).message} ${usage}`);
  }
  if (args.values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  if (args.positionals.length !== 1) fail(`Name one backup file. ${usage}`);
  // npm runs scripts from the repository's root: a relative name means the folder the operator typed it in.
  return {
    values: args.values,
    file: path.resolve(process.env.INIT_CWD ?? process.cwd(), args.positionals[0]!),
  };
}

/**
 * The server's own settings, which decide the database; ADMIN_* and DEMO_DATA concern the server's start, not a
 * command, and no command signs a session token.
 */
export function commandConfig(failWith: Fail = fail): Config {
  try {
    return loadConfig(
      { ...process.env, ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined, DEMO_DATA: '0' },
      process.cwd(),
      { needsSessions: false },
    );
  } catch (err) {
    if (err instanceof ConfigError) failWith(err.message);
    throw err;
  }
}

/** Opens the configured database; an embedded one in use fails with its lock's message, then `whenLocked`. */
export async function openOrFail(
  config: Config,
  whenLocked: string,
  failWith: Fail = fail,
): Promise<OpenedDatabase> {
  try {
    return await openConfiguredDatabase(config);
  } catch (err) {
    if (err instanceof DataDirLockedError)
      failWith(whenLocked ? `${err.message} ${whenLocked}` : err.message);
    failWith(`Could not open the database: ${errorLine(err)}`);
  }
}

/** Where the configured database is, in the operator's words. */
export const databaseName = (config: Config) =>
  config.database.kind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL';

/**
 * Runs a backup or a restore on the open database, then closes it; a failure closes it too and fails with the
 * BackupError's own message, or `failed` and the error as the server's log would keep it (a failed insert of a
 * restore once printed the rows it carried, password hashes included).
 */
export async function runBackupWork(opened: OpenedDatabase, work: () => Promise<void>, failed: string) {
  try {
    await work();
  } catch (err) {
    await opened.close().catch(() => {});
    if (err instanceof BackupError) fail(err.message);
    fail(`${failed} ${errorLine(err)}`);
  }
  await opened.close();
}
