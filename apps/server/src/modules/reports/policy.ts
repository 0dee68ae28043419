// Whose games a report holds, decided here and nowhere else (docs/decisions/070-policy-layer.md): an agent's
// report its own games; the admin's every agent's, or the one agent it names. Naming an agent is the admin's: an
// agent that names one, its own included, is refused on the field (it cannot learn whether another agent exists).
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';

export interface ReportScope {
  /** The one agent whose games the report holds; null: every agent's. */
  agentId: string | null;
  /** The rows name their agent (the admin's report, which may hold several). */
  showsAgent: boolean;
}

/** The scope of the user's report, `named` the agent the query names (if any). */
export function reportScope(user: Pick<UserRow, 'id' | 'role'>, named: string | undefined): ReportScope {
  if (user.role === 'admin') return { agentId: named ?? null, showsAgent: true };
  if (named !== undefined) {
    throw new AppError('VALIDATION_FAILED', 'agentId is for the admin: an agent sees its own games', {
      field: 'agentId',
    });
  }
  return { agentId: user.id, showsAgent: false };
}
