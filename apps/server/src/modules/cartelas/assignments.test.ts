// Each agent's cartelas through the real HTTP stack: assign (balanced or system cards), auto-assign, edit a
// card, a new arrangement, remove, the agent's own list; the rules (valid cards, no card twice for one agent,
// no cartela twice, active system cartelas only, a real agent), concurrency, and who may do each.
import { type Card, cardKey, generateBalancedSet, validateCard } from '@cartela/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type UserRow, users } from '../../db/schema.js';
import {
  expectAdminsOnly,
  signedIn,
  type TokenRequest,
  tokenCaller,
  useTestApp,
} from '../../test/fixtures.js';
import { createAdmin } from '../../test/helpers.js';
import { replaceSystemSet } from './queries.js';

const t = useTestApp();
const call = tokenCaller(t);
let admin: string;
let superAgent: { user: UserRow; token: string };

/** A system cartela that is switched off: it cannot be newly assigned. */
const INACTIVE = 150;

beforeAll(async () => {
  await t.database.db.transaction((tx) =>
    replaceSystemSet(tx, generateBalancedSet(300), { resetSettings: true }),
  );
  admin = (await signedIn(t, 'admin')).token;
  superAgent = await signedIn(t, 'super-agent');
  const off = await call('PUT', `/api/cartelas/${INACTIVE}`, admin, { isActive: false });
  expect(off.statusCode).toBe(200);
});

interface Assigned {
  id: string;
  agentId: string;
  cartelaNumber: number;
  bingoCard: Card;
  isActive: boolean;
}

/** A new agent with its token. */
const newAgent = () => signedIn(t, 'agent');

const base = (agentId: string) => `/api/cartelas/agent/${agentId}`;
const held = async (agentId: string): Promise<Assigned[]> =>
  (await call('GET', base(agentId), admin)).json().assignedCartelas;
const systemCard = async (n: number): Promise<Card> =>
  (await call('GET', `/api/cartelas/${n}`, admin)).json().cartela.bingoCard;
const assign = (agentId: string, cartelaNumbers: number[], useBalancedCards?: boolean) =>
  call('POST', `${base(agentId)}/assign`, admin, {
    cartelaNumbers,
    ...(useBalancedCards === undefined ? {} : { useBalancedCards }),
  });

/** Every card valid and no two alike. */
function expectValidDistinct(cartelas: Assigned[]) {
  for (const c of cartelas)
    expect(validateCard(c.bingoCard), `cartela ${c.cartelaNumber}`).toEqual({ ok: true });
  expect(new Set(cartelas.map((c) => cardKey(c.bingoCard))).size).toBe(cartelas.length);
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('POST /api/cartelas/agent/:agentId/assign', () => {
  it('assigns with fresh balanced cards by default, each the agent own copy', async () => {
    const agent = await newAgent();
    const res = await assign(agent.user.id, [9, 3, 20]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Assigned 3 cartelas');
    expect(body.assignedCartelas.map((c: Assigned) => c.cartelaNumber)).toEqual([3, 9, 20]);
    expect(body.assignedCartelas[0]).toMatchObject({ agentId: agent.user.id, isActive: true });
    expect(await held(agent.user.id)).toEqual(body.assignedCartelas);
    expectValidDistinct(body.assignedCartelas);

    const more = await assign(agent.user.id, range(100, 119));
    expect(more.json().message).toBe('Assigned 20 cartelas');
    expectValidDistinct(await held(agent.user.id));
    expect((await assign(agent.user.id, [1])).json().message).toBe('Assigned 1 cartela');
  });

  it('assigns the system card of each number with useBalancedCards false', async () => {
    const agent = await newAgent();
    const res = await assign(agent.user.id, [57, 58], false);
    expect(res.statusCode).toBe(200);
    const [a, b] = res.json().assignedCartelas as Assigned[];
    expect(a!.bingoCard).toEqual(await systemCard(57));
    expect(b!.bingoCard).toEqual(await systemCard(58));
  });

  it('lets two agents hold the same number, each with its own card', async () => {
    const [one, two] = [await newAgent(), await newAgent()];
    expect((await assign(one.user.id, [77])).statusCode).toBe(200);
    expect((await assign(two.user.id, [77])).statusCode).toBe(200);
    const [c1] = await held(one.user.id);
    const [c2] = await held(two.user.id);
    expect(c1!.id).not.toBe(c2!.id);
  });

  it('refuses a cartela the agent already holds, naming it, and assigns none of the others', async () => {
    const agent = await newAgent();
    await assign(agent.user.id, [5, 6]);
    const before = await held(agent.user.id);
    const res = await assign(agent.user.id, [4, 5, 6, 7]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: `${agent.user.username} already holds cartelas 5 and 6`,
      code: 'CONFLICT',
      field: 'cartelaNumbers',
    });
    expect(await held(agent.user.id)).toEqual(before);
  });

  it('refuses an inactive system cartela with 400, assigning none', async () => {
    const agent = await newAgent();
    const res = await assign(agent.user.id, [INACTIVE - 1, INACTIVE]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: `Cartela ${INACTIVE} is inactive and cannot be assigned`,
      code: 'VALIDATION_FAILED',
      field: 'cartelaNumbers',
    });
    expect(await held(agent.user.id)).toEqual([]);
  });

  it('refuses the system card of a cartela when the agent has that card on another one', async () => {
    const agent = await newAgent();
    await assign(agent.user.id, [10]);
    // The agent's cartela 10 is edited to match its paper, which happens to be the system's cartela 11.
    const eleven = await systemCard(11);
    expect(
      (await call('PUT', `${base(agent.user.id)}/cartela/10`, admin, { bingoCard: eleven })).statusCode,
    ).toBe(200);
    const before = await held(agent.user.id);
    const res = await assign(agent.user.id, [11, 12], false);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: `The system card of cartela 11 is the same as the card of ${agent.user.username}'s cartela 10: two players would win with one card. Edit or regenerate one of them first.`,
      code: 'CONFLICT',
      field: 'cartelaNumbers',
    });
    expect(await held(agent.user.id)).toEqual(before);
    // Fresh balanced cards have no such problem.
    expect((await assign(agent.user.id, [11, 12])).statusCode).toBe(200);
    expectValidDistinct(await held(agent.user.id));
  });

  it.each([
    [{ cartelaNumbers: [0] }, 'cartelaNumbers.0: Cartela numbers are 1-300', 'cartelaNumbers.0'],
    [{ cartelaNumbers: [4, 301] }, 'cartelaNumbers.1: Cartela numbers are 1-300', 'cartelaNumbers.1'],
    [{ cartelaNumbers: [2.5] }, 'cartelaNumbers.0: Must be a whole number', 'cartelaNumbers.0'],
    [{ cartelaNumbers: [8, 9, 8] }, 'cartelaNumbers: A cartela is listed twice', 'cartelaNumbers'],
    [{ cartelaNumbers: [] }, 'cartelaNumbers: Choose at least one cartela', 'cartelaNumbers'],
    [{}, 'cartelaNumbers: Cartela numbers is required', 'cartelaNumbers'],
    [
      { cartelaNumbers: [8], useBalancedCards: 'yes' },
      'useBalancedCards: Must be true or false',
      'useBalancedCards',
    ],
    [{ cartelaNumbers: [8], agentId: 'x' }, 'agentId: Unknown field', undefined],
  ])('refuses %j with 400 naming the field, assigning none', async (payload, message, field) => {
    const agent = await newAgent();
    const res = await call('POST', `${base(agent.user.id)}/assign`, admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED', ...(field ? { field } : {}) });
    expect(await held(agent.user.id)).toEqual([]);
  });

  it('refuses anyone but an existing agent as the target: unknown, deleted, an admin, a super agent', async () => {
    const other = await createAdmin(t.database);
    const deleted = await newAgent();
    await assign(deleted.user.id, [1]);
    await t.database.db
      .update(users)
      .set({ deletedAt: new Date(), isActive: false })
      .where(eq(users.id, deleted.user.id));
    const ids = ['00000000-0000-4000-8000-000000000000', deleted.user.id, other.user.id, superAgent.user.id];
    for (const id of ids) {
      for (const res of [
        await assign(id, [2]),
        await call('POST', `${base(id)}/auto-assign`, admin, {}),
        await call('GET', base(id), admin),
        await call('POST', `${base(id)}/cartela/1/generate`, admin),
        await call('DELETE', `${base(id)}/cartela/1`, admin),
      ]) {
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ message: 'Agent not found', code: 'NOT_FOUND' });
      }
    }
    const bad = await assign('not-an-id', [1]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'agentId: Not a valid id',
      code: 'VALIDATION_FAILED',
      field: 'agentId',
    });
  });

  it('never duplicates a cartela when the same assignment arrives several times at once', async () => {
    const agent = await newAgent();
    const results = await Promise.all(Array.from({ length: 8 }, () => assign(agent.user.id, [42, 43])));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json().message).toBe(`${agent.user.username} already holds cartelas 42 and 43`);
    }
    const list = await held(agent.user.id);
    expect(list.map((c) => c.cartelaNumber)).toEqual([42, 43]);
    // Concurrent auto-assigns share out different numbers, and no card twice.
    const autos = await Promise.all(
      Array.from({ length: 4 }, () =>
        call('POST', `${base(agent.user.id)}/auto-assign`, admin, { count: 5 }),
      ),
    );
    expect(autos.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const after = await held(agent.user.id);
    expect(after.map((c) => c.cartelaNumber)).toEqual([...range(1, 20), 42, 43]);
    expectValidDistinct(after);
  });
});

describe('POST /api/cartelas/agent/:agentId/auto-assign', () => {
  it('assigns the lowest numbers the agent does not hold, 10 by default, with balanced cards', async () => {
    const agent = await newAgent();
    await assign(agent.user.id, [2, 5]);
    const res = await call('POST', `${base(agent.user.id)}/auto-assign`, admin, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Assigned 10 cartelas');
    expect(res.json().assignedCartelas.map((c: Assigned) => c.cartelaNumber)).toEqual([
      1, 3, 4, 6, 7, 8, 9, 10, 11, 12,
    ]);
    expectValidDistinct(await held(agent.user.id));
  });

  it('skips inactive cartelas, assigns what is free when fewer are, and answers 409 when none are', async () => {
    const agent = await newAgent();
    const all = range(1, 298).filter((n) => n !== INACTIVE);
    expect((await assign(agent.user.id, all)).statusCode).toBe(200);
    const res = await call('POST', `${base(agent.user.id)}/auto-assign`, admin, { count: 10 });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Assigned 2 cartelas: only 2 were free of the 10 asked for');
    expect(res.json().assignedCartelas.map((c: Assigned) => c.cartelaNumber)).toEqual([299, 300]);
    const list = await held(agent.user.id);
    expect(list).toHaveLength(299);
    expectValidDistinct(list);

    const none = await call('POST', `${base(agent.user.id)}/auto-assign`, admin, { count: 10 });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({
      message: `${agent.user.username} already holds every active cartela`,
      code: 'CONFLICT',
    });
    expect(await held(agent.user.id)).toEqual(list);
  });

  it.each([[0], [301], [1.5], ['10']])('refuses a count of %j', async (count) => {
    const agent = await newAgent();
    const res = await call('POST', `${base(agent.user.id)}/auto-assign`, admin, { count });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'count' });
    expect(await held(agent.user.id)).toEqual([]);
  });

  it('answers 404 for an id that is not an agent', async () => {
    const res = await call('POST', `${base(superAgent.user.id)}/auto-assign`, admin, {});
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT /api/cartelas/agent/:agentId/cartela/:n', () => {
  const PAPER: Card = [
    [15, 30, 45, 60, 75],
    [14, 29, 44, 59, 74],
    [13, 28, 0, 58, 73],
    [12, 27, 43, 57, 72],
    [11, 26, 42, 56, 71],
  ];

  it("replaces the agent's card with its printed one, leaving the system card alone", async () => {
    const agent = await newAgent();
    await assign(agent.user.id, [60, 61], false);
    const system = await systemCard(60);
    const res = await call('PUT', `${base(agent.user.id)}/cartela/60`, admin, { bingoCard: PAPER });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Card of cartela 60 updated');
    expect(res.json().cartelaAssignment).toMatchObject({
      cartelaNumber: 60,
      bingoCard: PAPER,
      agentId: agent.user.id,
    });
    expect((await held(agent.user.id))[0]!.bingoCard).toEqual(PAPER);
    expect(await systemCard(60)).toEqual(system);
    // The same card on another agent's cartela is fine: each agent has its own printed set.
    const other = await newAgent();
    await assign(other.user.id, [60]);
    expect(
      (await call('PUT', `${base(other.user.id)}/cartela/60`, admin, { bingoCard: PAPER })).statusCode,
    ).toBe(200);
  });

  it('refuses a card the agent already has on another cartela (409), and a bad card naming the cell (400)', async () => {
    const agent = await newAgent();
    await assign(agent.user.id, [70, 71]);
    const before = await held(agent.user.id);
    const dup = await call('PUT', `${base(agent.user.id)}/cartela/71`, admin, {
      bingoCard: before[0]!.bingoCard,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      message: `${agent.user.username}'s cartela 70 already has this card: two players would win with one card`,
      code: 'CONFLICT',
      field: 'bingoCard',
    });
    const bad = PAPER.map((row) => [...row]);
    bad[3]![2] = 46;
    const invalid = await call('PUT', `${base(agent.user.id)}/cartela/71`, admin, { bingoCard: bad });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      message: 'bingoCard.3.2: N column, row 4: 46 is outside N 31-45',
      code: 'VALIDATION_FAILED',
      field: 'bingoCard.3.2',
    });
    expect(await held(agent.user.id)).toEqual(before);
    // Saving the card a cartela already has is no conflict.
    const same = await call('PUT', `${base(agent.user.id)}/cartela/71`, admin, {
      bingoCard: before[1]!.bingoCard,
    });
    expect(same.statusCode).toBe(200);
  });

  it('answers 404 for a cartela the agent does not hold, 400 for a number outside 1-300', async () => {
    const agent = await newAgent();
    const res = await call('PUT', `${base(agent.user.id)}/cartela/80`, admin, { bingoCard: PAPER });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: `${agent.user.username} does not hold cartela 80`,
      code: 'NOT_FOUND',
    });
    const out = await call('PUT', `${base(agent.user.id)}/cartela/301`, admin, { bingoCard: PAPER });
    expect(out.statusCode).toBe(400);
    expect(out.json()).toEqual({
      message: 'n: Cartela numbers are 1-300',
      code: 'VALIDATION_FAILED',
      field: 'n',
    });
  });
});

describe('POST /api/cartelas/agent/:agentId/cartela/:n/generate', () => {
  it('gives the cartela a new valid card, unlike the agent others', async () => {
    const agent = await newAgent();
    await assign(agent.user.id, [90, 91, 92]);
    const [before] = await held(agent.user.id);
    const res = await call('POST', `${base(agent.user.id)}/cartela/90/generate`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('New arrangement generated for cartela 90');
    const card: Card = res.json().cartelaAssignment.bingoCard;
    expect(validateCard(card)).toEqual({ ok: true });
    expect(card).not.toEqual(before!.bingoCard);
    const after = await held(agent.user.id);
    expect(after[0]!.bingoCard).toEqual(card);
    expectValidDistinct(after);
  });

  it('answers 404 for a cartela the agent does not hold', async () => {
    const agent = await newAgent();
    const res = await call('POST', `${base(agent.user.id)}/cartela/93/generate`, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`${agent.user.username} does not hold cartela 93`);
  });
});

describe('DELETE /api/cartelas/agent/:agentId/cartela/:n', () => {
  it('takes the cartela back; a second time is 404', async () => {
    const agent = await newAgent();
    await assign(agent.user.id, [57, 58]);
    const res = await call('DELETE', `${base(agent.user.id)}/cartela/57`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Cartela 57 removed' });
    expect((await held(agent.user.id)).map((c) => c.cartelaNumber)).toEqual([58]);
    const again = await call('DELETE', `${base(agent.user.id)}/cartela/57`, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(`${agent.user.username} does not hold cartela 57`);
    // The system cartela itself is still there.
    expect((await call('GET', '/api/cartelas/57', admin)).statusCode).toBe(200);
  });
});

describe("an agent's own cartelas: GET /api/cartelas/my-cartelas and /api/games/my-cartelas", () => {
  it('shows the signed-in agent its own cartelas and nobody else the same list', async () => {
    const [mine, theirs] = [await newAgent(), await newAgent()];
    await assign(mine.user.id, [3, 1, 2]);
    await assign(theirs.user.id, [4]);
    const expected = await held(mine.user.id);
    for (const url of ['/api/cartelas/my-cartelas', '/api/games/my-cartelas']) {
      const res = await call('GET', url, mine.token);
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ assignedCartelas: expected });
      const other = (await call('GET', url, theirs.token)).json().assignedCartelas as Assigned[];
      expect(other.map((c) => c.cartelaNumber)).toEqual([4]);
      expect(other.every((c) => c.agentId === theirs.user.id)).toBe(true);
      const none = await newAgent();
      expect((await call('GET', url, none.token)).json()).toEqual({ assignedCartelas: [] });

      expect((await call('GET', url, admin)).statusCode).toBe(403);
      expect((await call('GET', url, superAgent.token)).statusCode).toBe(403);
      expect((await call('GET', url)).statusCode).toBe(401);
    }
  });
});

describe('who may manage agent cartelas', () => {
  it('admin only: the agent itself, another agent and a super agent get 403, no token 401, nothing changes', async () => {
    const [agent, other] = [await newAgent(), await newAgent()];
    await assign(agent.user.id, [33]);
    const before = await held(agent.user.id);
    const [card] = generateBalancedSet(1);
    const requests: TokenRequest[] = [
      ['GET', base(agent.user.id)],
      ['POST', `${base(agent.user.id)}/assign`, { cartelaNumbers: [34] }],
      ['POST', `${base(agent.user.id)}/auto-assign`, { count: 1 }],
      ['PUT', `${base(agent.user.id)}/cartela/33`, { bingoCard: card }],
      ['POST', `${base(agent.user.id)}/cartela/33/generate`],
      ['DELETE', `${base(agent.user.id)}/cartela/33`],
    ];
    await expectAdminsOnly(t, requests, [agent.token, other.token, superAgent.token]);
    expect(await held(agent.user.id)).toEqual(before);
  });
});
