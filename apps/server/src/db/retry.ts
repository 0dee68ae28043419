// A transaction that PostgreSQL aborted to break a deadlock (40P01) or because it could not be serialized (40001)
// did nothing: it may run again. Every transaction of the server gets this (client.ts wraps db.transaction), and
// so do the games' autocommit writes (writer.ts), so that two requests at once never answer 500 for it
// (decision 059). Locks are still taken in one order (the agent's row, then the game's, then the statistics'
// rows), so a retry is the exception, not the rule.

/** deadlock_detected, serialization_failure. */
const RETRYABLE = new Set(['40P01', '40001']);

/** Attempts of a transaction in all (the first and the retries). */
export const TRANSACTION_ATTEMPTS = 5;

/** The SQLSTATE of a database error, looked for through the causes Drizzle wraps it in. */
export function sqlStateOf(error: unknown): string | null {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

export const isRetryable = (error: unknown) => RETRYABLE.has(sqlStateOf(error) ?? '');

/** A random pause before attempt `attempt + 1`: up to 5, 10, 20, 40 ms (two waiters rarely meet again). */
export const retryPause = (attempt: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.random() * 5 * 2 ** (attempt - 1)));

/** Runs `fn` again (after a random pause) while it fails with a deadlock or serialization error. */
export async function retrying<T>(fn: () => Promise<T>, attempts = TRANSACTION_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      await retryPause(attempt);
    }
  }
}
