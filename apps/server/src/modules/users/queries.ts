// Reads and writes of the users table. Whoever changes a users row calls UserCache.invalidate(id) after the
// transaction commits (the users trigger also notifies every instance: docs/decisions/021-session-invalidation.md).
import { count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type NewUserRow, type UserRow, users } from '../../db/schema.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Usernames are unique regardless of case ('Admin' is 'admin'). */
export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row ?? null;
}

export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export type UserPatch = Partial<
  Pick<
    NewUserRow,
    | 'passwordHash'
    | 'mustChangePassword'
    | 'isActive'
    | 'language'
    | 'contact'
    | 'commissionPercentage'
    | 'systemCommissionShare'
    | 'platformCommissionRate'
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
      ...(options.endSessions ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function adminExists(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return row !== undefined;
}
