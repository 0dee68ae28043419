// The users an instance has seen recently, by id. Every authenticated request needs the user's token version,
// active flag and role (to honour "a password change ends every session at once"); reading them from memory
// instead of the database keeps GET /api/auth/me near a bare route's speed.
//
// Correctness: an entry is dropped when the user changes - in process right after the writing transaction
// commits (UserCache.invalidate), and on every instance through the users trigger's NOTIFY. A read that raced
// with a change is not stored (the epoch check), nothing is cached while notifications could be missed, and
// entries expire after a minute as a last resort. docs/decisions/021-session-invalidation.md
import { type Database, MISSED, USER_CHANGED_CHANNEL } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { findUserById } from './queries.js';

/**
 * The longest a change that ends sessions waits to be heard back through NOTIFY before it answers (it is heard
 * in a few milliseconds; a second means the listener is in trouble, and the answer goes out anyway).
 */
export const HEAR_WAIT_MS = 1_000;

interface Entry {
  user: UserRow;
  expires: number;
}

export class UserCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every invalidation: a read that started before one must not store what it read. */
  private epoch = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly database: Database,
    private readonly options: { ttlMs?: number; maxEntries?: number } = {},
  ) {
    this.unsubscribe = database.listen(USER_CHANGED_CHANNEL, (id) =>
      id === MISSED ? this.clear() : this.invalidate(id),
    );
  }

  /** The user if it is in memory and fresh, without touching the database (undefined otherwise). */
  peek(id: string): UserRow | undefined {
    const hit = this.entries.get(id);
    return hit && hit.expires > Date.now() ? hit.user : undefined;
  }

  /** The user, from memory when possible; null when there is no such user. */
  async get(id: string): Promise<UserRow | null> {
    const hit = this.entries.get(id);
    const now = Date.now();
    if (hit && hit.expires > now) return hit.user;
    const epoch = this.epoch;
    const user = await findUserById(this.database.db, id);
    if (user && epoch === this.epoch && this.database.notificationsReliable()) {
      if (this.entries.size >= (this.options.maxEntries ?? 10_000)) this.entries.clear();
      this.entries.set(id, { user, expires: now + (this.options.ttlMs ?? 60_000) });
    }
    return user;
  }

  /**
   * Runs `write` (a transaction that changes user `id`), forgets the user here, and when `everywhere` (the
   * change ends the user's sessions: a new password, a deactivation, a deletion) answers only once every instance
   * has heard of it (at most HEAR_WAIT_MS): the caller's next request, to whichever instance, is refused.
   */
  async changing<T>(
    id: string,
    write: () => Promise<T>,
    { everywhere }: { everywhere: boolean },
  ): Promise<T> {
    const hearing = everywhere ? this.database.hear(USER_CHANGED_CHANNEL, id, HEAR_WAIT_MS) : null;
    let result: T;
    try {
      result = await write();
    } catch (err) {
      hearing?.cancel();
      throw err;
    }
    this.invalidate(id);
    await hearing?.heard;
    return result;
  }

  /** Forget one user: call it after a transaction that changed the user commits. */
  invalidate(id: string): void {
    this.epoch++;
    this.entries.delete(id);
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
  }

  close(): void {
    this.unsubscribe();
    this.clear();
  }
}
