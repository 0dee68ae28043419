// The real process, as `npm start` runs it (from source here, through tsx): it starts on a new data folder with
// the demo accounts, stops cleanly on SIGTERM (exit 0, lock released), starts again on the same folder without
// recreating anything, and refuses a bad setting with a message naming it.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverRoot = path.resolve(import.meta.dirname, '..');
const onPglite = process.env.TEST_DB !== 'postgres';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  const { DATABASE_URL: _omit, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...inherited, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exit };
}

async function waitHealthy(port: number, started: Started): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`exited early:\n${started.output()}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`not healthy in time:\n${started.output()}`);
}

describe.skipIf(!onPglite)('the server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cartela-main-test-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts on a new data folder, prints the demo accounts, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const s = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitHealthy(port, s);
    // The banner is written just after listen.
    await expect.poll(() => s.output(), { timeout: 5_000 }).toContain('agent1 / agent123');
    expect(s.output()).toContain('admin / admin123');
    expect(s.output()).toContain('super1 / super123');
    expect(s.output()).toContain(
      'WARNING: admin, agent1, agent2, super1 still have the published demo password',
    );
    expect(s.output()).toContain('30 days of history (being made now');

    // An API request waits until the demo's month is made (decision 076): its answer comes after the start said so.
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'agent1', password: 'agent123' }),
    });
    expect(login.status).toBe(200);
    expect(s.output()).toMatch(
      /Demo history made in [\d.]+ s: \d+ games, \d+ coin purchases, 29 commission payments/,
    );
    // agent1 chooses its own password: the next start no longer names it.
    const changed = await fetch(`http://127.0.0.1:${port}/api/auth/profile`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${((await login.json()) as { token: string }).token}`,
      },
      body: JSON.stringify({ currentPassword: 'agent123', newPassword: 'agent1-own-password' }),
    });
    expect(changed.status).toBe(200);

    s.child.kill('SIGTERM');
    expect(await s.exit).toBe(0);
    // The demo's month is made in this test: 5-15 s on a quiet machine, a minute at a load of 15.
  }, 150_000);

  it('starts again on the same folder (lock released) without recreating the demo data', async () => {
    const port = await freePort();
    const s = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitHealthy(port, s);
    await expect.poll(() => s.output(), { timeout: 5_000 }).toContain('Cartela is running');
    expect(s.output()).not.toContain('Demo data created');
    // Said again at every start while a published password is unchanged.
    expect(s.output()).toContain('WARNING: admin, agent2, super1 still have the published demo password');
    const me = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    expect(me.status).toBe(200);
    s.child.kill('SIGTERM');
    expect(await s.exit).toBe(0);
  }, 90_000);

  it('refuses a bad setting with a message naming it, and exit code 1', async () => {
    const s = start({ PORT: 'not-a-port', DATA_DIR: path.join(dataDir, 'never') });
    expect(await s.exit).toBe(1);
    expect(s.output()).toMatch(/PORT/);
    expect(s.output()).toContain('Cartela cannot start');
  }, 60_000);
});
