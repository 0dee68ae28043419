// Use cases of agent management (admin): the agents table, creating and editing agents (with their super
// agent), deleting them, and selling them coins. Coins change only through the coins module, super agent
// agreements and earnings only through the super-agents module, each in the same transaction as the rest.
import type {
  AddCoinsRequest,
  AddCoinsResponse,
  AgentResponse,
  AgentsResponse,
  CreateAgentRequest,
  MessageResponse,
  UpdateAgentRequest,
  UsersQuery,
  UsersResponse,
} from '@cartela/contract';
import { DEFAULT_SUPER_AGENT_RATE_PERCENT, etbToSantim, percentToRate, santimToEtb } from '@cartela/core';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { hashPassword } from '../auth/index.js';
import { changeCoins, toLedgerEntry } from '../coins/index.js';
import {
  activeAgreementOf,
  assignSuperAgent,
  endAgreementOf,
  recordCoinPurchaseEarning,
} from '../super-agents/index.js';
import {
  changeAccount,
  ensureCommissionAtLeastMinimum,
  ensureUsernameFree,
  insertUser,
  lockUser,
  orNull,
  percent,
  percentToDb,
  softDeleteUser,
  toUserSummary,
  type UserCache,
  type UserPatch,
  writingUsername,
} from '../users/index.js';
import { toAgent } from './present.js';
import { agentViews, listUsers } from './queries.js';

type CreateInput = z.output<typeof CreateAgentRequest>;
type UpdateInput = z.output<typeof UpdateAgentRequest>;
type AddCoinsInput = z.output<typeof AddCoinsRequest>;

const agentNotFound = () => new AppError('NOT_FOUND', 'Agent not found');

async function agentById(tx: Tx, id: string) {
  const [view] = await agentViews(tx, id);
  if (!view) throw agentNotFound();
  return toAgent(view);
}

/**
 * Applies the super agent part of an agent's form: null leaves the super agent, an id (or only a new rate)
 * makes a new agreement. The form sends its values back unchanged, and the same super agent at the same rate
 * is not a new agreement.
 */
async function changeSuperAgent(
  tx: Tx,
  agentId: string,
  input: Pick<UpdateInput, 'superAgentId' | 'superAgentCommissionRate'>,
): Promise<void> {
  if (input.superAgentId === undefined && input.superAgentCommissionRate === undefined) return;
  const current = await activeAgreementOf(tx, agentId);
  if (input.superAgentId === null) {
    if (current) await endAgreementOf(tx, agentId);
    return;
  }
  const superAgentId = input.superAgentId ?? current?.superAgentId;
  if (!superAgentId) {
    throw new AppError(
      'VALIDATION_FAILED',
      'superAgentCommissionRate: The agent has no super agent; choose one with the rate',
      { field: 'superAgentCommissionRate' },
    );
  }
  const same = current !== null && current.superAgentId === superAgentId;
  const rate =
    input.superAgentCommissionRate ??
    (same ? percent(current.superAgentCommissionRate) : DEFAULT_SUPER_AGENT_RATE_PERCENT);
  if (same && percentToRate(current.superAgentCommissionRate) === percentToRate(rate)) return;
  await assignSuperAgent(tx, { agentId, superAgentId, superAgentCommissionRate: rate });
}

/**
 * The coins the agent's form asks to add (negative: take) under the agent's row lock: the new balance minus the
 * balance the form showed, which is the balance now (ensureBalanceAsShown). A form that left the coins as shown
 * changes none, whatever the balance is now.
 */
function coinAdjustment(input: Pick<UpdateInput, 'virtualCoins' | 'virtualCoinsShown'>, current: UserRow) {
  if (input.virtualCoins === undefined) return 0;
  const shown = input.virtualCoinsShown ?? current.virtualCoins;
  return input.virtualCoins - shown;
}

/**
 * An absolute balance is only as good as the balance it was typed over (decision 056): a form opened before the
 * agent played a game would otherwise give back the coins the game cost. 409 BALANCE_CHANGED, nothing written,
 * when the balance moved since the form showed it, or when a new balance comes without the one shown.
 */
function ensureBalanceAsShown(
  input: Pick<UpdateInput, 'virtualCoins' | 'virtualCoinsShown'>,
  current: UserRow,
) {
  const { virtualCoins, virtualCoinsShown } = input;
  if (virtualCoins === undefined || virtualCoins === (virtualCoinsShown ?? current.virtualCoins)) return;
  if (virtualCoinsShown === current.virtualCoins) return;
  throw new AppError(
    'CONFLICT',
    virtualCoinsShown === undefined
      ? `A new balance needs the balance it replaces (virtualCoinsShown): the balance is ${current.virtualCoins} coins. Nothing was changed.`
      : `The balance changed to ${current.virtualCoins} coins since the form showed ${virtualCoinsShown}. Nothing was changed: check the new balance and save again.`,
    { field: 'virtualCoins', reason: 'BALANCE_CHANGED' },
  );
}

export function createAgentsService({
  database,
  users,
  now,
}: {
  database: Database;
  users: UserCache;
  /** ModuleDeps.now: when a top-up happened (its ledger row and its business day). */
  now: () => Date;
}) {
  const { db } = database;
  return {
    async list(): Promise<z.output<typeof AgentsResponse>> {
      return { agents: (await agentViews(db)).map(toAgent) };
    },

    async listUsers(query: z.output<typeof UsersQuery>): Promise<z.output<typeof UsersResponse>> {
      return { users: (await listUsers(db, query.role)).map(toUserSummary) };
    },

    async create(input: CreateInput): Promise<z.output<typeof AgentResponse>> {
      const passwordHash = await hashPassword(input.password);
      const agent = await writingUsername(input.username, () =>
        db.transaction(async (tx) => {
          await ensureUsernameFree(tx, input.username);
          const row = await insertUser(tx, {
            username: input.username,
            passwordHash,
            role: 'agent',
            contact: orNull(input.contact),
            financialModel: input.financialModel,
            commissionPercentage: percentToDb(input.commissionPercentage),
            // The contract already refused a percentage below it.
            minCommissionPercentage: percentToDb(input.minCommissionPercentage),
            systemCommissionShare: percentToDb(input.systemCommissionShare),
            winningPatterns: [...new Set(input.winningPatterns)],
          });
          if (input.superAgentId) {
            await assignSuperAgent(tx, {
              agentId: row.id,
              superAgentId: input.superAgentId,
              superAgentCommissionRate: input.superAgentCommissionRate,
            });
          }
          return agentById(tx, row.id);
        }),
      );
      return { message: 'Agent created successfully', agent };
    },

    async update(id: string, input: UpdateInput, actor: UserRow): Promise<z.output<typeof AgentResponse>> {
      // Blank keeps the current password.
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      const { username, contact, isActive } = input;
      const agent = await changeAccount(
        { database, users },
        { id, role: 'agent', notFound: agentNotFound },
        { username, passwordHash, contact, isActive },
        {
          check(_tx, current) {
            const financialModel = input.financialModel ?? current.financialModel;
            if (coinAdjustment(input, current) !== 0 && financialModel !== 'virtual-coin') {
              throw new AppError('VALIDATION_FAILED', 'virtualCoins: Only virtual-coin agents have coins', {
                field: 'virtualCoins',
              });
            }
            if (input.commissionPercentage !== undefined || input.minCommissionPercentage !== undefined) {
              ensureCommissionAtLeastMinimum(
                input.commissionPercentage ?? current.commissionPercentage!,
                input.minCommissionPercentage ?? current.minCommissionPercentage!,
              );
            }
            // After every 400: a form refused for its values is not also told to reload.
            ensureBalanceAsShown(input, current);

            const patch: UserPatch = {};
            if (input.financialModel !== undefined) patch.financialModel = input.financialModel;
            if (input.commissionPercentage !== undefined) {
              patch.commissionPercentage = percentToDb(input.commissionPercentage);
            }
            if (input.minCommissionPercentage !== undefined) {
              patch.minCommissionPercentage = percentToDb(input.minCommissionPercentage);
            }
            if (input.systemCommissionShare !== undefined) {
              patch.systemCommissionShare = percentToDb(input.systemCommissionShare);
            }
            if (input.winningPatterns !== undefined)
              patch.winningPatterns = [...new Set(input.winningPatterns)];
            return patch;
          },
          async finish(tx, current) {
            const delta = coinAdjustment(input, current);
            if (delta !== 0) {
              await changeCoins(tx, {
                agentId: id,
                delta,
                reason: 'adjustment',
                actorId: actor.id,
                notes: `Balance set to ${input.virtualCoins} on the agent's form (it showed ${current.virtualCoins})`,
              });
            }
            await changeSuperAgent(tx, id, input);
            return agentById(tx, id);
          },
        },
      );
      return { message: 'Agent updated successfully', agent };
    },

    /** The agent disappears and cannot sign in; its ledger, agreements and games stay (decision 040). */
    async remove(id: string): Promise<MessageResponse> {
      await users.changing(
        id,
        () =>
          db.transaction(async (tx) => {
            if (!(await lockUser(tx, id, 'agent'))) throw agentNotFound();
            await softDeleteUser(tx, id);
            await endAgreementOf(tx, id);
          }),
        { everywhere: true },
      );
      return { message: 'Agent deleted successfully' };
    },

    /** A top-up: the coins, their ledger row and, under a super agent, its earning: all or nothing. */
    async addCoins(
      id: string,
      input: AddCoinsInput,
      actor: UserRow,
    ): Promise<z.output<typeof AddCoinsResponse>> {
      const paid = etbToSantim(input.etbAmount);
      const result = await db.transaction(async (tx) => {
        const current = await lockUser(tx, id, 'agent');
        if (!current) throw agentNotFound();
        const at = now(); // under the agent's lock: its ledger's order (coins/ledger.ts)
        if (current.financialModel !== 'virtual-coin') {
          throw new AppError(
            'CONFLICT',
            `Agent "${current.username}" uses the commission-share model: only virtual-coin agents buy coins`,
          );
        }
        const { entry } = await changeCoins(tx, {
          agentId: id,
          delta: input.coins,
          reason: 'top-up',
          etbAmountSantim: paid,
          actorId: actor.id,
          notes: orNull(input.notes),
          at,
        });
        const earning = await recordCoinPurchaseEarning(tx, {
          agentId: id,
          coinLedgerId: entry.id,
          purchaseAmount: paid,
          at,
        });
        return { entry, earning, agent: await agentById(tx, id) };
      });
      users.invalidate(id);
      if (result.earning) users.invalidate(result.earning.superAgentId);
      return {
        message: `Added ${input.coins} coins (${santimToEtb(paid).toFixed(2)} ETB) to ${result.agent.username}`,
        agent: result.agent,
        entry: toLedgerEntry(result.entry),
      };
    },
  };
}

export type AgentsService = ReturnType<typeof createAgentsService>;
