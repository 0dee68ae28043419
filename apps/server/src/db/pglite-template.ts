// Making the embedded database template: at build time into dist/pglite-template/ (see cli/build-template.ts),
// and as an in-memory tarball for the tests. docs/decisions/023-pglite-template.md
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from './client.js';
import { migrate } from './migrate.js';
import { BUILD_TEMPLATE_DIR, INITDB_ARGS, templateKey, templateKeyFile } from './template-copy.js';

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
  writeFileSync(templateKeyFile(target), `${templateKey()}\n`);
}
