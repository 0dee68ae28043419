// The games' row-level rule, stated by hand: the permissions proof takes its expectations from policy.ts, so
// this is where a change of the rule itself shows.
import { describe, expect, it } from 'vitest';
import { can, gamesOf } from './policy.js';

const admin = { id: 'admin', role: 'admin' } as const;
const a = { id: 'agent-a', role: 'agent' } as const;
const b = { id: 'agent-b', role: 'agent' } as const;
const superOfA = { id: 'super-of-a', role: 'super-agent' } as const;
const gameOfA = { agentId: a.id };

describe('who may read or act on a game', () => {
  it('its agent reads it and acts on it; another agent does neither', () => {
    expect([can(a, 'read', gameOfA), can(a, 'act', gameOfA)]).toEqual([true, true]);
    expect([can(b, 'read', gameOfA), can(b, 'act', gameOfA)]).toEqual([false, false]);
  });

  it('the admin reads every game and acts on none', () => {
    expect([can(admin, 'read', gameOfA), can(admin, 'act', gameOfA)]).toEqual([true, false]);
  });

  it("a super agent neither reads nor acts on its agents' games", () => {
    expect([can(superOfA, 'read', gameOfA), can(superOfA, 'act', gameOfA)]).toEqual([false, false]);
  });

  it('gives the queries the same scope: one agent, or every agent for the admin reading', () => {
    expect(gamesOf(a, 'read')).toBe(a.id);
    expect(gamesOf(a, 'act')).toBe(a.id);
    expect(gamesOf(admin, 'read')).toBeNull();
    expect(gamesOf(admin, 'act')).toBe(admin.id);
  });
});
