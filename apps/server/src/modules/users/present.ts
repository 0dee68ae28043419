// A users row as the API shows it (the contract's SessionUser, and the UserSummary of the admin's users list):
// ETB with 2 decimals, percentages as numbers, role-specific fields null for the other roles.
import type { SessionUser, UserSummary } from '@cartela/contract';
import { percentToRate, rateToPercent, rateToPercentString, santimToEtb } from '@cartela/core';
import { storedSantim } from '../../db/columns.js';
import type { UserRow } from '../../db/schema.js';

/**
 * Santim (integer) to ETB for JSON: 12345 -> 123.45, by the money rules of packages/core. What is shown was
 * stored or summed: past 2^53 santim it is a 500 (decision 081), not the client's 400. (A sum with a name:
 * etb(storedSantim(value, name)).)
 */
export const etb = (amount: number): number => santimToEtb(storedSantim(amount, 'an amount shown'));

/** A numeric(7,4) column's text as a percentage number, exactly (core's Rate). */
export function percent(value: string): number;
export function percent(value: string | null): number | null;
export function percent(value: string | null): number | null {
  return value === null ? null : rateToPercent(percentToRate(value));
}

/** A percentage for a numeric(7,4) column: exact text (core refuses more than 4 decimals). */
export const percentToDb = (value: number): string => rateToPercentString(percentToRate(value));

// Rows are never changed in place (a change makes a new row object), and the user cache hands out the same row
// object until the user changes: so the presented form can be remembered per row object.
const presented = new WeakMap<UserRow, SessionUser>();

/** The user as the API shows it, with the business time zone its screens count days in (decision 065). */
export function toSessionUser(row: UserRow, businessTimeZone: string): SessionUser {
  let user = presented.get(row);
  if (user?.businessTimeZone !== businessTimeZone) {
    user = Object.freeze(present(row, businessTimeZone));
    presented.set(row, user);
  }
  return user;
}

/** What every view of a user shows (the admin's users list: the contract's UserSummary). */
export function toUserSummary(row: UserRow): UserSummary {
  const agent = row.role === 'agent';
  return {
    id: row.id,
    _id: row.id,
    username: row.username,
    role: row.role,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    commissionPercentage: agent ? percent(row.commissionPercentage) : null,
    financialModel: agent ? row.financialModel : null,
    virtualCoins: row.virtualCoins,
  };
}

function present(row: UserRow, businessTimeZone: string): SessionUser {
  const agent = row.role === 'agent';
  return {
    ...toUserSummary(row),
    language: row.language,
    contact: row.contact,
    minCommissionPercentage: agent ? percent(row.minCommissionPercentage) : null,
    systemCommissionShare: agent ? percent(row.systemCommissionShare) : null,
    totalEarnings: etb(storedSantim(row.totalEarnings, 'users.total_earnings')),
    lastPaymentDate: row.lastPaymentDate?.toISOString() ?? null,
    platformCommissionRate: row.role === 'super-agent' ? percent(row.platformCommissionRate) : null,
    winningPatterns: agent ? row.winningPatterns : null,
    businessTimeZone,
    mustChangePassword: row.mustChangePassword,
  };
}
