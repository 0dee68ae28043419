// Sign-in state that every server instance must share and a restart must keep: failed-login counters and
// sessions ended by a sign-out.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Failed sign-in attempts per key (a client address, an account and address, an account) in a fixed window.
 * docs/decisions/025-login-doors-and-rate-limits.md
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('login_attempts_window_ends_idx').on(t.windowEndsAt),
    check('login_attempts_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/** Session tokens ended by a sign-out before they expire (by the token's id); kept until they would expire. */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    tokenId: uuid('token_id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_sessions_expires_idx').on(t.expiresAt)],
);
