// A ready-made embedded database. PGlite's initdb takes 4-6 s here, over the whole first-start budget (5 s),
// and unpacking a tarball through PGlite's emulated file system takes 1.5-3 s. So the build runs initdb and the
// migrations once into dist/pglite-template/, and a first start copies that folder with Node's own file
// functions (a few hundred ms). Without a matching template (running from source, other migrations, another
// PGlite version) the server simply runs initdb. docs/decisions/023-pglite-template.md
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { cp, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './client.js';
import { MIGRATIONS_FOLDER, migrate, migrationsHash } from './migrate.js';

/** dist/pglite-template/ beside dist/db/ (when running from src/, this path simply does not exist). */
export const BUILD_TEMPLATE_DIR = fileURLToPath(new URL('../pglite-template/', import.meta.url));
const keyFile = (dir: string) => `${path.resolve(dir)}.key`;

/** 1 MB WAL segments instead of 16 MB: a smaller template to copy, plenty for a hall. */
export const INITDB_ARGS = ['--wal-segsize=1'];

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  // The package's exports hide package.json: walk up from its entry point.
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  for (let i = 0; i < 4; i++) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    }
    dir = path.dirname(dir);
  }
  return 'unknown';
}

/** Identifies what a template holds: the PGlite version that wrote it and the migrations applied to it. */
export function templateKey(folder = MIGRATIONS_FOLDER): string {
  return `pglite-${pgliteVersion()}-migrations-${migrationsHash(folder)}`;
}

/** Creates an in-memory database, migrates it and returns its data folder as an uncompressed tarball (tests). */
export async function makeTemplateTarball(): Promise<Uint8Array> {
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://', initdbArgs: INITDB_ARGS });
  try {
    await migrate(database);
    const blob = await database.pglite!.dumpDataDir('none');
    return new Uint8Array(await blob.arrayBuffer());
  } finally {
    await database.close();
  }
}

/** Makes the build's template folder (initdb + migrations) and its key file. */
export async function writeBuildTemplate(dir = BUILD_TEMPLATE_DIR): Promise<void> {
  const target = path.resolve(dir);
  const tmp = `${target}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  const database = await openDatabase({ kind: 'pglite', dataDir: tmp, initdbArgs: INITDB_ARGS });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  rmSync(target, { recursive: true, force: true });
  renameSync(tmp, target);
  writeFileSync(keyFile(target), `${templateKey()}\n`);
}

/**
 * Copies the build's template to `dataDir` (which must not exist yet). Returns false when there is no
 * template for these migrations and this PGlite; the caller then lets PGlite run initdb.
 */
export async function copyBuildTemplate(dataDir: string, dir = BUILD_TEMPLATE_DIR): Promise<boolean> {
  const source = path.resolve(dir);
  try {
    if (!existsSync(path.join(source, 'PG_VERSION'))) return false;
    if (readFileSync(keyFile(source), 'utf8').trim() !== templateKey()) return false;
  } catch {
    return false;
  }
  // Copy beside the target, then rename: a crash half-way never leaves a half database behind. The copy runs
  // on libuv's threads, so the caller can load modules or hash passwords meanwhile.
  const tmp = `${path.resolve(dataDir)}.tmp-${process.pid}`;
  await rm(tmp, { recursive: true, force: true });
  await cp(source, tmp, { recursive: true });
  await rename(tmp, dataDir);
  return true;
}
