// One user cannot stall the hall with exports (decision 057): a user's third export at once is refused with 429
// before it reads anything, another user is not held back by it, and an export's slot comes back when its answer
// is over: downloaded, or the client gone in the middle. The exports are held in the middle by locking the games
// table (on the embedded database the transaction holds its one connection anyway).
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signedIn, useTestApp } from '../../test/fixtures.js';
import { bearer, insertGameRow } from '../../test/helpers.js';
import { EXPORTS_IN_ALL, EXPORTS_PER_USER } from './service.js';
import { ExportSlots, Turns } from './slots.js';

const EXPORT = '/api/reports/games/export';
const t = useTestApp();
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  const [a, b] = await Promise.all([signedIn(t, 'agent'), signedIn(t, 'agent')]);
  for (let i = 0; i < 3; i++) {
    await insertGameRow(t.database, { agentId: a.user.id, createdAt: `2025-05-0${i + 1}T08:00:00.000Z` });
  }
  await insertGameRow(t.database, { agentId: b.user.id, createdAt: '2025-05-01T09:00:00.000Z' });
  [tokenA, tokenB] = [a.token, b.token];
  // Each session is checked once (and cached) before the games are held: no request below waits for that.
  for (const token of [tokenA, tokenB]) {
    const res = await t.app.inject({ method: 'GET', url: '/api/reports/games', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
  }
});

const exportAs = (token: string) => t.app.inject({ method: 'GET', url: EXPORT, headers: bearer(token) });

/** Locks the games table until the answer is called: every export's first batch waits for it. */
async function holdGames(): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const done = t.database.db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE games IN ACCESS EXCLUSIVE MODE`);
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await done;
  };
}

/** The first of these answers to arrive and which one it was; an error when none comes within 5 s. */
const firstOf = (answers: Promise<LightMyRequestResponse>[]) =>
  Promise.race([
    ...answers.map((answer, index) => answer.then((res) => ({ index, res }))),
    new Promise<never>((_, reject) => {
      setTimeout(() => reject(new Error('no export was answered while the games were held')), 5000).unref();
    }),
  ]);

const expectCsv = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
};

/** Two exports of A at once, nothing held: both served only when A has both its slots. */
const bothServed = async () => {
  const answers = await Promise.all([exportAs(tokenA), exportAs(tokenA)]);
  expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
};

describe('exports at once', () => {
  it('refuses a user its third export at once with 429, before reading anything; others are served', async () => {
    expect(EXPORTS_PER_USER).toBe(2);
    const release = await holdGames();
    let answers: Promise<LightMyRequestResponse>[] = [];
    try {
      answers = [exportAs(tokenA), exportAs(tokenA), exportAs(tokenA)];
      // The two served wait for the games; the third is answered while they are held.
      const { index, res } = await firstOf(answers);
      expect(res.statusCode).toBe(429);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        message: 'You already have 2 exports running: wait until one has downloaded, then try again',
        code: 'RATE_LIMITED',
        reason: 'EXPORTS_PER_USER',
      });
      answers.splice(index, 1);
      // Another agent's export is not refused for A's.
      answers.push(exportAs(tokenB));
    } finally {
      await release();
    }
    for (const res of await Promise.all(answers)) expectCsv(res);
    // Downloaded: A has both its slots again.
    await vi.waitFor(bothServed, { timeout: 3000, interval: 50 });
  });

  it('gives a slot back when the client goes away in the middle of an export', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = new AbortController();
    const taken = vi.spyOn(ExportSlots.prototype, 'take');
    const release = await holdGames();
    try {
      const gone = [0, 1].map(() =>
        fetch(`${address}${EXPORT}`, { headers: bearer(tokenA), signal: client.signal }).catch((err) => err),
      );
      // Both exports took their slot and wait for their first batch: A's next one is refused.
      await vi.waitFor(() => expect(taken).toHaveReturnedTimes(2), { timeout: 3000, interval: 10 });
      expect((await exportAs(tokenA)).statusCode).toBe(429);
      client.abort(); // both clients go away while their first batch waits
      await Promise.all(gone);
    } finally {
      taken.mockRestore();
      await release();
    }
    await vi.waitFor(bothServed, { timeout: 3000, interval: 50 });
  });
});

describe('ExportSlots and Turns', () => {
  it('counts per user and in all, and a release counts once', () => {
    const slots = new ExportSlots(2, 3);
    const a1 = slots.take('a');
    const a2 = slots.take('a');
    expect(() => slots.take('a')).toThrow(/2 exports running/);
    const b1 = slots.take('b');
    expect(slots.running).toBe(3);
    expect(() => slots.take('c')).toThrow(expect.objectContaining({ status: 429, reason: 'EXPORTS_BUSY' }));
    a1();
    a1(); // twice: still one slot
    expect(slots.running).toBe(2);
    const c1 = slots.take('c');
    expect(() => slots.take('a')).toThrow(/busy with other exports/);
    for (const release of [a2, b1, c1]) release();
    expect(slots.running).toBe(0);
    expect(EXPORTS_IN_ALL).toBeGreaterThanOrEqual(EXPORTS_PER_USER);
  });

  it('runs tasks one at a time, in the order they asked', async () => {
    const turns = new Turns();
    const log: string[] = [];
    const task = (name: string, ms: number) =>
      turns.run(async () => {
        log.push(`${name} starts`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        log.push(`${name} ends`);
        if (name === 'b') throw new Error('b failed');
        return name;
      });
    const results = await Promise.allSettled([task('a', 20), task('b', 5), task('c', 1)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
  });
});
