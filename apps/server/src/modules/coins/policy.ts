// Whose coin statement a request reads, decided here and nowhere else (docs/decisions/070-policy-layer.md,
// 075-the-coin-statement.md): an agent its own; the admin the agent it names. Naming an agent is the admin's: an
// agent that names one, its own included, is refused on the field (it cannot learn whether another agent exists).
// A super agent has no door to it (the contract's access: product/roles.md, a super agent names no one's rows).
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';

/** The agent whose statement the user reads, `named` the agent the query names (if any). */
export function statementOf(user: Pick<UserRow, 'id' | 'role'>, named: string | undefined): string {
  if (user.role === 'admin') {
    if (named === undefined) {
      throw new AppError('VALIDATION_FAILED', 'agentId: Name the agent whose statement to read', {
        field: 'agentId',
      });
    }
    return named;
  }
  if (named !== undefined) {
    throw new AppError('VALIDATION_FAILED', 'agentId is for the admin: an agent reads its own statement', {
      field: 'agentId',
    });
  }
  return user.id;
}

/** The admin named an id that is no live agent (unknown, deleted, or another kind of account). */
export const agentNotFound = () => new AppError('NOT_FOUND', 'Agent not found');
