// Failed sign-ins, counted in the database so that every instance sees the same counters and a restart keeps
// them. Three limits, each a fixed window (docs/decisions/025-login-doors-and-rate-limits.md):
// - per client address, whatever the account: one device trying many accounts;
// - per (account, client address): the address that keeps failing is refused, the owner elsewhere is not;
// - per account from every address (looser, longer window): guessing spread over many addresses.
// An attempt is counted when it STARTS, so a burst sent at once cannot all be tried before the first failure
// is recorded; it is taken back when the password proves right.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { LimitRule } from '../../config.js';
import type { Database, Tx } from '../../db/client.js';
import { AppError, MESSAGES } from '../../errors.js';
import { loginAttempts } from './schema.js';

export interface LoginLimits {
  perAddress: LimitRule;
  perAccountAddress: LimitRule;
  perAccount: LimitRule;
}

/** Who is trying: the account when the username names one (else the name as typed), and the client address. */
export interface Attempter {
  /** The account's id, or `name:<username>` for a username that names no account. */
  account: string;
  address: string;
}

/** The counters one attempt used: hand it back with `succeeded` when the password was right. */
export interface Attempt {
  counted: { key: string; windowEndsAt: Date }[];
}

class Refused extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('refused');
  }
}

export class LoginLimiter {
  constructor(
    private readonly database: Database,
    private readonly limits: LoginLimits,
  ) {}

  /**
   * Counts one attempt on each of the attempter's counters, or on none when one of them is used up: then it
   * throws 429 RATE_LIMITED with Retry-After. Concurrent attempts queue on the counter rows, so at most `max`
   * attempts of a window ever get through, however many arrive at once.
   */
  async begin(who: Attempter): Promise<Attempt> {
    const rules: [string, LimitRule][] = [
      [`address:${who.address}`, this.limits.perAddress],
      [`account-address:${who.account}|${who.address}`, this.limits.perAccountAddress],
      [`account:${who.account}`, this.limits.perAccount],
    ];
    try {
      const counted = await this.database.db.transaction(async (tx) => {
        const done: Attempt['counted'] = [];
        // Always in this order, so two transactions never wait on each other's rows in a cycle.
        for (const [key, rule] of rules) {
          const windowEndsAt = await countOne(tx, key, rule);
          if (windowEndsAt === null) throw new Refused(await secondsLeft(tx, key));
          done.push({ key, windowEndsAt });
        }
        return done;
      });
      return { counted };
    } catch (err) {
      if (err instanceof Refused) {
        throw new AppError('RATE_LIMITED', MESSAGES.rateLimited, {
          headers: { 'retry-after': String(err.retryAfterSeconds) },
        });
      }
      throw err;
    }
  }

  /** The password was right: this attempt was no guess, take it back (only from the window it counted in). */
  async succeeded(attempt: Attempt): Promise<void> {
    // One row per statement, each committed on its own: a statement locking several rows in another order
    // than begin() would deadlock with attempts in flight.
    for (const { key, windowEndsAt } of attempt.counted) {
      await this.database.db
        .update(loginAttempts)
        .set({ attempts: sql`${loginAttempts.attempts} - 1` })
        .where(
          and(
            eq(loginAttempts.key, key),
            eq(loginAttempts.windowEndsAt, windowEndsAt),
            gt(loginAttempts.attempts, 0),
          ),
        );
    }
  }

  /** Forgets windows that ended (called now and then; expired rows are harmless meanwhile). */
  async sweep(): Promise<void> {
    // SKIP LOCKED: never wait on (or deadlock with) an attempt counting on an ended window right now.
    await this.database.db.execute(sql`
      DELETE FROM ${loginAttempts} WHERE key IN (
        SELECT key FROM ${loginAttempts} WHERE window_ends_at <= now() FOR UPDATE SKIP LOCKED)`);
  }
}

/**
 * One more attempt on `key`: a new window when the last one ended, else +1 while under the rule's max.
 * Returns the window's end, or null when the window's attempts are used up (nothing changed then).
 * Millisecond precision, so the end read back into JavaScript matches the stored value exactly.
 */
async function countOne(tx: Tx, key: string, rule: LimitRule): Promise<Date | null> {
  const result = (await tx.execute(sql`
    INSERT INTO ${loginAttempts} AS a (key, attempts, window_ends_at)
    VALUES (${key}, 1, date_trunc('milliseconds', now()) + ${rule.windowMs} * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      attempts = CASE WHEN a.window_ends_at <= now() THEN 1 ELSE a.attempts + 1 END,
      window_ends_at = CASE WHEN a.window_ends_at <= now() THEN excluded.window_ends_at ELSE a.window_ends_at END
    WHERE a.window_ends_at <= now() OR a.attempts < ${rule.max}
    RETURNING a.window_ends_at AS "windowEndsAt"`)) as unknown as { rows: { windowEndsAt: string | Date }[] };
  const row = result.rows[0];
  return row ? new Date(row.windowEndsAt) : null;
}

async function secondsLeft(tx: Tx, key: string): Promise<number> {
  const result = (await tx.execute(sql`
    SELECT ceil(extract(epoch FROM window_ends_at - now()))::int AS "seconds"
    FROM ${loginAttempts} WHERE key = ${key}`)) as unknown as { rows: { seconds: number }[] };
  return Math.max(1, result.rows[0]?.seconds ?? 1);
}
