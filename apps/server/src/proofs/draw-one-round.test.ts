// One round per card (docs/product/draw.md#invariants): a cartela is in at most one unfinished game of its agent
// - its physical card is in one round - so an agent cannot open several rounds over the same cards and keep the
// one it likes. Tried every way a second round could slip in: at once, in a burst, overlapping, by an
// Idempotency-Key, after the first round ended; on both databases (the suite runs on each).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameCall, gameAgent, gamesWorld, newKey } from '../test/games.js';
import { startTestApp, type TestApp } from '../test/helpers.js';

let t: TestApp;
let asAdmin: GameCall;

beforeAll(async () => {
  t = await startTestApp();
  ({ asAdmin } = await gamesWorld(t.app, t.database));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const create = (as: GameCall, cartelaNumbers: number[], headers: Record<string, string> = {}) =>
  as('POST', '/api/games', { stake: 10, cartelaNumbers, selectedPattern: 'full-house' }, headers);

async function runningGamesOf(as: GameCall): Promise<{ id: string; cartelaNumbers: number[] }[]> {
  const res = await as('GET', '/api/games/my-games?limit=100');
  return (res.json().games as { id: string; status: string; cartelaNumbers: number[] }[]).filter(
    (g) => g.status === 'active' || g.status === 'paused',
  );
}

/** No cartela is in two running games of the agent. */
async function expectOneRoundPerCard(as: GameCall) {
  const numbers = (await runningGamesOf(as)).flatMap((g) => g.cartelaNumbers);
  expect(numbers.length, `cartelas in running games: ${numbers.join(', ')}`).toBe(new Set(numbers).size);
}

describe('a cartela is in one round at a time', () => {
  it('two creations over one cartela at once: one 201, one 409 CARTELA_IN_PLAY', async () => {
    const agent = await gameAgent(t.app, t.database, asAdmin, { coins: 10_000 });
    for (let round = 0; round < 5; round++) {
      const n = round + 1;
      const answers = await Promise.all([create(agent.as, [n]), create(agent.as, [n])]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const refused = answers.find((r) => r.statusCode === 409)!.json();
      expect(refused).toMatchObject({ code: 'CONFLICT', reason: 'CARTELA_IN_PLAY', field: 'cartelaNumbers' });
      expect(refused.message).toContain(`Cartela ${n}`);
    }
    await expectOneRoundPerCard(agent.as);
  });

  it('a burst of overlapping creations leaves no cartela in two rounds, and refuses only overlaps', async () => {
    const agent = await gameAgent(t.app, t.database, asAdmin, { coins: 10_000 });
    // Twelve requests over windows of 1-30 that overlap their neighbours.
    const sets = Array.from({ length: 12 }, (_, i) =>
      Array.from({ length: 4 }, (_, k) => ((i * 2 + k) % 30) + 1),
    );
    const answers = await Promise.all(sets.map((numbers) => create(agent.as, numbers)));
    for (const r of answers) expect([201, 409], r.body).toContain(r.statusCode);
    expect(answers.filter((r) => r.statusCode === 201).length).toBeGreaterThan(0);
    await expectOneRoundPerCard(agent.as);
    // Every refused set overlaps a running game (nothing was refused for nothing).
    const inPlay = new Set((await runningGamesOf(agent.as)).flatMap((g) => g.cartelaNumbers));
    answers.forEach((r, i) => {
      if (r.statusCode === 409) expect(sets[i]!.some((n) => inPlay.has(n))).toBe(true);
    });
  });

  it('the same Idempotency-Key twice is one game, not a refusal; another key over the same card is refused', async () => {
    const agent = await gameAgent(t.app, t.database, asAdmin, { coins: 10_000 });
    const key = newKey();
    const [a, b] = await Promise.all([
      create(agent.as, [40, 41], { 'idempotency-key': key }),
      create(agent.as, [40, 41], { 'idempotency-key': key }),
    ]);
    expect([a.statusCode, b.statusCode].every((s) => s === 200 || s === 201)).toBe(true);
    expect(a.json().game.id).toBe(b.json().game.id);
    const other = await create(agent.as, [41], { 'idempotency-key': newKey() });
    expect(other.statusCode).toBe(409);
    expect(other.json().reason).toBe('CARTELA_IN_PLAY');
  });

  it('a card is free again once its round is over (finished, or cancelled before its first call)', async () => {
    const agent = await gameAgent(t.app, t.database, asAdmin, { coins: 10_000 });
    const first = (await create(agent.as, [50])).json().game;
    expect((await create(agent.as, [50])).statusCode).toBe(409);
    await agent.as('POST', `/api/games/${first.id}/call-number`);
    expect((await agent.as('POST', `/api/games/${first.id}/finish`)).statusCode).toBe(200);
    const second = await create(agent.as, [50]);
    expect(second.statusCode).toBe(201);
    expect((await agent.as('POST', `/api/games/${second.json().game.id}/cancel`)).statusCode).toBe(200);
    expect((await create(agent.as, [50])).statusCode).toBe(201);
  });

  it("another agent's cartela of the same number is its own card: both may play it", async () => {
    const one = await gameAgent(t.app, t.database, asAdmin, { coins: 10_000 });
    const two = await gameAgent(t.app, t.database, asAdmin, { coins: 10_000 });
    const answers = await Promise.all([create(one.as, [60]), create(two.as, [60])]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
  });
});
