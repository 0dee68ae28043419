// The admin's change of an account (an agent's form, a super agent's form): the steps both take, in one place.
import type { Database, Tx } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import type { AppError } from '../../errors.js';
import type { UserCache } from './cache.js';
import { ensureUsernameFree, lockUser, type UserPatch, updateUser, writingUsername } from './queries.js';

/** A blank contact or note is no contact or note. */
export const orNull = (value: string | null | undefined) => (value ? value : null);

/** The fields every account form has; a field left out is not changed. */
export interface AccountChange {
  username?: string | undefined;
  /** The new password, hashed (a blank password on the form keeps the current one: undefined). */
  passwordHash?: string | undefined;
  contact?: string | null | undefined;
  notes?: string | null | undefined;
  isActive?: boolean | undefined;
}

/**
 * Changes an account in one transaction: its row locked (`notFound` when it is not an account of `role`), a new
 * username checked free, the role's own checks and fields (`check`), the row written, then the rest of the change
 * and its answer (`finish`). A new password or a deactivation ends every session of the account at once, on every
 * instance (product/roles.md#sessions).
 */
export function changeAccount<T>(
  { database, users }: { database: Database; users: UserCache },
  account: { id: string; role: 'agent' | 'super-agent'; notFound: () => AppError },
  change: AccountChange,
  steps: {
    check(tx: Tx, current: UserRow): UserPatch | Promise<UserPatch>;
    finish(tx: Tx, current: UserRow): Promise<T>;
  },
): Promise<T> {
  const { id } = account;
  const endSessions = change.passwordHash !== undefined || change.isActive === false;
  const write = () =>
    database.db.transaction(async (tx) => {
      const current = await lockUser(tx, id, account.role);
      if (!current) throw account.notFound();
      if (change.username !== undefined) await ensureUsernameFree(tx, change.username, id);
      const patch: UserPatch = { ...(await steps.check(tx, current)) };
      if (change.username !== undefined) patch.username = change.username;
      if (change.passwordHash !== undefined) patch.passwordHash = change.passwordHash;
      if (change.contact !== undefined) patch.contact = orNull(change.contact);
      if (change.notes !== undefined) patch.notes = orNull(change.notes);
      if (change.isActive !== undefined) patch.isActive = change.isActive;
      await updateUser(tx, id, patch, { endSessions });
      return steps.finish(tx, current);
    });
  return users.changing(id, () => writingUsername(change.username, write), { everywhere: endSessions });
}
