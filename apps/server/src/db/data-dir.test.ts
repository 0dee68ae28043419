import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir.js';

const dirs: string[] = [];
const freshDir = () => {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'cartela-lock-')), 'data');
  dirs.push(path.dirname(dir));
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the data folder lock', () => {
  it('creates the folder for this account only and records our pid until released', () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readFileSync(path.join(dir, 'cartela.lock'), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, 'cartela.lock'))).toBe(false);
  });

  it('refuses a folder another live process holds', async () => {
    const dir = freshDir();
    lockDataDir(dir)();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      writeFileSync(path.join(dir, 'cartela.lock'), `${other.pid}\n`);
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(`in use by another Cartela process (pid ${other.pid})`);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = freshDir();
    lockDataDir(dir)();
    writeFileSync(path.join(dir, 'cartela.lock'), '2147483646\n');
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'cartela.lock'), 'utf8').trim()).toBe(String(process.pid));
    release();
  });
});
