// Agents as the admin's screens show them: ETB from santim, percentages from numeric text (core). The users list
// shows the users module's toUserSummary.
import type { Agent } from '@cartela/contract';
import { storedSantim } from '../../db/columns.js';
import { patternsFromText } from '../../db/schema.js';
import { etb, percent } from '../users/index.js';
import type { AgentView } from './queries.js';

/** An agent's own setting: every agent is made with it, so its absence is a bug, not a default. */
function required<T>(value: T | null, what: string, agentId: string): T {
  if (value === null) throw new Error(`Agent ${agentId} has no ${what}`);
  return value;
}

export function toAgent(view: AgentView): Agent {
  const superAgent =
    view.superAgentId === null
      ? null
      : {
          superAgentId: view.superAgentId,
          superAgentUsername: view.superAgentUsername!,
          superAgentCommissionRate: percent(view.superAgentCommissionRate!),
        };
  return {
    id: view.id,
    _id: view.id,
    username: view.username,
    contact: view.contact,
    financialModel: required(view.financialModel, 'financial model', view.id),
    commissionPercentage: percent(required(view.commissionPercentage, 'commission percentage', view.id)),
    minCommissionPercentage: percent(
      required(view.minCommissionPercentage, 'minimum commission percentage', view.id),
    ),
    systemCommissionShare: percent(required(view.systemCommissionShare, 'system share', view.id)),
    virtualCoins: Number(view.virtualCoins),
    totalEarnings: etb(storedSantim(view.totalEarnings, 'users.total_earnings')),
    isActive: view.isActive,
    createdAt: view.createdAt,
    winningPatterns: [...patternsFromText(required(view.winningPatterns, 'winning patterns', view.id))],
    superAgent,
    // The spec names both the nested object and these flat fields.
    superAgentId: superAgent?.superAgentId ?? null,
    superAgentCommissionRate: superAgent?.superAgentCommissionRate ?? null,
    assignedCartelas: view.assignedCartelas,
  };
}
