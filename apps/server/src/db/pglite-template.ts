// Making the embedded database template: at build time into dist/pglite-template/ (see cli/build-template.ts),
// and as an in-memory tarball for the tests. docs/decisions/023-pglite-template.md
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from './client.js';
import { migrate } from './migrate.js';
import { BUILD_TEMPLATE_DIR, INITDB_ARGS, templateKey, templateKeyFile } from './template-copy.js';

/**
 * PGlite serves one database ('postgres'): the template databases initdb also makes (template0, template1) are
 * two thirds of the folder, and a first start must copy every byte. Dropping them takes the template from
 * ~29 MB / 977 files to ~14 MB / 377 files. (CREATE DATABASE would need them; PGlite cannot use another
 * database anyway.)
 */
async function slim(pglite: PGlite): Promise<void> {
  await pglite.exec(
    `UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`,
  );
  await pglite.exec('DROP DATABASE template0');
  await pglite.exec('DROP DATABASE template1');
  await pglite.exec('CHECKPOINT');
}

/** Creates an in-memory database, migrates it and returns its data folder as an uncompressed tarball (tests). */
export async function makeTemplateTarball(): Promise<Uint8Array> {
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://', initdbArgs: INITDB_ARGS });
  try {
    await migrate(database);
    await slim(database.pglite!);
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
    await slim(database.pglite!);
  } finally {
    await database.close();
  }
  rmSync(target, { recursive: true, force: true });
  renameSync(tmp, target);
  writeFileSync(templateKeyFile(target), `${templateKey()}\n`);
}
