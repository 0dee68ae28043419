// Agents as the admin manages them: their accounts, commissions, winning patterns and super agent, and their
// coins (product/roles.md#accounts, product/money.md#virtual-coins). The agents module serves these routes.
import { MAX_BALANCE_COINS, MAX_TOP_UP_COINS, MAX_TOP_UP_ETB, PATTERN_IDS } from '@cartela/core';
import { z } from 'zod';
import { NewPassword } from './auth.js';
import { CoinReason } from './coins.js';
import {
  boundText,
  Etb,
  etbUpTo,
  FinancialModel,
  Id,
  IdParams,
  IsoDateTime,
  MessageResponse,
  PatternId,
  Percent,
} from './common.js';
import { Contact, Notes } from './fields.js';
import { defineRoute } from './route.js';
import {
  belowMinimum,
  belowMinimumMessage,
  DEFAULT_MIN_COMMISSION_PERCENT,
  Username,
  UsersQuery,
  UsersResponse,
} from './users.js';

/** Whole coins, at least 1 (a top-up), at most core's bound (decision 081). */
const Coins = z
  .number()
  .int('Coins must be a whole number')
  .min(1, 'At least 1 coin')
  .max(MAX_TOP_UP_COINS, `At most ${boundText(MAX_TOP_UP_COINS)} coins`);
/** A balance of whole coins, 0 or more, at most core's bound (decision 081). */
const Balance = z
  .number()
  .int('Coins must be a whole number')
  .min(0, 'At least 0')
  .max(MAX_BALANCE_COINS, `At most ${boundText(MAX_BALANCE_COINS)} coins`);

/** Adds the refusal under commissionPercentage when both percentages are given and the first is below. */
function commissionAtLeastMinimum(
  value: { commissionPercentage?: unknown; minCommissionPercentage?: unknown },
  ctx: z.RefinementCtx,
) {
  const { commissionPercentage: commission, minCommissionPercentage: minimum } = value;
  if (belowMinimum(commission, minimum)) {
    // belowMinimum holds only for two percentages.
    const message = belowMinimumMessage(minimum as number);
    ctx.addIssue({ code: 'custom', path: ['commissionPercentage'], message });
  }
}

/** The super agent an agent is under, as the agents table shows it. */
export const AgentSuperAgent = z.object({
  superAgentId: Id,
  superAgentUsername: z.string(),
  superAgentCommissionRate: Percent,
});

/** An agent as the admin manages it (product/roles.md#accounts). */
export const Agent = z
  .object({
    id: Id,
    _id: Id,
    username: z.string(),
    contact: z.string().nullable(),
    financialModel: FinancialModel,
    commissionPercentage: Percent,
    minCommissionPercentage: Percent.describe(
      'The lowest commission percentage the agent may choose for itself (set by the admin)',
    ),
    systemCommissionShare: Percent,
    virtualCoins: z.number().int(),
    totalEarnings: Etb,
    isActive: z.boolean(),
    createdAt: IsoDateTime,
    winningPatterns: z.array(PatternId),
    superAgent: AgentSuperAgent.nullable(),
    superAgentId: Id.nullable(),
    superAgentCommissionRate: Percent.nullable(),
    assignedCartelas: z.number().int().describe('How many cartelas the agent holds'),
  })
  .meta({ id: 'Agent' });
export type Agent = z.infer<typeof Agent>;

export const AgentsResponse = z.object({ agents: z.array(Agent) }).meta({ id: 'AgentsResponse' });

export const CreateAgentRequest = z
  .strictObject({
    username: Username,
    password: NewPassword,
    contact: Contact.optional(),
    financialModel: FinancialModel.default('virtual-coin'),
    commissionPercentage: Percent.default(10),
    /** Not below it: commissionPercentage, here and whenever the agent changes its own. */
    minCommissionPercentage: Percent.default(DEFAULT_MIN_COMMISSION_PERCENT),
    systemCommissionShare: Percent.default(20),
    winningPatterns: z
      .array(PatternId)
      .max(PATTERN_IDS.length)
      .default([...PATTERN_IDS]),
    superAgentId: z.uuid('Not a valid id').nullable().optional(),
    superAgentCommissionRate: Percent.default(20),
  })
  .superRefine(commissionAtLeastMinimum)
  .meta({ id: 'CreateAgentRequest' });
export type CreateAgentRequest = z.input<typeof CreateAgentRequest>;

export const UpdateAgentRequest = z
  .strictObject({
    username: Username.optional(),
    /** Blank keeps the current password. */
    password: z.union([z.literal(''), NewPassword]).optional(),
    contact: Contact.optional(),
    financialModel: FinancialModel.optional(),
    commissionPercentage: Percent.optional(),
    /** The agent's commissionPercentage (the one sent, or else its current one) must not be below it. */
    minCommissionPercentage: Percent.optional(),
    systemCommissionShare: Percent.optional(),
    /**
     * Sets the balance: the difference is written to the ledger as an adjustment. Only with virtualCoinsShown,
     * the balance the form showed: coins spent since then must not come back (decision 056).
     */
    virtualCoins: Balance.optional().describe(
      'The new balance; a change needs virtualCoinsShown, and is refused (409 BALANCE_CHANGED) once the balance moved',
    ),
    virtualCoinsShown: Balance.optional().describe(
      'The balance the form showed when it was opened: virtualCoins equal to it changes nothing',
    ),
    isActive: z.boolean().optional(),
    winningPatterns: z.array(PatternId).max(PATTERN_IDS.length).optional(),
    /** null removes the agent from its super agent. */
    superAgentId: z.uuid('Not a valid id').nullable().optional(),
    superAgentCommissionRate: Percent.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update')
  .refine((v) => v.virtualCoinsShown === undefined || v.virtualCoins !== undefined, {
    message: 'Send it with virtualCoins',
    path: ['virtualCoinsShown'],
  })
  .superRefine(commissionAtLeastMinimum)
  .meta({ id: 'UpdateAgentRequest' });
export type UpdateAgentRequest = z.input<typeof UpdateAgentRequest>;

export const AgentResponse = z.object({ message: z.string(), agent: Agent }).meta({ id: 'AgentResponse' });

export const AddCoinsRequest = z
  .strictObject({
    coins: Coins,
    etbAmount: etbUpTo(MAX_TOP_UP_ETB),
    notes: Notes.optional(),
  })
  .meta({ id: 'AddCoinsRequest' });
export type AddCoinsRequest = z.input<typeof AddCoinsRequest>;

/** One row of the coin ledger. */
export const CoinLedgerEntry = z
  .object({
    id: Id,
    agentId: Id,
    delta: z.number().int(),
    balanceBefore: z.number().int(),
    balanceAfter: z.number().int(),
    reason: CoinReason,
    etbAmount: Etb.nullable(),
    gameId: Id.nullable(),
    notes: z.string().nullable(),
    createdAt: IsoDateTime,
  })
  .meta({ id: 'CoinLedgerEntry' });

export const AddCoinsResponse = z
  .object({ message: z.string(), agent: Agent, entry: CoinLedgerEntry })
  .meta({ id: 'AddCoinsResponse' });

const admin = ['admin'] as const;

export const agentRoutes = {
  listAgents: defineRoute({
    method: 'GET',
    path: '/api/users/agents',
    summary: 'Every agent (not deleted), with its super agent and coins',
    access: admin,
    response: AgentsResponse,
  }),
  createAgent: defineRoute({
    method: 'POST',
    path: '/api/users/agents',
    summary: 'Create an agent (and its super agent agreement)',
    access: admin,
    body: CreateAgentRequest,
    response: AgentResponse,
    status: 201,
  }),
  updateAgent: defineRoute({
    method: 'PUT',
    path: '/api/users/agents/:id',
    summary: 'Update an agent (partial)',
    access: admin,
    params: IdParams,
    body: UpdateAgentRequest,
    response: AgentResponse,
  }),
  deleteAgent: defineRoute({
    method: 'DELETE',
    path: '/api/users/agents/:id',
    summary: 'Delete an agent: it disappears and can no longer sign in; its money history stays',
    access: admin,
    params: IdParams,
    response: MessageResponse,
  }),
  addCoins: defineRoute({
    method: 'POST',
    path: '/api/users/agents/:id/add-coins',
    summary: "Add virtual coins to a virtual-coin agent's balance",
    access: admin,
    params: IdParams,
    body: AddCoinsRequest,
    response: AddCoinsResponse,
  }),
  listUsers: defineRoute({
    method: 'GET',
    path: '/api/users',
    summary: 'Users, optionally of one role',
    access: admin,
    query: UsersQuery,
    response: UsersResponse,
  }),
} as const;
