// The coin statement's row-level rule, stated by hand (the permissions proof takes its expectations from
// policy.ts; decision 075).
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../errors.js';
import { statementOf } from './policy.js';

const admin = { id: 'admin', role: 'admin' } as const;
const a = { id: 'agent-a', role: 'agent' } as const;

/** The refusal's status, code and field, or null when the rule lets the user through. */
function refusal(decide: () => unknown) {
  try {
    decide();
    return null;
  } catch (err) {
    return isAppError(err) ? [err.status, err.code, err.field] : err;
  }
}

describe('whose coin statement a request reads', () => {
  it("an agent's: its own, naming no one", () => {
    expect(statementOf(a, undefined)).toBe(a.id);
  });

  it("the admin's: the agent it names, which it must name", () => {
    expect(statementOf(admin, a.id)).toBe(a.id);
    expect(refusal(() => statementOf(admin, undefined))).toEqual([400, 'VALIDATION_FAILED', 'agentId']);
  });

  it('refuses an agent that names an agent, itself included, on the field', () => {
    for (const named of ['agent-b', a.id]) {
      expect(refusal(() => statementOf(a, named))).toEqual([400, 'VALIDATION_FAILED', 'agentId']);
    }
  });
});
