// The users table: admins, agents and super agents.
import { PATTERN_IDS, type PatternId } from '@cartela/core';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { amount, createdAt, id, inList, percent, percentRange, updatedAt } from '../../db/columns.js';

export const ROLES = ['admin', 'agent', 'super-agent'] as const;
export const FINANCIAL_MODELS = ['virtual-coin', 'commission-share'] as const;
/** The contract's LANGUAGE_CODES (a test holds them equal): the users_language_check constraint. */
export const LANGUAGES = ['en', 'am', 'om'] as const;

export type RoleName = (typeof ROLES)[number];
export type FinancialModelName = (typeof FINANCIAL_MODELS)[number];
export type LanguageCode = (typeof LANGUAGES)[number];

const KNOWN_PATTERNS: ReadonlySet<string> = new Set(PATTERN_IDS);
/** Parsed lists by their text: most agents share a handful of lists (every pattern, above all). */
const parsedPatterns = new Map<string, readonly PatternId[]>();

/** The pattern ids of a stored list ('full-house,four-corners'); the same text gives the same frozen array. */
export function patternsFromText(text: string): readonly PatternId[] {
  let patterns = parsedPatterns.get(text);
  if (!patterns) {
    const ids = text === '' ? [] : text.split(',');
    for (const id of ids) if (!KNOWN_PATTERNS.has(id)) throw new Error(`Not a pattern id: ${id}`);
    patterns = Object.freeze(ids as PatternId[]);
    if (parsedPatterns.size >= 1000) parsedPatterns.clear();
    parsedPatterns.set(text, patterns);
  }
  return patterns;
}

/**
 * A list of winning pattern ids, in the order given, stored as ONE text: 'full-house,four-corners' (the table's
 * CHECK admits only pattern ids, which hold no comma). Not text[]: PostgreSQL prints an array element by
 * element, ~1 ms more for the list of 1,000 agents; a text leaves as it is (decision 044).
 */
const patternList = customType<{ data: PatternId[]; driverData: string }>({
  dataType: () => 'text',
  toDriver: (ids) => ids.join(','),
  fromDriver: (text) => [...patternsFromText(text)],
});

/** Admins, agents and super agents: one table, told apart by role. */
export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<RoleName>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    language: text('language').$type<LanguageCode>().notNull().default('en'),
    contact: text('contact'),
    /** Agents only. */
    financialModel: text('financial_model').$type<FinancialModelName>(),
    /** Whole coins (agents with the virtual-coin model); always the sum of the agent's coin_ledger deltas. */
    virtualCoins: amount('virtual_coins').notNull().default(0),
    /** Agents only: the house cut of each game, in percent. */
    commissionPercentage: percent('commission_percentage'),
    /**
     * Agents only: the lowest commission percentage the agent may choose for itself (set by the admin; 10 for a
     * new agent). A game's coins and the platform's share are taken from the fee, so 0% would play for free
     * (migration 0011, decision 056). commission_percentage never goes below it.
     */
    minCommissionPercentage: percent('min_commission_percentage'),
    /** Agents only: the admin's share of a commission-share agent's fees, in percent. */
    systemCommissionShare: percent('system_commission_share'),
    /** Super agents only: the platform's share of the super agent's commission, in percent. */
    platformCommissionRate: percent('platform_commission_rate'),
    /** Santim. */
    totalEarnings: amount('total_earnings').notNull().default(0),
    /**
     * When money last changed hands with the platform: kept by the database's triggers (migration 0010,
     * decision 054), never written by code.
     */
    lastPaymentDate: timestamp('last_payment_date', { withTimezone: true }),
    notes: text('notes'),
    /** Agents only: the admin's notes on its commission setting (/commission). */
    commissionNotes: text('commission_notes'),
    /** Agents only: the winning patterns the agent's games may use. */
    winningPatterns: patternList('winning_patterns'),
    /**
     * Set when the account is deleted: it can no longer sign in and leaves every list, while its ledger,
     * agreements and games keep pointing at it. docs/decisions/040-agents-and-coins.md
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Bumped to end every session of the user at once (password change, deactivation, deletion). */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * The account still has a password everyone can read (the demo accounts of the README): until its owner
     * chooses another, only reading oneself, changing the password and signing out are allowed.
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Among accounts that are not deleted: a deleted agent's name can be given to someone new.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`).where(sql`${t.deletedAt} IS NULL`),
    index('users_role_idx').on(t.role),
    check('users_role_check', sql`${t.role} IN (${inList(ROLES)})`),
    check('users_language_check', sql`${t.language} IN (${inList(LANGUAGES)})`),
    check(
      'users_financial_model_check',
      sql`(${t.role} = 'agent' AND ${t.financialModel} IN (${inList(FINANCIAL_MODELS)})) OR (${t.role} <> 'agent' AND ${t.financialModel} IS NULL)`,
    ),
    check('users_username_check', sql`length(${t.username}) BETWEEN 1 AND 64`),
    check('users_virtual_coins_check', sql`${t.virtualCoins} >= 0`),
    check('users_total_earnings_check', sql`${t.totalEarnings} >= 0`),
    check('users_commission_percentage_check', percentRange('commission_percentage')),
    check('users_min_commission_percentage_check', percentRange('min_commission_percentage')),
    check(
      'users_commission_minimum_check',
      sql`(${t.role} = 'agent') = (${t.minCommissionPercentage} IS NOT NULL) AND (${t.commissionPercentage} IS NULL OR ${t.commissionPercentage} >= ${t.minCommissionPercentage})`,
    ),
    check('users_system_commission_share_check', percentRange('system_commission_share')),
    check('users_platform_commission_rate_check', percentRange('platform_commission_rate')),
    check('users_token_version_check', sql`${t.tokenVersion} >= 0`),
    check(
      'users_winning_patterns_check',
      sql`(${t.role} = 'agent' AND ${t.winningPatterns} IS NOT NULL AND string_to_array(${t.winningPatterns}, ',') <@ ARRAY[${inList(PATTERN_IDS)}]::text[]) OR (${t.role} <> 'agent' AND ${t.winningPatterns} IS NULL)`,
    ),
    // A deleted account is also inactive: whatever forgets to look at deleted_at still refuses it.
    check('users_deleted_inactive_check', sql`${t.deletedAt} IS NULL OR NOT ${t.isActive}`),
  ],
);
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/**
 * A row's user (its agent, super agent or author): the account's id, with what deleting the account does to the
 * row (cascade: the row goes with it; restrict: the row is history and keeps the account).
 */
export const userRef = (column: string, onDelete: 'cascade' | 'restrict') =>
  uuid(column)
    .notNull()
    .references(() => users.id, { onDelete });
