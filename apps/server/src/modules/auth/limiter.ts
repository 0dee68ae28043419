// Failed sign-ins, counted in the database so that every instance sees the same counters and a restart keeps
// them. The rule they keep: no stranger can close the owner's door, neither from the owner's own address (a
// hall's players and its agent share one public address) nor from elsewhere
// (docs/decisions/080-sign-in-a-stranger-cannot-close.md, revising 025):
// - per client address, whatever the account (a fixed window): one device trying many accounts;
// - per door, account and client address (a streak): the first attempts are free, then each must wait twice as
//   long after the one before, up to a short longest wait. One address guessing is slowed to one guess per
//   longest wait, and the owner behind that same address waits at most that long, never an hour;
// - per account from every address (a fixed, longer window): its failures close it only when they come from
//   several addresses, so one address can never close it for the others;
// - a known device (a browser that signed in to the account before: devices.ts) is counted only on its own
//   streak per door, account and device: what anybody else does cannot close its door.
// An attempt is counted when it STARTS, so a burst sent at once cannot all be tried before the first failure
// is recorded; it is taken back when the password proves right at the right door.
import { and, eq, gt, gte, sql } from 'drizzle-orm';
import type { LimitRule } from '../../config.js';
import type { Database, DbOrTx, Tx } from '../../db/client.js';
import { AppError, MESSAGES } from '../../errors.js';
import { loginAttempts } from './schema.js';
import type { LoginDoor } from './service.js';

export interface LoginLimits {
  /** Attempts per client address (any account, any door) and fixed window. */
  perAddress: LimitRule;
  /**
   * A streak per door, account and address (or known device): `max` attempts are free, then each waits
   * twice as long after the one before, from FIRST_DELAY_MS up to `windowMs`, the longest wait.
   */
  perAccountAddress: LimitRule;
  /**
   * Failed attempts at one account from all addresses per fixed window: at `max` the account is closed to
   * every client but its known devices, only once they came from at least `addresses` client addresses. The
   * window is also how long a streak is remembered after its last attempt.
   */
  perAccount: LimitRule & { addresses: number };
}

/** The wait after the first attempt past the free ones; each further one doubles it, up to the longest wait. */
export const FIRST_DELAY_MS = 1000;

/** Who is trying, where, and through which door. */
export interface Attempter {
  /** The account's id, or `name:<username>` for a username that names no account. */
  account: string;
  /** Each door has its own streaks: the web tries both at once, and only the right one can tell anything. */
  door: LoginDoor;
  address: string;
  /** The browser's id as a known device of this account (its device cookie checked out), else null. */
  device: string | null;
}

/** One counter an attempt added to, and how to find that same count again to take it back. */
type Counted =
  /** A fixed window: the window it counted in. */
  | { kind: 'window'; key: string; endsAt: Date }
  /** A streak: the row's end when this attempt counted (a later attempt only moves it further). */
  | { kind: 'streak'; key: string; endsAt: Date }
  /** The account's window: its total, its count of failing addresses and this address's count in it. */
  | { kind: 'account'; total: string; addresses: string; from: string; endsAt: Date };

/** The counters one attempt used: hand it back with `succeeded` when the password was right. */
export interface Attempt {
  counted: Counted[];
}

class Refused extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('refused');
  }
}

const secondsUntil = (at: Date, until: number) => Math.max(1, Math.ceil((until - at.getTime()) / 1000));

export class LoginLimiter {
  /** The instant an attempt starts at: the database's clock unless a test gives its own. */
  private readonly clock: (() => Date) | null;

  constructor(
    private readonly database: Database,
    private readonly limits: LoginLimits,
    options: { clock?: () => Date } = {},
  ) {
    this.clock = options.clock ?? null;
  }

  /**
   * Counts one attempt on each of the attempter's counters, or on none when one of them refuses it: then it
   * throws 429 RATE_LIMITED with Retry-After. Concurrent attempts queue on the counter rows, so however many
   * arrive at once, no more get through than the counters allow.
   */
  async begin(who: Attempter): Promise<Attempt> {
    try {
      const counted = await this.database.db.transaction(async (tx) => {
        const at = await this.instant(tx);
        if (who.device !== null) {
          return [await this.countStreak(tx, `device:${who.door}:${who.account}|${who.device}`, at)];
        }
        // Always in this order (address, streak, account's total, its addresses, this address in it), so two
        // transactions never wait on each other's rows in a cycle. A refusal rolls back what came before it.
        return [
          await this.countWindow(tx, `address:${who.address}`, this.limits.perAddress, at),
          await this.countStreak(tx, `streak:${who.door}:${who.account}|${who.address}`, at),
          await this.countAccount(tx, who, at),
        ];
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

  /**
   * The password was right at the right door: this attempt was no guess, take it back (only from the count it
   * was in). Each statement locks one row, or (the account's addresses, then this address) two in begin()'s
   * order, so none can deadlock with attempts in flight.
   */
  async succeeded(attempt: Attempt): Promise<void> {
    const { db } = this.database;
    for (const c of attempt.counted) {
      if (c.kind !== 'account') {
        await takeBack(db, c.key, c.kind === 'window' ? 'same' : 'same-or-later', c.endsAt);
        continue;
      }
      await takeBack(db, c.total, 'same', c.endsAt);
      await this.notFailingFrom(c);
    }
  }

  /**
   * The right password at the other door (the web tries both at once): it stays counted on that door's streak
   * and in the account's total, so the door tells no right guess apart, but its address is not one of the
   * account's failing addresses - else the owner's own sign-in would be the fifth address that, with four
   * strangers', closes the account to everyone (decision 080).
   */
  async rightAtOtherDoor(attempt: Attempt): Promise<void> {
    for (const c of attempt.counted) if (c.kind === 'account') await this.notFailingFrom(c);
  }

  /** This attempt's address no longer counts as failing at the account, unless it failed there otherwise. */
  private async notFailingFrom(c: Extract<Counted, { kind: 'account' }>): Promise<void> {
    await this.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT 1 FROM ${loginAttempts} WHERE key = ${c.addresses} AND window_ends_at = ${c.endsAt.toISOString()}::timestamptz FOR UPDATE`,
      );
      const left = await takeBack(tx, c.from, 'same', c.endsAt);
      // Nothing else of this address is counted in the window: it is not failing at this account after all.
      if (left === 0) await takeBack(tx, c.addresses, 'same', c.endsAt);
    });
  }

  /** Forgets windows that ended and streaks not tried for a window (called now and then; harmless meanwhile). */
  async sweep(): Promise<void> {
    // SKIP LOCKED: never wait on (or deadlock with) an attempt counting on an ended window right now.
    const at = this.clock ? sql`${this.clock().toISOString()}::timestamptz` : sql`now()`;
    await this.database.db.execute(sql`
      DELETE FROM ${loginAttempts} WHERE key IN (
        SELECT key FROM ${loginAttempts} WHERE window_ends_at <= ${at} FOR UPDATE SKIP LOCKED)`);
  }

  /** How long after a streak's n-th attempt the next may start. */
  private delayAfter(n: number): number {
    const { max: free, windowMs: longest } = this.limits.perAccountAddress;
    return n < free ? 0 : Math.min(longest, FIRST_DELAY_MS * 2 ** Math.min(n - free, 30));
  }

  private async instant(tx: Tx): Promise<Date> {
    if (this.clock) return this.clock();
    // Milliseconds, so that every end computed from it reads back into JavaScript exactly as stored.
    const result = (await tx.execute(sql`SELECT date_trunc('milliseconds', now()) AS "at"`)) as unknown as {
      rows: { at: string | Date }[];
    };
    return new Date(result.rows[0]!.at);
  }

  /** One more attempt in a fixed window, refused when the window's attempts are used up. */
  private async countWindow(tx: Tx, key: string, rule: LimitRule, at: Date): Promise<Counted> {
    const row = await lockRow(tx, key, at, new Date(at.getTime() + rule.windowMs));
    if (row.attempts >= rule.max) throw new Refused(secondsUntil(at, row.endsAt.getTime()));
    await setRow(tx, key, row.attempts + 1, row.endsAt);
    return { kind: 'window', key, endsAt: row.endsAt };
  }

  /**
   * One more attempt in a streak, refused while the wait after the last one lasts. The row ends a memory
   * (the account window) after the streak's last attempt, so that attempt started at `end - memory`; when it
   * ends untried the streak is forgotten.
   */
  private async countStreak(tx: Tx, key: string, at: Date): Promise<Counted> {
    const memory = this.limits.perAccount.windowMs;
    const row = await lockRow(tx, key, at, new Date(at.getTime() + memory));
    let start = at.getTime();
    if (row.attempts > 0) {
      const last = row.endsAt.getTime() - memory;
      const wait = this.delayAfter(row.attempts);
      if (wait > 0 && start < last + wait) throw new Refused(secondsUntil(at, last + wait));
      // Concurrent attempts may take the row in another order than their instants (each transaction's own):
      // one that started a moment before the last counts as starting with it, so the streak never goes back.
      start = Math.max(start, last);
    }
    const endsAt = new Date(start + memory);
    await setRow(tx, key, row.attempts + 1, endsAt);
    return { kind: 'streak', key, endsAt };
  }

  /**
   * One more failure at the account: refused once the window's failures reached the limit AND came from
   * enough addresses. The count of failing addresses and each address's own count follow the total's window.
   */
  private async countAccount(tx: Tx, who: Attempter, at: Date): Promise<Counted> {
    const { max, windowMs, addresses: enough } = this.limits.perAccount;
    const keys = {
      total: `account:${who.account}`,
      addresses: `account-addresses:${who.account}`,
      from: `account-from:${who.account}|${who.address}`,
    };
    const total = await lockRow(tx, keys.total, at, new Date(at.getTime() + windowMs));
    const addresses = await lockRow(tx, keys.addresses, at, total.endsAt, true);
    const from = await lockRow(tx, keys.from, at, total.endsAt, true);
    if (total.attempts >= max && addresses.attempts >= enough) {
      throw new Refused(secondsUntil(at, total.endsAt.getTime()));
    }
    await setRow(tx, keys.total, total.attempts + 1, total.endsAt);
    if (from.attempts === 0) await setRow(tx, keys.addresses, addresses.attempts + 1, total.endsAt);
    await setRow(tx, keys.from, from.attempts + 1, total.endsAt);
    return { kind: 'account', ...keys, endsAt: total.endsAt };
  }
}

/**
 * The counter's row, locked until the transaction ends (made when missing). A row whose end has come reads as
 * a fresh one: no attempts, ending at `freshEnd`. So does, with `follows`, a row of another window than
 * `freshEnd` (a count that follows the account's window).
 */
async function lockRow(
  tx: Tx,
  key: string,
  at: Date,
  freshEnd: Date,
  follows = false,
): Promise<{ attempts: number; endsAt: Date }> {
  const stale = follows
    ? sql`a.window_ends_at <> excluded.window_ends_at`
    : sql`a.window_ends_at <= ${at.toISOString()}::timestamptz`;
  const result = (await tx.execute(sql`
    INSERT INTO ${loginAttempts} AS a (key, attempts, window_ends_at)
    VALUES (${key}, 0, ${freshEnd.toISOString()}::timestamptz)
    ON CONFLICT (key) DO UPDATE SET
      attempts = CASE WHEN ${stale} THEN 0 ELSE a.attempts END,
      window_ends_at = CASE WHEN ${stale} THEN excluded.window_ends_at ELSE a.window_ends_at END
    RETURNING a.attempts AS "attempts", a.window_ends_at AS "endsAt"`)) as unknown as {
    rows: { attempts: number; endsAt: string | Date }[];
  };
  const row = result.rows[0]!;
  return { attempts: Number(row.attempts), endsAt: new Date(row.endsAt) };
}

/**
 * One attempt fewer on `key`, if it is still the count the attempt was in: the same window, or for a streak the
 * same or a later end (a later attempt only moves it on). Returns the attempts left, or null when nothing changed.
 */
async function takeBack(
  db: DbOrTx,
  key: string,
  window: 'same' | 'same-or-later',
  endsAt: Date,
): Promise<number | null> {
  const [row] = await db
    .update(loginAttempts)
    .set({ attempts: sql`${loginAttempts.attempts} - 1` })
    .where(
      and(
        eq(loginAttempts.key, key),
        window === 'same' ? eq(loginAttempts.windowEndsAt, endsAt) : gte(loginAttempts.windowEndsAt, endsAt),
        gt(loginAttempts.attempts, 0),
      ),
    )
    .returning({ attempts: loginAttempts.attempts });
  return row ? row.attempts : null;
}

async function setRow(tx: Tx, key: string, attempts: number, endsAt: Date): Promise<void> {
  await tx.update(loginAttempts).set({ attempts, windowEndsAt: endsAt }).where(eq(loginAttempts.key, key));
}
