// A users row as the API shows it (the contract's SessionUser): ETB with 2 decimals, percentages as numbers,
// role-specific fields null for the other roles.
import type { SessionUser } from '@cartela/contract';
import type { UserRow } from '../../db/schema.js';

/** Santim (integer) to ETB for JSON: 12345 -> 123.45. */
const etb = (santim: number): number => santim / 100;

const percent = (value: string | null): number | null => (value === null ? null : Number(value));

/** A percentage for a numeric(7,4) column: exact text with 4 decimals. */
export const percentToDb = (value: number): string => value.toFixed(4);

// Rows are never changed in place (a change makes a new row object), and the user cache hands out the same row
// object until the user changes: so the presented form can be remembered per row object.
const presented = new WeakMap<UserRow, SessionUser>();

export function toSessionUser(row: UserRow): SessionUser {
  let user = presented.get(row);
  if (!user) {
    user = Object.freeze(present(row));
    presented.set(row, user);
  }
  return user;
}

function present(row: UserRow): SessionUser {
  const agent = row.role === 'agent';
  return {
    id: row.id,
    _id: row.id,
    username: row.username,
    role: row.role,
    isActive: row.isActive,
    language: row.language,
    contact: row.contact,
    createdAt: row.createdAt.toISOString(),
    financialModel: agent ? row.financialModel : null,
    virtualCoins: row.virtualCoins,
    commissionPercentage: agent ? percent(row.commissionPercentage) : null,
    systemCommissionShare: agent ? percent(row.systemCommissionShare) : null,
    totalEarnings: etb(row.totalEarnings),
    lastPaymentDate: row.lastPaymentDate?.toISOString() ?? null,
    platformCommissionRate: row.role === 'super-agent' ? percent(row.platformCommissionRate) : null,
  };
}
