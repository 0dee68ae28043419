// What every account has, whoever manages it: a username, the minimum commission an agent may choose
// (decision 056), and the list of users (product/roles.md#accounts). The users module serves no route of its own.
import { isPercent } from '@cartela/core';
import { z } from 'zod';
import { FinancialModel, Id, IsoDateTime, nameText, Percent } from './common.js';

/**
 * A new username (admins, agents, super agents): 1-64 characters in NFKC, nothing invisible, no bidi control,
 * one of Latin, Greek and Cyrillic at most (nameText, decision 058). Sign-in normalises what is typed the same way.
 */
export const Username = nameText('Username is required');

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

/** A user (product/roles.md#accounts). */
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
