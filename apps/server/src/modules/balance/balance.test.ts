// The balance manager through the real HTTP stack: the figures, a rebalance and a fresh balanced set of the
// system cartelas, the agents' own cartelas left as they are, and who may do each.
import {
  balanceScore,
  balanceStats,
  type Card,
  CENTRE,
  COLUMN_RANGES,
  cardKey,
  PATTERN_IDS,
  validateCard,
} from '@cartela/core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectAdminsOnly,
  signedIn,
  type TokenRequest,
  tokenCaller,
  tokensOf,
  useTestApp,
} from '../../test/fixtures.js';
import { createAgent } from '../../test/helpers.js';

const t = useTestApp();
const call = tokenCaller(t);
let admin: string;
beforeAll(async () => {
  admin = (await signedIn(t, 'admin')).token;
});

interface CartelaJson {
  id: string;
  cartelaNumber: number;
  bingoCard: Card;
  winningPatterns: string[];
  isActive: boolean;
}
const systemSet = async (): Promise<CartelaJson[]> =>
  (await call('GET', '/api/cartelas', admin)).json().cartelas;
const regenerate = (payload: unknown = { preserveCartelaNumbers: true }) =>
  call('POST', '/api/balance/regenerate', admin, payload);
const rebalance = (payload: unknown) => call('POST', '/api/balance/rebalance', admin, payload);

/** A new agent holding copies of the system cards of `numbers`. */
async function agentWithCopies(numbers: number[]) {
  const a = await createAgent(t.database);
  const res = await call('POST', `/api/cartelas/agent/${a.user.id}/assign`, admin, {
    cartelaNumbers: numbers,
    useBalancedCards: false,
  });
  expect(res.statusCode).toBe(200);
  return a.user.id;
}
const heldBy = async (agentId: string) =>
  (await call('GET', `/api/cartelas/agent/${agentId}`, admin)).json().assignedCartelas as {
    bingoCard: Card;
  }[];

/** On how many cards each number 1-75 is. */
function frequencies(cards: Card[]): number[] {
  const freq = new Array<number>(76).fill(0);
  for (const card of cards) for (const row of card) for (const v of row) if (v > 0) freq[v]! += 1;
  return freq;
}

/** A valid card with the lowest (or highest) numbers of every column: a balance score far from 0.5. */
function extremeCard(high: boolean): Card {
  return Array.from({ length: 5 }, (_, r) =>
    COLUMN_RANGES.map(({ min, max }, c) => {
      if (r === CENTRE && c === CENTRE) return 0;
      return high ? max - r : min + r;
    }),
  );
}

describe('an empty system set (a PostgreSQL install without demo data)', () => {
  it('reads as no cartelas, cannot be rebalanced, and is created by a regenerate', async () => {
    const stats = await call('GET', '/api/balance/stats', admin);
    expect(stats.statusCode).toBe(200);
    expect(stats.json().balanceStats.totalCartelas).toBe(0);
    expect(stats.json().recommendations).toEqual([
      expect.objectContaining({ code: 'NO_CARTELAS', action: 'regenerate' }),
    ]);

    const nothing = await rebalance({ targetBalance: 0.5, tolerance: 0.1 });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toEqual({
      message: 'There are no system cartelas yet: regenerate them first',
      code: 'CONFLICT',
    });

    const res = await regenerate({});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message:
        "Regenerated 300 balanced cartelas, each keeping its winning patterns and active flag. Agents' own cartelas keep their cards.",
      regenerated: 300,
    });
    const set = await systemSet();
    expect(set.map((c) => c.cartelaNumber)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(set.every((c) => c.isActive && c.winningPatterns.join() === PATTERN_IDS.join())).toBe(true);
  });
});

describe('POST /api/balance/regenerate', () => {
  it('leaves 300 valid, distinct cards with every number used as evenly as core promises', async () => {
    expect((await regenerate()).statusCode).toBe(200);
    const cards = (await systemSet()).map((c) => c.bingoCard);
    expect(cards).toHaveLength(300);
    for (const card of cards) expect(validateCard(card)).toEqual({ ok: true });
    expect(new Set(cards.map(cardKey)).size).toBe(300);
    const freq = frequencies(cards);
    for (let n = 1; n <= 75; n++) {
      // B, I, G and O numbers are on exactly 100 cards, N numbers on exactly 80 (4 per card, the centre free).
      expect(freq[n], `number ${n}`).toBe(n >= 31 && n <= 45 ? 80 : 100);
    }
  });

  it("keeps each cartela's id, patterns and active flag, and never touches the agents' own cartelas", async () => {
    await call('PUT', '/api/cartelas/8', admin, { winningPatterns: ['plus'], isActive: false });
    const owner = await agentWithCopies([1, 2, 3]);
    const copies = await heldBy(owner);
    const before = await systemSet();

    const res = await regenerate({ preserveCartelaNumbers: true });
    expect(res.statusCode).toBe(200);
    const after = await systemSet();
    expect(after.map((c) => c.id)).toEqual(before.map((c) => c.id));
    expect(after[7]).toMatchObject({ winningPatterns: ['plus'], isActive: false });
    const unchanged = after.filter((c, i) => cardKey(c.bingoCard) === cardKey(before[i]!.bingoCard));
    expect(unchanged.length).toBeLessThan(3); // a fresh set: any card equal to its old one is chance
    expect(await heldBy(owner)).toEqual(copies);
  });

  it('with preserveCartelaNumbers false, also gives every cartela all patterns and makes it active', async () => {
    await call('PUT', '/api/cartelas/9', admin, { winningPatterns: ['diamond'], isActive: false });
    const res = await regenerate({ preserveCartelaNumbers: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      "Regenerated 300 balanced cartelas, all active with every winning pattern. Agents' own cartelas keep their cards.",
    );
    const set = await systemSet();
    expect(set.every((c) => c.isActive && c.winningPatterns.join() === PATTERN_IDS.join())).toBe(true);
    expect(set).toHaveLength(300);
  });

  it('two regenerations at once leave one whole balanced set', async () => {
    const results = await Promise.all([regenerate(), regenerate()]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const cards = (await systemSet()).map((c) => c.bingoCard);
    expect(new Set(cards.map(cardKey)).size).toBe(300);
    expect(
      frequencies(cards)
        .slice(1)
        .every((f, i) => f === (i >= 30 && i < 45 ? 80 : 100)),
    ).toBe(true);
  });

  it.each([
    [{ preserveCartelaNumbers: 'yes' }, 'preserveCartelaNumbers: Must be true or false'],
    [{ preserveCartelaNumbers: true, count: 300 }, 'count: Unknown field'],
  ])('refuses %j, changing nothing', async (payload, message) => {
    const before = await systemSet();
    const res = await regenerate(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await systemSet()).toEqual(before);
  });
});

describe('GET /api/balance/stats', () => {
  it("gives core's figures of the system set", async () => {
    const set = await systemSet();
    const res = await call('GET', '/api/balance/stats', admin);
    expect(res.statusCode).toBe(200);
    const expected = balanceStats(
      set.map((c) => ({
        cartelaNumber: c.cartelaNumber,
        card: c.bingoCard,
        winningPatterns: c.winningPatterns,
      })),
    );
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(res.json().balanceStats.totalCartelas).toBe(300);
    expect(res.json().recommendations.some((r: { code: string }) => r.code === 'DUPLICATE_CARDS')).toBe(
      false,
    );
  });
});

describe('POST /api/balance/rebalance', () => {
  it("regenerates the cards outside target +/- tolerance, keeping their numbers, and not the agents' copies", async () => {
    await regenerate();
    const low = extremeCard(false);
    const high = extremeCard(true);
    expect((await call('PUT', '/api/cartelas/5/card', admin, { bingoCard: low })).statusCode).toBe(200);
    expect((await call('PUT', '/api/cartelas/6/card', admin, { bingoCard: high })).statusCode).toBe(200);
    const owner = await agentWithCopies([5, 6]);
    const copies = await heldBy(owner);
    const before = await systemSet();
    const outside = before
      .filter((c) => Math.abs(balanceScore(c.bingoCard) - 0.5) > 0.1)
      .map((c) => c.cartelaNumber);
    expect(outside).toEqual(expect.arrayContaining([5, 6]));

    const res = await rebalance({ targetBalance: 0.5, tolerance: 0.1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: `Regenerated ${outside.length} of 300 cartelas for a balance of 0.5 ± 0.1, keeping their numbers. Agents' own cartelas keep their cards.`,
      regenerated: outside.length,
    });
    const after = await systemSet();
    expect(after.map((c) => c.id)).toEqual(before.map((c) => c.id));
    after.forEach((c, i) => {
      expect(validateCard(c.bingoCard)).toEqual({ ok: true });
      expect(Math.abs(balanceScore(c.bingoCard) - 0.5)).toBeLessThanOrEqual(0.1);
      if (!outside.includes(c.cartelaNumber)) expect(c.bingoCard).toEqual(before[i]!.bingoCard);
    });
    expect(new Set(after.map((c) => cardKey(c.bingoCard))).size).toBe(300);
    expect(await heldBy(owner)).toEqual(copies);

    const again = await rebalance({});
    expect(again.json()).toEqual({
      message:
        "No cartela needed a new card for a balance of 0.5 ± 0.1. Agents' own cartelas keep their cards.",
      regenerated: 0,
    });
  });

  it.each([
    [{ targetBalance: 1.5 }, 'targetBalance: Target is 0-1', 'targetBalance'],
    [{ targetBalance: -0.1 }, 'targetBalance: Target is 0-1', 'targetBalance'],
    [{ tolerance: 0.01 }, 'tolerance: Tolerance is 0.05-0.3', 'tolerance'],
    [{ tolerance: 0.5 }, 'tolerance: Tolerance is 0.05-0.3', 'tolerance'],
    [{ targetBalance: '0.5' }, 'targetBalance: Must be a number', 'targetBalance'],
    [{ target: 0.5 }, 'target: Unknown field', undefined],
  ])('refuses %j naming the field, changing nothing', async (payload, message, field) => {
    const before = await systemSet();
    const res = await rebalance(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED', ...(field ? { field } : {}) });
    expect(await systemSet()).toEqual(before);
  });
});

describe('who may use the balance manager', () => {
  it('admin only: an agent and a super agent get 403, no token 401, and nothing changes', async () => {
    const before = await systemSet();
    const requests: TokenRequest[] = [
      ['GET', '/api/balance/stats'],
      ['POST', '/api/balance/rebalance', { targetBalance: 0.2, tolerance: 0.05 }],
      ['POST', '/api/balance/regenerate', { preserveCartelaNumbers: true }],
    ];
    await expectAdminsOnly(t, requests, await tokensOf(t, ['agent', 'super-agent']));
    expect(await systemSet()).toEqual(before);
  });
});
