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
  ensureUsernameFree,
  insertUser,
  lockUser,
  percentToDb,
  type UserCache,
  type UserPatch,
  updateUser,
  writingUsername,
} from '../users/index.js';
import { assignSuperAgent } from './agreements.js';
import { toAgreement, toSuperAgent } from './present.js';
import { agreementViews, superAgentViews } from './queries.js';

type CreateInput = z.output<typeof CreateSuperAgentRequest>;
type UpdateInput = z.output<typeof UpdateSuperAgentRequest>;
type AssignInput = z.output<typeof AssignAgentRequest>;

const superAgentNotFound = () => new AppError('NOT_FOUND', 'Super agent not found');

/** A blank contact or note is no contact or note. */
const orNull = (value: string | null | undefined) => (value ? value : null);

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
      // A new password or a deactivation ends every session of the super agent at once (product/roles.md#sessions).
      const endSessions = passwordHash !== undefined || input.isActive === false;
      const superAgent = await users.changing(
        id,
        () =>
          writingUsername(input.username, () =>
            db.transaction(async (tx) => {
              const current = await lockUser(tx, id, 'super-agent');
              if (!current) throw superAgentNotFound();
              if (input.username !== undefined) await ensureUsernameFree(tx, input.username, id);
              const patch: UserPatch = {};
              if (input.username !== undefined) patch.username = input.username;
              if (passwordHash !== undefined) patch.passwordHash = passwordHash;
              if (input.contact !== undefined) patch.contact = orNull(input.contact);
              if (input.notes !== undefined) patch.notes = orNull(input.notes);
              if (input.platformCommissionRate !== undefined) {
                patch.platformCommissionRate = percentToDb(input.platformCommissionRate);
              }
              if (input.isActive !== undefined) patch.isActive = input.isActive;
              await updateUser(tx, id, patch, { endSessions });
              return superAgentById(tx, id);
            }),
          ),
        { everywhere: endSessions },
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
