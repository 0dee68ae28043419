// The embedded database's folder (DATA_DIR): PGlite's files in DATA_DIR/pglite, the JWT secret beside them, and
// a lock file, because two processes opening the same PGlite folder would corrupt it.
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirLockedError extends Error {}

/**
 * Takes DATA_DIR for this process (DATA_DIR/cartela.lock holds our pid). Throws DataDirLockedError when a live
 * process holds it; a lock left by a dead process is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  // Only this account may read the hall's database and secret.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'cartela.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another Cartela process (pid ${pid}). Stop it first, or set DATA_DIR.`,
        );
      }
      unlinkSync(file); // stale: its process is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}`);
}
