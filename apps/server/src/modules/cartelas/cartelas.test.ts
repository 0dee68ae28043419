// The system set through the real HTTP stack: listing, reading, patterns, cards, the active flag, generated
// cards, and who may do each.
import {
  balanceScore,
  type Card,
  cardKey,
  generateBalancedSet,
  PATTERN_IDS,
  validateCard,
} from '@cartela/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAdminsOnly, signedIn, tokenCaller, tokensOf, useTestApp } from '../../test/fixtures.js';
import { replaceSystemSet } from './queries.js';

const t = useTestApp();
const call = tokenCaller(t);
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
let admin: string;

// The set lacks cartela 300: the not-found cases use it.
const MISSING = 300;

beforeAll(async () => {
  await t.database.db.transaction((tx) =>
    replaceSystemSet(tx, generateBalancedSet(MISSING - 1), { resetSettings: true }),
  );
  admin = (await signedIn(t, 'admin')).token;
});

const systemSet = async () => (await call('GET', '/api/cartelas', admin)).json().cartelas as CartelaJson[];
const cartela = async (n: number) =>
  (await call('GET', `/api/cartelas/${n}`, admin)).json().cartela as CartelaJson;

interface CartelaJson {
  id: string;
  cartelaNumber: number;
  bingoCard: Card;
  winningPatterns: string[];
  isActive: boolean;
  balanceScore: number;
}

/** A valid card no balanced set will hold (B 1-5, I 16-20, ...): every number the lowest of its column. */
const LOWEST: Card = [
  [1, 16, 31, 46, 61],
  [2, 17, 32, 47, 62],
  [3, 18, 0, 48, 63],
  [4, 19, 33, 49, 64],
  [5, 20, 34, 50, 65],
];
const withCell = (card: Card, row: number, col: number, value: number): Card =>
  card.map((r, i) => (i === row ? r.map((v, j) => (j === col ? value : v)) : [...r]));

describe('GET /api/cartelas', () => {
  it('lists the system set in number order, each card with its balance score from core', async () => {
    const res = await call('GET', '/api/cartelas', admin);
    expect(res.statusCode).toBe(200);
    const list: CartelaJson[] = res.json().cartelas;
    expect(list.map((c) => c.cartelaNumber)).toEqual(Array.from({ length: MISSING - 1 }, (_, i) => i + 1));
    for (const c of list) {
      expect(validateCard(c.bingoCard)).toEqual({ ok: true });
      expect(c.balanceScore).toBe(balanceScore(c.bingoCard));
    }
    expect(list[0]).toMatchObject({ _id: list[0]!.id, isActive: true, winningPatterns: [...PATTERN_IDS] });
    expect(new Set(list.map((c) => cardKey(c.bingoCard))).size).toBe(list.length);
  });
});

describe('GET /api/cartelas/:id', () => {
  it('reads one cartela by its number', async () => {
    const res = await call('GET', '/api/cartelas/57', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().cartela).toMatchObject({ cartelaNumber: 57, isActive: true });
    expect((await call('GET', '/api/cartelas/057', admin)).json().cartela.cartelaNumber).toBe(57);
  });

  it('answers 404 for a number the set lacks and 400 for a number outside 1-300', async () => {
    const missing = await call('GET', `/api/cartelas/${MISSING}`, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Cartela 300 not found', code: 'NOT_FOUND' });
    for (const bad of ['0', '301', 'abc', '1.5', '-1']) {
      const res = await call('GET', `/api/cartelas/${bad}`, admin);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await call('GET', '/api/cartelas/301', admin)).json().message).toBe(
      'id: Cartela numbers are 1-300',
    );
  });
});

describe('PUT /api/cartelas/:id/patterns', () => {
  it('sets the winning patterns (each once)', async () => {
    const res = await call('PUT', '/api/cartelas/12/patterns', admin, {
      winningPatterns: ['full-house', 'four-corners', 'full-house'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().cartela.winningPatterns).toEqual(['full-house', 'four-corners']);
    expect((await cartela(12)).winningPatterns).toEqual(['full-house', 'four-corners']);
    const none = await call('PUT', '/api/cartelas/12/patterns', admin, { winningPatterns: [] });
    expect(none.json().cartela.winningPatterns).toEqual([]);
  });

  it('refuses an unknown pattern naming it, and changes nothing', async () => {
    const before = await cartela(13);
    const res = await call('PUT', '/api/cartelas/13/patterns', admin, {
      winningPatterns: ['full-house', 'zigzag'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'winningPatterns.1' });
    expect(await cartela(13)).toEqual(before);
    expect(
      (await call('PUT', `/api/cartelas/${MISSING}/patterns`, admin, { winningPatterns: [] })).statusCode,
    ).toBe(404);
  });
});

describe('PUT /api/cartelas/bulk-update-patterns', () => {
  it('sets the patterns of many cartelas at once', async () => {
    const updates = Array.from({ length: 250 }, (_, i) => ({
      cartelaNumber: i + 1,
      winningPatterns: i % 2 ? ['plus'] : ['x-pattern', 'diamond'],
    }));
    const res = await call('PUT', '/api/cartelas/bulk-update-patterns', admin, { updates });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Winning patterns updated for 250 cartelas' });
    const list = await systemSet();
    expect(list[0]!.winningPatterns).toEqual(['x-pattern', 'diamond']);
    expect(list[249]!.winningPatterns).toEqual(['plus']);
    expect(list[250]!.winningPatterns).toEqual([...PATTERN_IDS]);
  });

  it('refuses a cartela listed twice, a number outside 1-300 and an empty list, changing nothing', async () => {
    const before = await systemSet();
    const cases: [unknown, string, string | undefined][] = [
      [
        {
          updates: [
            { cartelaNumber: 5, winningPatterns: ['plus'] },
            { cartelaNumber: 5, winningPatterns: ['diamond'] },
          ],
        },
        'updates: A cartela is listed twice',
        'updates',
      ],
      [
        { updates: [{ cartelaNumber: 301, winningPatterns: ['plus'] }] },
        'updates.0.cartelaNumber: Cartela numbers are 1-300',
        'updates.0.cartelaNumber',
      ],
      [{ updates: [] }, 'updates: Nothing to update', 'updates'],
      [
        { updates: [{ cartelaNumber: 5 }] },
        'updates.0.winningPatterns: Winning patterns is required',
        'updates.0.winningPatterns',
      ],
    ];
    for (const [payload, message, field] of cases) {
      const res = await call('PUT', '/api/cartelas/bulk-update-patterns', admin, payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED', ...(field ? { field } : {}) });
    }
    expect(await systemSet()).toEqual(before);
  });

  it('updates none when one cartela does not exist', async () => {
    const before = await systemSet();
    const res = await call('PUT', '/api/cartelas/bulk-update-patterns', admin, {
      updates: [
        { cartelaNumber: 7, winningPatterns: ['plus'] },
        { cartelaNumber: MISSING, winningPatterns: ['plus'] },
      ],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Cartela 300 not found', code: 'NOT_FOUND', field: 'updates' });
    expect(await systemSet()).toEqual(before);
  });
});

describe('PUT /api/cartelas/:id/card', () => {
  it('replaces the card as it is (a printed card need not be sorted)', async () => {
    const printed = withCell(withCell(LOWEST, 0, 0, 5), 4, 0, 1);
    const res = await call('PUT', '/api/cartelas/20/card', admin, { bingoCard: printed });
    expect(res.statusCode).toBe(200);
    expect(res.json().cartela).toMatchObject({ cartelaNumber: 20, bingoCard: printed });
    expect(res.json().cartela.balanceScore).toBe(balanceScore(printed));
    expect((await cartela(20)).bingoCard).toEqual(printed);
  });

  it.each([
    [withCell(LOWEST, 1, 0, 99), 'bingoCard.1.0: B column, row 2: 99 is outside B 1-15', 'bingoCard.1.0'],
    [
      withCell(LOWEST, 2, 2, 40),
      'bingoCard.2.2: The centre cell is the free space and must be 0',
      'bingoCard.2.2',
    ],
    [withCell(LOWEST, 3, 4, 61), 'bingoCard.3.4: O column, row 4: 61 is already in row 1', 'bingoCard.3.4'],
    [withCell(LOWEST, 4, 1, 0), 'bingoCard.4.1: I column, row 5 is empty', 'bingoCard.4.1'],
    [LOWEST.slice(0, 4), 'bingoCard: A card has 5 rows of 5 numbers', 'bingoCard'],
    [[...LOWEST.slice(0, 4), [5, 20, 34, 50]], 'bingoCard.4: A row has 5 numbers', 'bingoCard.4'],
    [withCell(LOWEST, 0, 1, 16.5), 'bingoCard.0.1: Must be a whole number', 'bingoCard.0.1'],
  ])('refuses a bad card naming the cell (%#), changing nothing', async (bingoCard, message, field) => {
    const before = await cartela(21);
    const res = await call('PUT', '/api/cartelas/21/card', admin, { bingoCard });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED', field });
    expect(await cartela(21)).toEqual(before);
  });

  it('refuses the card of another system cartela: two players would win with one card', async () => {
    const other = await cartela(30);
    const before = await cartela(31);
    const res = await call('PUT', '/api/cartelas/31/card', admin, { bingoCard: other.bingoCard });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Cartela 30 already has this card: two players would win with one card',
      code: 'CONFLICT',
      field: 'bingoCard',
    });
    expect(await cartela(31)).toEqual(before);
    // Its own card again is no conflict.
    expect(
      (await call('PUT', '/api/cartelas/31/card', admin, { bingoCard: before.bingoCard })).statusCode,
    ).toBe(200);
  });

  it('answers 404 for a number the set lacks', async () => {
    const res = await call('PUT', `/api/cartelas/${MISSING}/card`, admin, {
      bingoCard: generateBalancedSet(1)[0],
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT /api/cartelas/:id', () => {
  it('updates the card, the patterns and the active flag together or one at a time', async () => {
    const [card] = generateBalancedSet(1);
    const res = await call('PUT', '/api/cartelas/40', admin, {
      bingoCard: card,
      winningPatterns: ['t-pattern'],
      isActive: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().cartela).toMatchObject({
      bingoCard: card,
      winningPatterns: ['t-pattern'],
      isActive: false,
    });
    const back = await call('PUT', '/api/cartelas/40', admin, { isActive: true });
    expect(back.json().cartela).toMatchObject({
      bingoCard: card,
      winningPatterns: ['t-pattern'],
      isActive: true,
    });
  });

  it('refuses nothing to update, an unknown field and a bad card, changing nothing', async () => {
    const before = await cartela(41);
    const cases: [unknown, string][] = [
      [{}, 'Nothing to update'],
      [{ isActive: false, number: 3 }, 'number: Unknown field'],
      [{ isActive: 'no' }, 'isActive: Must be true or false'],
      [
        { isActive: false, bingoCard: withCell(LOWEST, 0, 3, 7) },
        'bingoCard.0.3: G column, row 1: 7 is outside G 46-60',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await call('PUT', '/api/cartelas/41', admin, payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await cartela(41)).toEqual(before);
  });
});

describe('POST /api/cartelas/generate', () => {
  it('generates valid, distinct cards without saving them', async () => {
    const before = await systemSet();
    const res = await call('POST', '/api/cartelas/generate', admin, { count: 12 });
    expect(res.statusCode).toBe(200);
    const cards: Card[] = res.json().cards;
    expect(cards).toHaveLength(12);
    for (const card of cards) expect(validateCard(card)).toEqual({ ok: true });
    expect(new Set(cards.map(cardKey)).size).toBe(12);
    expect((await call('POST', '/api/cartelas/generate', admin, {})).json().cards).toHaveLength(1);
    expect(await systemSet()).toEqual(before);
  });

  it.each([[0], [301], [2.5], ['3']])('refuses a count of %j', async (count) => {
    const res = await call('POST', '/api/cartelas/generate', admin, { count });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'count' });
  });
});

describe('who may call the system set routes', () => {
  const [card] = generateBalancedSet(1);
  const routes: [Method, string, unknown?][] = [
    ['GET', '/api/cartelas'],
    ['GET', '/api/cartelas/5'],
    ['PUT', '/api/cartelas/5/patterns', { winningPatterns: ['plus'] }],
    [
      'PUT',
      '/api/cartelas/bulk-update-patterns',
      { updates: [{ cartelaNumber: 5, winningPatterns: ['plus'] }] },
    ],
    ['PUT', '/api/cartelas/5/card', { bingoCard: card }],
    ['PUT', '/api/cartelas/5', { isActive: false }],
    ['POST', '/api/cartelas/generate', { count: 1 }],
  ];

  it('admin only: an agent and a super agent get 403, no token 401, and nothing changes', async () => {
    const before = await systemSet();
    await expectAdminsOnly(t, routes, await tokensOf(t, ['agent', 'super-agent']));
    expect(await systemSet()).toEqual(before);
  });
});
