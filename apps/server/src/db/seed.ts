// Data a new database starts with: the demo hall (embedded database by default, DEMO_DATA=1 on PostgreSQL) and
// the first admin from ADMIN_USERNAME / ADMIN_PASSWORD. Run both under database.withStartupLock.
import { DEFAULT_MIN_COMMISSION_PERCENT } from '@cartela/contract';
import {
  addDays,
  businessDateOf,
  DEFAULT_COMMISSION_PERCENT,
  DEFAULT_PLATFORM_RATE_PERCENT,
  DEFAULT_SUPER_AGENT_RATE_PERCENT,
  DEFAULT_SYSTEM_COMMISSION_SHARE_PERCENT,
} from '@cartela/core';
import { sql } from 'drizzle-orm';
import { AppError } from '../errors.js';
import { hashPassword } from '../modules/auth/index.js';
import {
  adminExists,
  countUsers,
  findUserByUsername,
  insertUser,
  percentToDb,
  storedUsername,
} from '../modules/users/index.js';
import type { Database, Tx } from './client.js';
import { DEMO_ACCOUNTS, DEMO_CARTELA_COUNT, hashDemoPasswords } from './demo-accounts.js';
import { DEMO_HISTORY_DAYS, instantOn } from './demo-history.js';
import { agentCartelas, type CardGrid, cartelas, coinLedger, superAgentAgreements, users } from './schema.js';

export interface DemoHistoryOptions {
  /** The business time zone its evenings are in (BUSINESS_TIMEZONE). */
  timeZone: string;
  /** The first start's moment (tests fix it). */
  now?: Date;
}

/**
 * Creates the demo hall on an EMPTY database (no users): 4 accounts, the 300 system cartelas, the agents'
 * copies and super1's agreement with agent1, in one transaction of a handful of batched statements. With
 * `history`, makeDemoHistory (demo-history.ts, decision 076) is to make its last 30 days next: the accounts date
 * from before them, and agent1's coins are the ones it buys and spends there (ending on its 1,000). Without it,
 * agent1 gets its 1,000 coins through one ledger row. Returns false (and changes nothing) when the database
 * already has users.
 */
export async function seedDemoData(
  database: Database,
  demoHashes?: Promise<string[]>,
  history?: DemoHistoryOptions,
): Promise<boolean> {
  if ((await countUsers(database.db)) > 0) return false;
  // With a history the accounts and the agreement date from the day before it: the hall existed then.
  const since = history
    ? instantOn(
        addDays(businessDateOf(history.now ?? new Date(), history.timeZone), -DEMO_HISTORY_DAYS),
        10 * 60,
        history.timeZone,
      )
    : undefined;
  // argon2 runs on the thread pool while the cards are generated.
  const hashes = demoHashes ?? hashDemoPasswords();
  const { generateBalancedSet, PATTERN_IDS } = await import('@cartela/core');
  const cards = generateBalancedSet(DEMO_CARTELA_COUNT) as CardGrid[];
  const passwordHashes = await hashes;

  return database.db.transaction(async (tx) => {
    if ((await countUsers(tx)) > 0) return false; // another process got there first
    const created = await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((a, i) => ({
          username: a.username,
          passwordHash: passwordHashes[i]!,
          role: a.role,
          financialModel: a.financialModel ?? null,
          commissionPercentage: a.role === 'agent' ? percentToDb(DEFAULT_COMMISSION_PERCENT) : null,
          minCommissionPercentage: a.role === 'agent' ? percentToDb(DEFAULT_MIN_COMMISSION_PERCENT) : null,
          systemCommissionShare:
            a.role === 'agent' ? percentToDb(DEFAULT_SYSTEM_COMMISSION_SHARE_PERCENT) : null,
          platformCommissionRate:
            a.role === 'super-agent' ? percentToDb(DEFAULT_PLATFORM_RATE_PERCENT) : null,
          winningPatterns: a.role === 'agent' ? [...PATTERN_IDS] : null,
          notes: 'Demo account',
          // Its password is printed in the README: its owner must choose another at the first sign-in.
          mustChangePassword: true,
          ...(since ? { createdAt: since } : {}),
        })),
      )
      .returning({ id: users.id, username: users.username });
    const idOf = new Map(created.map((u) => [u.username, u.id]));

    // One statement each, with the cards as a single JSON parameter: a 300-row VALUES list with 1,500
    // parameters takes PGlite several times longer to parse and plan.
    await tx.execute(sql`
      INSERT INTO ${cartelas} (cartela_number, card, winning_patterns)
      SELECT t.n, t.card, ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(PATTERN_IDS)}::jsonb))
      FROM jsonb_array_elements(${JSON.stringify(cards)}::jsonb) WITH ORDINALITY AS t(card, n)`);

    // Each agent's copies start as the system cards of its range.
    const ranges = DEMO_ACCOUNTS.flatMap((a) =>
      a.cartelas ? [{ agentId: idOf.get(a.username)!, from: a.cartelas[0], to: a.cartelas[1] }] : [],
    );
    if (ranges.length > 0) {
      await tx.execute(sql`
        INSERT INTO ${agentCartelas} (agent_id, cartela_number, card)
        SELECT (r->>'agentId')::uuid, c.cartela_number, c.card
        FROM ${cartelas} c
        JOIN jsonb_array_elements(${JSON.stringify(ranges)}::jsonb) AS r
          ON c.cartela_number BETWEEN (r->>'from')::int AND (r->>'to')::int`);
    }

    for (const a of DEMO_ACCOUNTS) {
      // With a history, the coins are the ones agent1 bought (and spent) in it.
      if (a.coins && !history) await addDemoCoins(tx, idOf.get(a.username)!, a.coins);
      if (a.supervises) {
        await tx.insert(superAgentAgreements).values({
          agentId: idOf.get(a.supervises)!,
          superAgentId: idOf.get(a.username)!,
          superAgentCommissionRate: percentToDb(DEFAULT_SUPER_AGENT_RATE_PERCENT),
          notes: 'Demo agreement',
          ...(since ? { effectiveFrom: since } : {}),
        });
      }
    }
    return true;
  });
}

/** Coins are only ever changed together with their ledger row (balance = sum of the ledger). */
async function addDemoCoins(tx: Tx, agentId: string, coins: number): Promise<void> {
  const [row] = await tx
    .update(users)
    .set({ virtualCoins: sql`${users.virtualCoins} + ${coins}` })
    .where(sql`${users.id} = ${agentId}`)
    .returning({ balance: users.virtualCoins });
  await tx.insert(coinLedger).values({
    agentId,
    delta: coins,
    balanceBefore: row!.balance - coins,
    balanceAfter: row!.balance,
    reason: 'demo',
    notes: 'Demo data: starting balance',
  });
}

/**
 * The accounts whose password is still one everyone can read (the demo accounts): said at every start until
 * each has chosen its own.
 */
export async function accountsWithPublishedPasswords(database: Database): Promise<string[]> {
  const rows = await database.db
    .select({ username: users.username })
    .from(users)
    .where(sql`${users.mustChangePassword} AND ${users.isActive}`)
    .orderBy(users.username);
  return rows.map((r) => r.username);
}

export class AdminAccountError extends Error {}

/**
 * Creates an admin account; fails when the username is taken (whatever its case, in its one form) or would not
 * look like who it is (decision 058).
 */
export async function createAdmin(database: Database, input: { username: string; password: string }) {
  let username: string;
  try {
    username = storedUsername(input.username);
  } catch (err) {
    if (err instanceof AppError) throw new AdminAccountError(`The username is refused: ${err.message}`);
    throw err;
  }
  const passwordHash = await hashPassword(input.password);
  return database.db.transaction(async (tx) => {
    if (await findUserByUsername(tx, username)) {
      throw new AdminAccountError(`The username '${username}' is already taken`);
    }
    return insertUser(tx, { username, passwordHash, role: 'admin' });
  });
}

/**
 * The first admin from ADMIN_USERNAME / ADMIN_PASSWORD: created when the database has no admin at all,
 * otherwise left alone (the variables are not a way to reset a password).
 */
export async function ensureAdmin(
  database: Database,
  input: { username: string; password: string },
): Promise<'created' | 'exists'> {
  if (await adminExists(database.db)) return 'exists';
  await createAdmin(database, input);
  return 'created';
}
