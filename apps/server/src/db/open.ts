// Opening and preparing the database the configuration names; shared by the server (main.ts) and the CLI.
import type { Config } from '../config.js';
import { applyBusinessTimeZone } from '../modules/stats/index.js';
import { type Database, openDatabase } from './client.js';
import { type EmbeddedStart, startEmbedded } from './embedded.js';
import { migrate } from './migrate.js';
import {
  accountsWithPublishedPasswords,
  type DemoHistoryOptions,
  ensureAdmin,
  seedDemoData,
} from './seed.js';

export interface OpenedDatabase {
  database: Database;
  /** True when this start created the embedded database. */
  created: boolean;
  /** Closes the database and releases the data folder. */
  close(): Promise<void>;
}

/**
 * Opens the configured database. For the embedded one, `embedded` is what startEmbedded returned if the caller
 * started it early (main.ts does, to overlap PGlite's boot with loading the rest of the server).
 */
export async function openConfiguredDatabase(
  config: Config,
  options: { onError?: (err: Error) => void; embedded?: EmbeddedStart } = {},
): Promise<OpenedDatabase> {
  const onError = options.onError ?? (() => {});
  if (config.database.kind === 'postgres') {
    const database = await openDatabase({
      kind: 'postgres',
      url: config.database.url,
      poolMax: config.database.poolMax,
      onError,
    });
    return { database, created: false, close: () => database.close() };
  }
  const { dir, created, client, release } = options.embedded ?? startEmbedded(config.dataDir);
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: dir, client });
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
    await client.close().catch(() => {});
    release();
    throw err;
  }
}

export interface PrepareOptions {
  /** The demo accounts' password hashes, if the caller started making them early (they take a while). */
  demoHashes?: Promise<string[]>;
}

export interface PrepareResult {
  /** 'applied' when this start migrated the database (with several instances, only the first one does). */
  migrations: 'applied' | 'up-to-date';
  demoCreated: boolean;
  /** The demo's month to make next (makeDemoHistory), when this start created the demo data with it. */
  demoHistory: DemoHistoryOptions | null;
  admin: 'created' | 'exists' | null;
  /** Usernames that still have a published (demo) password: warned about at every start. */
  publishedPasswords: string[];
  /** 'changed' when BUSINESS_TIMEZONE differed from the database's: the business days were recomputed. */
  timeZone: 'unchanged' | 'changed';
}

/** Migrations, then demo data and the first admin as configured; under the cluster-wide startup lock. */
export function prepareDatabase(
  database: Database,
  config: Config,
  options: PrepareOptions = {},
): Promise<PrepareResult> {
  return database.withStartupLock(async () => {
    const migrations = await migrate(database);
    const timeZone = await applyBusinessTimeZone(database, config.businessTimeZone);
    const history = config.demoHistory ? { timeZone: config.businessTimeZone, now: new Date() } : undefined;
    const demoCreated = config.demoData ? await seedDemoData(database, options.demoHashes, history) : false;
    const demoHistory = demoCreated && history ? history : null;
    const admin = config.admin ? await ensureAdmin(database, config.admin) : null;
    const publishedPasswords = await accountsWithPublishedPasswords(database);
    return { migrations, demoCreated, demoHistory, admin, publishedPasswords, timeZone };
  });
}
