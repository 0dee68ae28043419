import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface FreshServer {
  baseURL: string;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/**
 * The built server on a new, empty data folder: its demo accounts still have their published passwords,
 * whatever the run's shared server has been through. For the few tests that need a first start.
 */
export async function startFreshServer(): Promise<FreshServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cartela-e2e-fresh-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: 'e2e-fresh-secret-0123456789abcdef0123456789abcdef',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the fresh server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('the fresh server did not start in 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseURL,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
