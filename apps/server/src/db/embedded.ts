// Starting the embedded database, as early and as cheaply as possible: this module loads only Node's own
// modules (PGlite itself is loaded by the worker), so main.ts can set PGlite booting in its worker before zod,
// the HTTP stack and Drizzle are even loaded. docs/decisions/023-pglite-template.md, 027-pglite-in-a-worker.md
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { lockDataDir, pgliteDir } from './data-dir.js';
import { type PgliteClient, PgliteWorkerClient } from './pglite-worker.js';
import { INITDB_ARGS, usableBuildTemplate } from './template-copy.js';

/** Starts PGlite in a worker thread (see pglite-worker.ts); await `waitReady` before using it. */
export function startPgliteWorker(
  dataDir: string,
  options: { loadDataDir?: Uint8Array; initdbArgs?: string[] } = {},
) {
  return PgliteWorkerClient.start(dataDir, { ...options, startParams: PGLITE_START_PARAMS });
}

/** True when `dataDir` already holds a PGlite database (so opening it does not run initdb). */
export function pgliteExists(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

export interface PgliteStartOptions {
  /** A tarball (PGlite dumpDataDir) to start a NEW database from, instead of running initdb. */
  loadDataDir?: Blob;
  /** Extra initdb arguments, when a new database is created. */
  initdbArgs?: string[];
}

/** 16 MB of shared buffers (PostgreSQL's default is 128 MB): plenty for one hall's data, and a quicker start. */
export const PGLITE_START_PARAMS = ['-c', 'shared_buffers=16MB'];

/**
 * Creates a PGlite instance in this thread (it starts booting at once; await `waitReady`). The server runs
 * PGlite in a worker (startPgliteWorker); this one is for tooling such as making the template.
 */
export async function startPglite(dataDir: string, options: PgliteStartOptions = {}): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  return new PGlite(dataDir, {
    startParams: [...PGlite.defaultStartParams, ...PGLITE_START_PARAMS],
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    ...(options.initdbArgs ? { initDbStartParams: options.initdbArgs } : {}),
  });
}

export interface EmbeddedStart {
  /** The folder of the PGlite files (DATA_DIR/pglite). */
  dir: string;
  /** True when this start creates the database. */
  created: boolean;
  /** PGlite in a worker (which copies the build's template first on a first start); await its waitReady. */
  client: PgliteClient;
  /** Releases DATA_DIR (see lockDataDir). */
  release: () => void;
}

/**
 * Takes DATA_DIR for this process and starts PGlite in a worker (which, on a first start, first copies the
 * build's template). Returns at once; the work goes on in the worker.
 */
export function startEmbedded(dataDir: string): EmbeddedStart {
  const release = lockDataDir(dataDir);
  const dir = pgliteDir(dataDir);
  const created = !pgliteExists(dir);
  // A new database starts as a copy of the build's template when there is one (much faster than initdb).
  const template = created ? usableBuildTemplate() : null;
  try {
    const client = startPgliteWorker(dir, {
      initdbArgs: INITDB_ARGS,
      ...(template ? { copyFrom: template } : {}),
    });
    return { dir, created, client, release };
  } catch (err) {
    release();
    throw err;
  }
}
