import { PATTERN_IDS } from '@cartela/core';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testConfig } from '../test/helpers.js';
import { migrate } from './migrate.js';
import { prepareDatabase } from './open.js';
import { agentCartelas, cartelas, coinLedger, superAgentAgreements, users } from './schema.js';
import { AdminAccountError, createAdmin, ensureAdmin, seedDemoData } from './seed.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});

const byName = async (username: string) => {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
  return row!;
};

/** Runs `fn` expecting the database to refuse it; returns the error's PostgreSQL code. */
async function refused(fn: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await fn();
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    return e.code ?? e.cause?.code ?? 'error';
  }
  throw new Error('expected the database to refuse');
}

describe('demo data', () => {
  it('creates the demo hall on an empty database', async () => {
    expect(await seedDemoData(t.database)).toBe(true);
    const db = t.database.db;

    const accounts = await db.select().from(users).orderBy(asc(users.username));
    expect(accounts.map((u) => [u.username, u.role, u.financialModel])).toEqual([
      ['admin', 'admin', null],
      ['agent1', 'agent', 'virtual-coin'],
      ['agent2', 'agent', 'commission-share'],
      ['super1', 'super-agent', null],
    ]);
    expect(accounts.every((u) => u.passwordHash.startsWith('$argon2id$'))).toBe(true);

    const system = await db.select().from(cartelas).orderBy(asc(cartelas.cartelaNumber));
    expect(system).toHaveLength(300);
    expect(system.map((c) => c.cartelaNumber)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(system[0]!.winningPatterns).toEqual([...PATTERN_IDS]);
    for (const { card } of system) {
      expect(card).toHaveLength(5);
      expect(card[2]![2]).toBe(0); // the free centre
    }
    expect(new Set(system.map((c) => JSON.stringify(c.card))).size).toBe(300);

    const agent1 = await byName('agent1');
    const agent2 = await byName('agent2');
    const super1 = await byName('super1');
    const numbersOf = async (agentId: string) =>
      (
        await db
          .select({ n: agentCartelas.cartelaNumber })
          .from(agentCartelas)
          .where(eq(agentCartelas.agentId, agentId))
          .orderBy(asc(agentCartelas.cartelaNumber))
      ).map((r) => r.n);
    expect(await numbersOf(agent1.id)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(await numbersOf(agent2.id)).toEqual(Array.from({ length: 100 }, (_, i) => i + 101));
    // An agent's copy starts as the system card.
    const [copy] = await db
      .select({ card: agentCartelas.card })
      .from(agentCartelas)
      .where(eq(agentCartelas.cartelaNumber, 150));
    expect(copy!.card).toEqual(system[149]!.card);

    expect(agent1.virtualCoins).toBe(1000);
    expect(agent2.virtualCoins).toBe(0);
    const [ledger] = await db
      .select({ sum: sql<string>`coalesce(sum(${coinLedger.delta}), 0)`, n: sql<number>`count(*)::int` })
      .from(coinLedger)
      .where(eq(coinLedger.agentId, agent1.id));
    expect(Number(ledger!.sum)).toBe(agent1.virtualCoins);
    expect(ledger!.n).toBe(1);
    const [row] = await db.select().from(coinLedger).where(eq(coinLedger.agentId, agent1.id));
    expect(row).toMatchObject({ delta: 1000, balanceBefore: 0, balanceAfter: 1000, reason: 'demo' });

    const agreements = await db.select().from(superAgentAgreements);
    expect(agreements).toHaveLength(1);
    expect(agreements[0]).toMatchObject({
      agentId: agent1.id,
      superAgentId: super1.id,
      superAgentCommissionRate: '20.0000',
      isActive: true,
      endedAt: null,
    });
    expect(super1.platformCommissionRate).toBe('50.0000');
    expect(agent2.commissionPercentage).toBe('10.0000');
  });

  it('does nothing on a database that already has users', async () => {
    expect(await seedDemoData(t.database)).toBe(false);
    const [{ n }] = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users)) as [
      { n: number },
    ];
    expect(n).toBe(4);
  });

  it('re-running the migrations changes nothing', async () => {
    expect(await migrate(t.database)).toBe('up-to-date');
  });
});

describe('the first admin', () => {
  it('is created only when there is no admin, and a taken username is refused', async () => {
    expect(await ensureAdmin(t.database, { username: 'owner', password: 'owner-pw' })).toBe('exists');
    await expect(createAdmin(t.database, { username: 'ADMIN', password: 'whatever' })).rejects.toBeInstanceOf(
      AdminAccountError,
    );
    const created = await createAdmin(t.database, { username: 'owner', password: 'owner-pw' });
    expect(created.role).toBe('admin');
  });
});

describe('database rules', () => {
  it('keeps the coin ledger immutable', async () => {
    const db = t.database.db;
    expect(await refused(() => db.update(coinLedger).set({ notes: 'edited' }))).toBe('P0001');
    expect(await refused(() => db.delete(coinLedger))).toBe('P0001');
  });

  it('refuses impossible values', async () => {
    const db = t.database.db;
    const agent1 = await byName('agent1');
    expect(
      await refused(() => db.update(users).set({ virtualCoins: -1 }).where(eq(users.id, agent1.id))),
    ).toBe('23514');
    expect(
      await refused(() =>
        db.update(users).set({ commissionPercentage: '100.5' }).where(eq(users.id, agent1.id)),
      ),
    ).toBe('23514');
    expect(
      await refused(() =>
        db
          .update(users)
          .set({ role: 'boss' as 'admin' })
          .where(eq(users.id, agent1.id)),
      ),
    ).toBe('23514');
    expect(
      await refused(() =>
        db.insert(cartelas).values({ cartelaNumber: 301, card: [[], [], [], [], []], winningPatterns: [] }),
      ),
    ).toBe('23514');
    // Usernames are unique whatever their case.
    expect(
      await refused(() => db.insert(users).values({ username: 'Agent1', passwordHash: 'x', role: 'admin' })),
    ).toBe('23505');
    // One active super agent agreement per agent.
    const super1 = await byName('super1');
    expect(
      await refused(() =>
        db.insert(superAgentAgreements).values({
          agentId: agent1.id,
          superAgentId: super1.id,
          superAgentCommissionRate: '10',
        }),
      ),
    ).toBe('23505');
    // A ledger row's balance must add up.
    expect(
      await refused(() =>
        db.insert(coinLedger).values({
          agentId: agent1.id,
          delta: 5,
          balanceBefore: 1000,
          balanceAfter: 1004,
          reason: 'adjustment',
        }),
      ),
    ).toBe('23514');
  });

  it('runs concurrent transactions on the one connection without mixing them up', async () => {
    const agent1 = await byName('agent1');
    // Twenty top-ups at once, each read-modify-write inside its own transaction.
    await Promise.all(
      Array.from({ length: 20 }, () =>
        t.database.db.transaction(async (tx) => {
          const [row] = await tx
            .update(users)
            .set({ virtualCoins: sql`${users.virtualCoins} + 5` })
            .where(eq(users.id, agent1.id))
            .returning({ balance: users.virtualCoins });
          await tx.insert(coinLedger).values({
            agentId: agent1.id,
            delta: 5,
            balanceBefore: row!.balance - 5,
            balanceAfter: row!.balance,
            reason: 'adjustment',
          });
        }),
      ),
    );
    const after = await byName('agent1');
    expect(after.virtualCoins).toBe(1100);
    const [sum] = await t.database.db
      .select({ s: sql<string>`sum(${coinLedger.delta})` })
      .from(coinLedger)
      .where(eq(coinLedger.agentId, agent1.id));
    expect(Number(sum!.s)).toBe(1100);
  });

  it('rolls a failed transaction back, and the connection keeps working', async () => {
    const db = t.database.db;
    const before = await byName('agent2');
    await expect(
      db.transaction(async (tx) => {
        await tx.update(users).set({ contact: 'changed' }).where(eq(users.id, before.id));
        // Violates a CHECK: the whole transaction goes.
        await tx.update(users).set({ virtualCoins: -5 }).where(eq(users.id, before.id));
      }),
    ).rejects.toThrow();
    expect((await byName('agent2')).contact).toBe(before.contact);

    await expect(
      db.transaction(async (tx) => {
        await tx.update(users).set({ contact: 'changed again' }).where(eq(users.id, before.id));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await byName('agent2')).contact).toBe(before.contact);

    // A nested transaction (a savepoint) rolls back alone.
    await db.transaction(async (tx) => {
      await tx.update(users).set({ contact: 'outer' }).where(eq(users.id, before.id));
      await tx
        .transaction(async (inner) => {
          await inner.update(users).set({ notes: 'inner' }).where(eq(users.id, before.id));
          throw new Error('inner fails');
        })
        .catch(() => {});
    });
    const after = await byName('agent2');
    expect(after.contact).toBe('outer');
    expect(after.notes).toBe(before.notes);
  });

  it('keeps queries outside a transaction waiting until it ends', async () => {
    const db = t.database.db;
    const agent = await byName('agent2');
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const tx = db.transaction(async (trx) => {
      await trx.update(users).set({ contact: 'in flight' }).where(eq(users.id, agent.id));
      await gate;
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = byName('agent2');
    release();
    await tx;
    // On PGlite's single connection the read waits for the commit; on PostgreSQL it may run first and see
    // the old value (read committed), but never a half-done transaction.
    expect(['in flight', agent.contact]).toContain((await outside).contact);
    expect((await byName('agent2')).contact).toBe('in flight');
  });
});

describe('preparing a new database at start', () => {
  it('migrates, creates the demo hall once even when two instances start together, then the admin rule', async () => {
    const fresh = await createTestDatabase();
    const second = await fresh.another();
    try {
      const config = { ...testConfig(), demoData: true, admin: { username: 'owner', password: 'owner-pw' } };
      const [a, b] = await Promise.all([
        prepareDatabase(fresh.database, config),
        prepareDatabase(second, config),
      ]);
      expect([a.demoCreated, b.demoCreated].sort()).toEqual([false, true]);
      // The start that made the demo hall makes its month next (main.ts; decision 076), the other does not.
      const maker = a.demoCreated ? a : b;
      expect(maker.demoHistory).toEqual({ timeZone: config.businessTimeZone, now: expect.any(Date) });
      expect((maker === a ? b : a).demoHistory).toBeNull();
      // The demo hall has an admin, so ADMIN_USERNAME is not used.
      expect(a.admin).toBe('exists');
      // Every demo account has a published password, and is named at every start until it chooses its own.
      expect(a.publishedPasswords).toEqual(['admin', 'agent1', 'agent2', 'super1']);
      expect(b.publishedPasswords).toEqual(['admin', 'agent1', 'agent2', 'super1']);
      const [{ n }] = (await fresh.database.db.select({ n: sql<number>`count(*)::int` }).from(cartelas)) as [
        { n: number },
      ];
      expect(n).toBe(300);

      const empty = await createTestDatabase();
      try {
        const result = await prepareDatabase(empty.database, { ...config, demoData: false });
        // An admin from ADMIN_USERNAME chose its password: nothing to warn about.
        expect(result).toEqual({
          // The test databases come from an already migrated template.
          migrations: 'up-to-date',
          demoCreated: false,
          demoHistory: null,
          admin: 'created',
          publishedPasswords: [],
          timeZone: 'unchanged',
        });
        const [owner] = await empty.database.db.select().from(users).where(eq(users.username, 'owner'));
        expect(owner?.role).toBe('admin');
      } finally {
        await empty.drop();
      }
    } finally {
      if (second !== fresh.database) await second.close();
      await fresh.drop();
    }
  });
});
