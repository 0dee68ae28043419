// Opening and preparing the database the configuration names; shared by the server (main.ts) and the CLI.
import type { Config } from '../config.js';
import { type Database, openDatabase, pgliteExists } from './client.js';
import { lockDataDir, pgliteDir } from './data-dir.js';
import { migrate } from './migrate.js';
import { copyBuildTemplate, INITDB_ARGS } from './pglite-template.js';
import { ensureAdmin, seedDemoData } from './seed.js';

export interface OpenedDatabase {
  database: Database;
  /** True when this start created the embedded database. */
  created: boolean;
  /** Closes the database and releases the data folder. */
  close(): Promise<void>;
}

export async function openConfiguredDatabase(
  config: Config,
  onError: (err: Error) => void = () => {},
): Promise<OpenedDatabase> {
  if (config.database.kind === 'postgres') {
    const database = await openDatabase({
      kind: 'postgres',
      url: config.database.url,
      poolMax: config.database.poolMax,
      onError,
    });
    return { database, created: false, close: () => database.close() };
  }
  const release = lockDataDir(config.dataDir);
  try {
    const dir = pgliteDir(config.dataDir);
    const created = !pgliteExists(dir);
    // A new database starts as a copy of the build's template when there is one (much faster than initdb).
    if (created) await copyBuildTemplate(dir);
    const database = await openDatabase({ kind: 'pglite', dataDir: dir, initdbArgs: INITDB_ARGS });
    return {
      database,
      created,
      close: async () => {
        try {
          await database.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

export interface PrepareOptions {
  /** The demo accounts' password hashes, if the caller started making them early (they take a while). */
  demoHashes?: Promise<string[]>;
}

export interface PrepareResult {
  demoCreated: boolean;
  admin: 'created' | 'exists' | null;
}

/** Migrations, then demo data and the first admin as configured; under the cluster-wide startup lock. */
export function prepareDatabase(
  database: Database,
  config: Config,
  options: PrepareOptions = {},
): Promise<PrepareResult> {
  return database.withStartupLock(async () => {
    await migrate(database);
    const demoCreated = config.demoData ? await seedDemoData(database, options.demoHashes) : false;
    const admin = config.admin ? await ensureAdmin(database, config.admin) : null;
    return { demoCreated, admin };
  });
}
