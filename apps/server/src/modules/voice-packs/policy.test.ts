// The voice packs' row-level rule, stated by hand, and its two forms agreeing: usableBy, the condition the
// queries filter by, selects exactly the packs canUse allows (the permissions proof takes its expectations from
// canUse).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.js';
import { createAdmin, createAgent, createTestDatabase, type TestDatabase } from '../../test/helpers.js';
import { canUse } from './policy.js';
import { packsUsableBy } from './queries.js';
import { voicePackOffers, voicePacks } from './schema.js';

const admin = { id: 'admin', role: 'admin' } as const;
const a = { id: 'agent-a', role: 'agent' } as const;
const b = { id: 'agent-b', role: 'agent' } as const;

describe('who may use a voice pack', () => {
  it('an agent: an active pack offered to all or to it', () => {
    expect(canUse(a, { isActive: true, offeredToAll: true, agentIds: [] })).toBe(true);
    expect(canUse(a, { isActive: true, offeredToAll: false, agentIds: [a.id] })).toBe(true);
    expect(canUse(b, { isActive: true, offeredToAll: false, agentIds: [a.id] })).toBe(false);
    expect(canUse(a, { isActive: false, offeredToAll: true, agentIds: [a.id] })).toBe(false);
  });

  it('the admin: every pack, active or not, offered to anyone or no one', () => {
    expect(canUse(admin, { isActive: false, offeredToAll: false, agentIds: [] })).toBe(true);
  });
});

describe('usableBy and canUse', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('select the same packs for the admin and for each agent', async () => {
    const { db } = test.database;
    const [{ user: adminRow }, { user: aRow }, { user: bRow }] = await Promise.all([
      createAdmin(test.database),
      createAgent(test.database),
      createAgent(test.database),
    ]);
    // Every combination: active or not, offered to all or not, offered by name to nobody, to A, to A and B.
    const packs: { id: string; isActive: boolean; offeredToAll: boolean; agentIds: string[] }[] = [];
    for (const isActive of [true, false]) {
      for (const offeredToAll of [true, false]) {
        for (const agentIds of [[], [aRow.id], [aRow.id, bRow.id]]) {
          const [row] = await db
            .insert(voicePacks)
            .values({
              name: `pack-${packs.length}`,
              language: 'am',
              isActive,
              offeredToAll,
              version: '0123456789abcdef',
              fileCount: 0,
              totalBytes: 0,
            })
            .returning({ id: voicePacks.id });
          for (const agentId of agentIds)
            await db.insert(voicePackOffers).values({ packId: row!.id, agentId });
          packs.push({ id: row!.id, isActive, offeredToAll, agentIds });
        }
      }
    }
    for (const user of [adminRow, aRow, bRow] as UserRow[]) {
      const selected = (await packsUsableBy(db, user)).map((p) => p.id).sort();
      const allowed = packs
        .filter((p) => canUse(user, p))
        .map((p) => p.id)
        .sort();
      expect(selected, user.role).toEqual(allowed);
      expect(allowed.length, 'the rule lets some through and holds some back').toBeGreaterThan(0);
      if (user.role === 'agent') expect(allowed.length).toBeLessThan(packs.length);
    }
  });
});
