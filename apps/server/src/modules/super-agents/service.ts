// Use cases of super agent management (admin): the super agents, and which agent is under which of them.
import type {
  AgreementsResponse,
  AssignAgentRequest,
  AssignAgentResponse,
  CreateSuperAgentRequest,
  SuperAgentResponse,
  SuperAgentsResponse,
  UpdateSuperAgentRequest,
} from '@cartela/contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { hashPassword } from '../auth/index.js';
import {
  changeAccount,
  ensureUsernameFree,
  insertUser,
  orNull,
  percentToDb,
  type UserCache,
  writingUsername,
} from '../users/index.js';
import { assignSuperAgent } from './agreements.js';
import { toAgreement, toSuperAgent } from './present.js';
import { agreementViews, superAgentViews } from './queries.js';

type CreateInput = z.output<typeof CreateSuperAgentRequest>;
type UpdateInput = z.output<typeof UpdateSuperAgentRequest>;
type AssignInput = z.output<typeof AssignAgentRequest>;

const superAgentNotFound = () => new AppError('NOT_FOUND', 'Super agent not found');

async function superAgentById(tx: Tx, id: string) {
  const [view] = await superAgentViews(tx, id);
  if (!view) throw superAgentNotFound();
  return toSuperAgent(view);
}

export function createSuperAgentsService({ database, users }: { database: Database; users: UserCache }) {
  const { db } = database;
  return {
    async list(): Promise<z.output<typeof SuperAgentsResponse>> {
      return { superAgents: (await superAgentViews(db)).map(toSuperAgent) };
    },

    async create(input: CreateInput): Promise<z.output<typeof SuperAgentResponse>> {
      const passwordHash = await hashPassword(input.password);
      const superAgent = await writingUsername(input.username, () =>
        db.transaction(async (tx) => {
          await ensureUsernameFree(tx, input.username);
          const row = await insertUser(tx, {
            username: input.username,
            passwordHash,
            role: 'super-agent',
            contact: orNull(input.contact),
            notes: orNull(input.notes),
            platformCommissionRate: percentToDb(input.platformCommissionRate),
          });
          return superAgentById(tx, row.id);
        }),
      );
      return { message: 'Super agent created successfully', superAgent };
    },

    async update(id: string, input: UpdateInput): Promise<z.output<typeof SuperAgentResponse>> {
      // Blank keeps the current password.
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      const { username, contact, notes, isActive, platformCommissionRate: rate } = input;
      const superAgent = await changeAccount(
        { database, users },
        { id, role: 'super-agent', notFound: superAgentNotFound },
        { username, passwordHash, contact, notes, isActive },
        {
          check: () => (rate === undefined ? {} : { platformCommissionRate: percentToDb(rate) }),
          finish: (tx) => superAgentById(tx, id),
        },
      );
      return { message: 'Super agent updated successfully', superAgent };
    },

    async assign(input: AssignInput): Promise<z.output<typeof AssignAgentResponse>> {
      const { agreement, agent, superAgent } = await db.transaction((tx) =>
        assignSuperAgent(tx, {
          agentId: input.agentId,
          superAgentId: input.superAgentId,
          superAgentCommissionRate: input.superAgentCommissionRate,
          notes: orNull(input.notes),
        }),
      );
      return {
        message: `Agent "${agent.username}" assigned to super agent "${superAgent.username}"`,
        agreement: toAgreement({
          agreement,
          agentUsername: agent.username,
          superAgentUsername: superAgent.username,
        }),
      };
    },

    async agreements(): Promise<z.output<typeof AgreementsResponse>> {
      return { agreements: (await agreementViews(db)).map(toAgreement) };
    },
  };
}

export type SuperAgentsService = ReturnType<typeof createSuperAgentsService>;
