// Failed sign-ins per username, in a fixed window. The per-IP limit (@fastify/rate-limit) stops one device
// hammering the server; this one stops many addresses guessing one account's password. Only real failures
// count (wrong password, unknown user): the web's parallel second login (regular + super agent) does not.
import { AppError, MESSAGES } from '../../errors.js';

interface Window {
  failures: number;
  resetAt: number;
}

export class FailureLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly options: { max: number; windowMs: number; maxKeys?: number }) {}

  /** Throws 429 RATE_LIMITED (with Retry-After) while `key` has used up its failures. */
  check(key: string, now = Date.now()): void {
    const w = this.windows.get(key);
    if (!w) return;
    if (w.resetAt <= now) {
      this.windows.delete(key);
      return;
    }
    if (w.failures >= this.options.max) {
      throw new AppError('RATE_LIMITED', MESSAGES.rateLimited, {
        headers: { 'retry-after': String(Math.max(1, Math.ceil((w.resetAt - now) / 1000))) },
      });
    }
  }

  fail(key: string, now = Date.now()): void {
    const w = this.windows.get(key);
    if (w && w.resetAt > now) {
      w.failures++;
      return;
    }
    if (this.windows.size >= (this.options.maxKeys ?? 100_000)) this.sweep(now);
    this.windows.set(key, { failures: 1, resetAt: now + this.options.windowMs });
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
    // Still full: a flood of made-up usernames. Forgetting them is safer than growing without bound.
    if (this.windows.size >= (this.options.maxKeys ?? 100_000)) this.windows.clear();
  }
}
