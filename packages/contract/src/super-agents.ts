// Super agents as the admin manages them, and their agreements with agents (product/roles.md#agreements). The
// super-agents module serves these routes (and superAgentDashboardRoutes, super-agent-dashboard.ts).
import { z } from 'zod';
import { NewPassword } from './auth.js';
import { Etb, Id, IdParams, IsoDateTime, Percent } from './common.js';
import { Contact, Notes } from './fields.js';
import { defineRoute } from './route.js';
import { Username } from './users.js';

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

/** An agreement (product/roles.md#agreements; history included: isActive false, endedAt set). */
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

export const superAgentRoutes = {
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
