// Reads and writes of the users table. Whoever changes a users row calls UserCache.invalidate(id) after the
// transaction commits (the users trigger also notifies every instance: docs/decisions/021-session-invalidation.md).
// A deleted account (deleted_at set) is gone for every read here: it cannot sign in, its sessions end, and its
// name is free again; its rows stay for the money history (docs/decisions/040-agents-and-coins.md).
import { normaliseName, Username } from '@cartela/contract';
import { PATTERN_IDS } from '@cartela/core';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { type NewUserRow, type UserRow, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * The user (of `role`, when given), locked until the transaction ends; null when there is none. Every writer of
 * a user's row or of what hangs on it (an agent's coins, cartelas, agreements, commission settings, games) takes
 * this lock first (decision 059). NO KEY UPDATE: rows that only reference the user are not blocked.
 */
export async function lockUser(tx: Tx, id: string, role?: UserRow['role']): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), role ? eq(users.role, role) : undefined, isNull(users.deletedAt)))
    .for('no key update');
  return row ?? null;
}

/**
 * Usernames are unique regardless of case ('Admin' is 'admin'), and compared in their one form (NFKC, trimmed:
 * the contract's normaliseName, decision 058), so 'ａｄｍｉｎ' finds admin too.
 */
export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | null> {
  const name = normaliseName(username);
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${name})`, isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * A username as it is stored: in its one form, and refused (400 on username) when it does not look like who it
 * is. The routes' contract already did both; this holds for every other way a name arrives (the first admin
 * from the environment, the admin command, the demo data, tests): decision 058.
 */
export function storedUsername(username: string): string {
  const parsed = Username.safeParse(username);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', `username: ${parsed.error.issues[0]!.message}`, {
      field: 'username',
    });
  }
  return parsed.data;
}

/** Agents start with every winning pattern unless told otherwise. The username is checked (storedUsername). */
export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
  const winningPatterns =
    values.role === 'agent' ? (values.winningPatterns ?? [...PATTERN_IDS]) : values.winningPatterns;
  const [row] = await db
    .insert(users)
    .values({ ...values, username: storedUsername(values.username), winningPatterns })
    .returning();
  return row!;
}

const USERNAME_INDEX = 'users_username_lower_key';

export const usernameTaken = (username: string) =>
  new AppError('CONFLICT', `Username "${username}" is already taken`, {
    field: 'username',
    reason: 'USERNAME_TAKEN',
  });

/** Fails with 409 when another account that is not deleted has the name, in any letter case. */
export async function ensureUsernameFree(db: DbOrTx, username: string, exceptId?: string): Promise<void> {
  const holder = await findUserByUsername(db, username);
  if (holder && holder.id !== exceptId) throw usernameTaken(username);
}

/** Whether a write failed on the username index (directly, or wrapped by Drizzle). */
function isUsernameIndexViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505' && constraint === USERNAME_INDEX) return true;
  }
  return false;
}

/**
 * Runs a write (a transaction) that sets `username`. ensureUsernameFree inside it answers the usual case; this
 * answers the race it cannot see: another transaction took the name and committed after the check (two admins
 * creating the same agent at once), and the unique index refused ours. Both are the same 409.
 */
export async function writingUsername<T>(username: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (username !== undefined && isUsernameIndexViolation(err)) throw usernameTaken(username);
    throw err;
  }
}

export type UserPatch = Partial<
  Pick<
    NewUserRow,
    | 'username'
    | 'passwordHash'
    | 'mustChangePassword'
    | 'isActive'
    | 'language'
    | 'contact'
    | 'commissionPercentage'
    | 'minCommissionPercentage'
    | 'systemCommissionShare'
    | 'platformCommissionRate'
    | 'financialModel'
    | 'winningPatterns'
    | 'notes'
  >
>;

/**
 * Updates a user. `endSessions` bumps the token version, which ends every session of the user at once
 * (password change, deactivation). Returns the new row, or null when there is no such user.
 */
export async function updateUser(
  db: DbOrTx,
  id: string,
  patch: UserPatch,
  options: { endSessions?: boolean } = {},
): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .update(users)
    .set({
      ...patch,
      ...(patch.username === undefined ? {} : { username: storedUsername(patch.username) }),
      ...(options.endSessions ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return row ?? null;
}

/**
 * Deletes an account softly: it is marked deleted and inactive and its sessions end, while the rows that
 * point at it (ledger, agreements, games) stay. Returns the row, or null when there is no such account.
 */
export async function softDeleteUser(db: DbOrTx, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const now = new Date();
  const [row] = await db
    .update(users)
    .set({
      deletedAt: now,
      isActive: false,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: now,
    })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return row ?? null;
}

/** Every account ever made, the deleted ones included (the demo data goes only into an empty database). */
export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function adminExists(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
    .limit(1);
  return row !== undefined;
}
