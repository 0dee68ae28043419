// The reports' row-level rule, stated by hand (the permissions proof takes its expectations from policy.ts).
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../errors.js';
import { reportScope } from './policy.js';

const admin = { id: 'admin', role: 'admin' } as const;
const a = { id: 'agent-a', role: 'agent' } as const;

describe('whose games a report holds', () => {
  it("an agent's report: its own games, without naming their agent", () => {
    expect(reportScope(a, undefined)).toEqual({ agentId: a.id, showsAgent: false });
  });

  it("the admin's: every agent's, or the one it names, each row naming its agent", () => {
    expect(reportScope(admin, undefined)).toEqual({ agentId: null, showsAgent: true });
    expect(reportScope(admin, a.id)).toEqual({ agentId: a.id, showsAgent: true });
  });

  it('refuses an agent that names an agent, itself included, on the field', () => {
    for (const named of ['agent-b', a.id]) {
      let refusal: unknown = null;
      try {
        reportScope(a, named);
      } catch (err) {
        refusal = err;
      }
      expect(isAppError(refusal) && [refusal.status, refusal.code, refusal.field]).toEqual([
        400,
        'VALIDATION_FAILED',
        'agentId',
      ]);
    }
  });
});
