// Running the network (issue 7): agents and their coins, super agents and their agreements (spec 02 sections
// 3, 5, 7 'Agents' and 'Super agents'; spec 01 section 7 'Agent management').
import { isPercent, PATTERN_IDS } from '@cartela/core';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './auth.js';
import {
  Etb,
  FinancialModel,
  Id,
  IsoDateTime,
  MessageResponse,
  nameText,
  PatternId,
  Percent,
  text,
} from './common.js';
import { defineRoute } from './route.js';

/**
 * A new username (admins, agents, super agents): 1-64 characters in NFKC, nothing invisible, no bidi control,
 * one of Latin, Greek and Cyrillic at most (nameText, decision 058). Sign-in normalises what is typed the same way.
 */
export const Username = nameText('Username is required');
export const NewPassword = text()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256);
const Contact = text().trim().max(120).nullable();
const Notes = text().trim().max(500).nullable();
/** Whole coins, at least 1 (a top-up). */
const Coins = z.number().int('Coins must be a whole number').min(1, 'At least 1 coin').max(100_000_000);
/** A balance of whole coins, 0 or more. */
const Balance = z.number().int('Coins must be a whole number').min(0, 'At least 0').max(100_000_000);

/**
 * A new agent's minimum commission percentage (decision 056): the lowest percentage the agent may choose for
 * itself. The coins a game costs (virtual-coin) and the admin's share (commission-share) are both taken from the
 * commission, so an agent at 0% would play for nothing.
 */
export const DEFAULT_MIN_COMMISSION_PERCENT = 10;

/** The refusal of a commission percentage under the agent's minimum (the admin's forms and the agent's own). */
export const belowMinimumMessage = (minimum: number) =>
  `Must be at least the minimum commission of ${minimum}%`;

/**
 * Whether a commission percentage is below the agent's minimum: both are percentages (isPercent: at most 4
 * decimals, so comparing the numbers is exact) and the first is lower. The admin's forms, the agent's settings
 * and the server ask this.
 */
export const belowMinimum = (commission: unknown, minimum: unknown): boolean =>
  isPercent(commission) && isPercent(minimum) && commission < minimum;

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
export const IdParams = z.strictObject({ id: z.uuid('Not a valid id') });

/** The super agent an agent is under, as the agents table shows it. */
export const AgentSuperAgent = z.object({
  superAgentId: Id,
  superAgentUsername: z.string(),
  superAgentCommissionRate: Percent,
});

/** An agent as the admin manages it (spec 02 section 3, 'Agent'). */
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
    etbAmount: Etb.refine((v) => v >= 0, 'Must be 0 or more'),
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
    reason: z.enum(['top-up', 'game', 'refund', 'adjustment', 'demo']),
    etbAmount: Etb.nullable(),
    gameId: Id.nullable(),
    notes: z.string().nullable(),
    createdAt: IsoDateTime,
  })
  .meta({ id: 'CoinLedgerEntry' });

export const AddCoinsResponse = z
  .object({ message: z.string(), agent: Agent, entry: CoinLedgerEntry })
  .meta({ id: 'AddCoinsResponse' });

/** spec 02 section 3 'User'. */
export const UserSummary = z.object({
  id: Id,
  _id: Id,
  username: z.string(),
  role: z.enum(['admin', 'agent', 'super-agent']),
  isActive: z.boolean(),
  createdAt: IsoDateTime,
  commissionPercentage: Percent.nullable(),
  financialModel: FinancialModel.nullable(),
  virtualCoins: z.number().int(),
});
export type UserSummary = z.infer<typeof UserSummary>;
export const UsersQuery = z.strictObject({ role: z.enum(['admin', 'agent', 'super-agent']).optional() });
export const UsersResponse = z.object({ users: z.array(UserSummary) }).meta({ id: 'UsersResponse' });

export const SuperAgent = z
  .object({
    id: Id,
    _id: Id,
    username: z.string(),
    platformCommissionRate: Percent,
    contact: z.string().nullable(),
    notes: z.string().nullable(),
    totalEarnings: Etb,
    isActive: z.boolean(),
    createdAt: IsoDateTime,
    activeAgents: z.number().int().describe('Agents under an active agreement with this super agent'),
  })
  .meta({ id: 'SuperAgent' });
export type SuperAgent = z.infer<typeof SuperAgent>;

export const SuperAgentsResponse = z
  .object({ superAgents: z.array(SuperAgent) })
  .meta({ id: 'SuperAgentsResponse' });

export const CreateSuperAgentRequest = z
  .strictObject({
    username: Username,
    password: NewPassword,
    contact: Contact.optional(),
    notes: Notes.optional(),
    platformCommissionRate: Percent.default(50),
  })
  .meta({ id: 'CreateSuperAgentRequest' });
export type CreateSuperAgentRequest = z.input<typeof CreateSuperAgentRequest>;

export const UpdateSuperAgentRequest = z
  .strictObject({
    username: Username.optional(),
    password: z.union([z.literal(''), NewPassword]).optional(),
    contact: Contact.optional(),
    notes: Notes.optional(),
    platformCommissionRate: Percent.optional(),
    isActive: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update')
  .meta({ id: 'UpdateSuperAgentRequest' });
export type UpdateSuperAgentRequest = z.input<typeof UpdateSuperAgentRequest>;

export const SuperAgentResponse = z
  .object({ message: z.string(), superAgent: SuperAgent })
  .meta({ id: 'SuperAgentResponse' });

/** spec 02 section 3 'Assignment agreement' (history included: isActive false, endedAt set). */
export const Agreement = z
  .object({
    id: Id,
    _id: Id,
    agentId: Id,
    agentUsername: z.string(),
    superAgentId: Id,
    superAgentUsername: z.string(),
    superAgentCommissionRate: Percent,
    notes: z.string().nullable(),
    isActive: z.boolean(),
    effectiveFrom: IsoDateTime,
    endedAt: IsoDateTime.nullable(),
  })
  .meta({ id: 'Agreement' });
export type Agreement = z.infer<typeof Agreement>;

export const AgreementsResponse = z
  .object({ agreements: z.array(Agreement) })
  .meta({ id: 'AgreementsResponse' });

export const AssignAgentRequest = z
  .strictObject({
    agentId: z.uuid('Choose an agent'),
    superAgentId: z.uuid('Choose a super agent'),
    superAgentCommissionRate: Percent.default(20),
    notes: Notes.optional(),
  })
  .meta({ id: 'AssignAgentRequest' });
export type AssignAgentRequest = z.input<typeof AssignAgentRequest>;

export const AssignAgentResponse = z
  .object({ message: z.string(), agreement: Agreement })
  .meta({ id: 'AssignAgentResponse' });

const admin = ['admin'] as const;

export const networkRoutes = {
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
  listSuperAgents: defineRoute({
    method: 'GET',
    path: '/api/super-agents',
    summary: 'Every super agent',
    access: admin,
    response: SuperAgentsResponse,
  }),
  createSuperAgent: defineRoute({
    method: 'POST',
    path: '/api/super-agents',
    summary: 'Create a super agent',
    access: admin,
    body: CreateSuperAgentRequest,
    response: SuperAgentResponse,
    status: 201,
  }),
  updateSuperAgent: defineRoute({
    method: 'PUT',
    path: '/api/super-agents/:id',
    summary: 'Update a super agent (partial)',
    access: admin,
    params: IdParams,
    body: UpdateSuperAgentRequest,
    response: SuperAgentResponse,
  }),
  assignAgent: defineRoute({
    method: 'POST',
    path: '/api/super-agents/assign-agent',
    summary: "Put an agent under a super agent (ends the agent's previous agreement)",
    access: admin,
    body: AssignAgentRequest,
    response: AssignAgentResponse,
  }),
  agreements: defineRoute({
    method: 'GET',
    path: '/api/super-agents/agreements',
    summary: 'Every agreement, the ended ones included',
    access: admin,
    response: AgreementsResponse,
  }),
} as const;
