// The build's ready-made embedded database, and copying it on a first start. Light on purpose (Node's fs and
// crypto only): it runs before anything else at start. Making the template is in pglite-template.ts.
// docs/decisions/023-pglite-template.md
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS_FOLDER, migrationsHash } from './migrate.js';

/** dist/pglite-template/ beside dist/db/ (when running from src/, this path simply does not exist). */
export const BUILD_TEMPLATE_DIR = fileURLToPath(new URL('../pglite-template/', import.meta.url));
export const templateKeyFile = (dir: string) => `${path.resolve(dir)}.key`;

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

/**
 * The build's template folder when it suits this build (these migrations, this PGlite), else null: then PGlite
 * runs initdb. The copy itself is made by the database worker (pglite-worker.ts), off the main thread.
 */
export function usableBuildTemplate(dir = BUILD_TEMPLATE_DIR): string | null {
  const source = path.resolve(dir);
  try {
    if (!existsSync(path.join(source, 'PG_VERSION'))) return null;
    if (readFileSync(templateKeyFile(source), 'utf8').trim() !== templateKey()) return null;
  } catch {
    return null;
  }
  return source;
}
