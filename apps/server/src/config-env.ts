// What the server must know before anything heavy is loaded: where the embedded database lives. Read straight
// from the environment (no zod: loading it costs ~100 ms), so that PGlite starts booting in its worker at once.
// config.ts validates everything right after, with the same defaults.
import path from 'node:path';

export const DEFAULT_DATA_DIR = './data';

/** The embedded database's folder (absolute), or null when DATABASE_URL names a PostgreSQL server. */
export function embeddedDataDir(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | null {
  if (env.DATABASE_URL) return null;
  return path.resolve(cwd, env.DATA_DIR?.trim() || DEFAULT_DATA_DIR);
}
