import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface FreshServer {
  baseURL: string;
  stop(): Promise<void>;
}

export interface FreshServerOptions {
  /**
   * More environment for the server, over the defaults (e.g. DATABASE_URL for a PostgreSQL database of its
   * own, DEMO_DATA, LOGIN_RATE_LIMIT_MAX). A value of undefined removes a variable the run's environment has.
   */
  env?: Record<string, string | undefined>;
  /** How long it may take to answer /api/health (30 s by default). */
  startTimeoutMs?: number;
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
 * whatever the other servers of the run have been through. Each worker's server (support/test.ts), and the few
 * tests that need a first start of their own.
 */
export async function startFreshServer(options: FreshServerOptions = {}): Promise<FreshServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cartela-e2e-fresh-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: 'e2e-fresh-secret-0123456789abcdef0123456789abcdef',
    LOG_LEVEL: 'warn',
  };
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // A worker that ends without its teardown (killed after a timeout) must not leave its server running.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  // The end of what it said on stderr, for the error when it does not start.
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const said = () => (stderr.trim() ? `:\n${stderr.trim()}` : '');
  const baseURL = `http://127.0.0.1:${port}`;
  const timeoutMs = options.startTimeoutMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the fresh server exited with ${child.exitCode}${said()}`);
    }
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) {
        // The demo's month of history (decision 076) is made after the server listens, and API requests wait for
        // it: the first answer of an API route (401 without a session) says the hall is ready.
        await fetch(`${baseURL}/api/auth/me`, {
          signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
        });
        break;
      }
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the fresh server did not start in ${timeoutMs / 1000} s${said()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseURL,
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
