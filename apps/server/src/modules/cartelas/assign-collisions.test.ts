// Generated cards that happen to equal a card the agent already holds are generated again. Chance makes that
// about 1 in 10^12, so core's generators are scripted here to produce the collision on purpose.
import type { Card } from '@cartela/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createAdmin, createAgent, loginAs, startTestApp, type TestApp } from '../../test/helpers.js';
import { replaceSystemSet } from './queries.js';

/** Cards the next calls of core's generators return before core's own results. */
const scripted = vi.hoisted(() => {
  // The server tests share their worker's modules (vitest.config.ts: isolate false): an earlier file may have
  // loaded the server with core's own generators. Load it afresh, so that it sees the mock below.
  vi.resetModules();
  return { balancedSets: [] as Card[][], cartelas: [] as Card[] };
});

vi.mock('@cartela/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@cartela/core')>();
  return {
    ...core,
    generateBalancedSet: (...args: Parameters<typeof core.generateBalancedSet>) =>
      scripted.balancedSets.shift() ?? core.generateBalancedSet(...args),
    generateCartela: (...args: Parameters<typeof core.generateCartela>) =>
      scripted.cartelas.shift() ?? core.generateCartela(...args),
  };
});
const { generateBalancedSet } = await vi.importActual<typeof import('@cartela/core')>('@cartela/core');

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  await t.database.db.transaction((tx) =>
    replaceSystemSet(tx, generateBalancedSet(300), { resetSettings: true }),
  );
  admin = await loginAs(t.app, await createAdmin(t.database));
});
afterAll(async () => {
  await t?.close();
  // The next file of this worker loads the server with core's own generators again.
  vi.doUnmock('@cartela/core');
  vi.resetModules();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
const cardsOf = async (agentId: string): Promise<Card[]> =>
  (await call('GET', `/api/cartelas/agent/${agentId}`))
    .json()
    .assignedCartelas.map((c: { bingoCard: Card }) => c.bingoCard);

describe('a generated card equal to one the agent holds', () => {
  it('is generated again when cartelas are assigned', async () => {
    const { user } = await createAgent(t.database);
    const [x, y, z] = generateBalancedSet(3) as [Card, Card, Card];
    scripted.balancedSets.push([x]);
    expect(
      (await call('POST', `/api/cartelas/agent/${user.id}/assign`, { cartelaNumbers: [1] })).statusCode,
    ).toBe(200);
    // The balanced set for cartelas 2 and 3 repeats cartela 1's card, and so does the first redraw.
    scripted.balancedSets.push([x, y]);
    scripted.cartelas.push(x, z);
    const res = await call('POST', `/api/cartelas/agent/${user.id}/assign`, { cartelaNumbers: [2, 3] });
    expect(res.statusCode).toBe(200);
    expect(await cardsOf(user.id)).toEqual([x, z, y]);
    expect(scripted.cartelas).toEqual([]);
  });

  it('is generated again for a new arrangement, which also differs from the current card', async () => {
    const { user } = await createAgent(t.database);
    const [v, w, x] = generateBalancedSet(3) as [Card, Card, Card];
    scripted.balancedSets.push([x, w]);
    await call('POST', `/api/cartelas/agent/${user.id}/assign`, { cartelaNumbers: [1, 2] });
    // Cartela 2's card, then cartela 1's own card, then a new one.
    scripted.cartelas.push(w, x, v);
    const res = await call('POST', `/api/cartelas/agent/${user.id}/cartela/1/generate`);
    expect(res.statusCode).toBe(200);
    expect(res.json().cartelaAssignment.bingoCard).toEqual(v);
    expect(await cardsOf(user.id)).toEqual([v, w]);
  });
});
