// Reads and writes of the system set (cartelas) and of the agents' copies (agent_cartelas). A write of many rows
// sends them as ONE JSON parameter: PGlite parses and plans a VALUES list of hundreds of parameters several
// times slower (db/seed.ts).
import { PATTERN_IDS } from '@cartela/core';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import {
  type AgentCartelaRow,
  agentCartelas,
  type CardGrid,
  type CartelaRow,
  cartelas,
  users,
} from '../../db/schema.js';

export interface NumberedCard {
  cartelaNumber: number;
  card: CardGrid;
}

/** Rows returned by `db.execute` (both drivers answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// ---------------------------------------------------------------------------------------------------------
// The system set

/** Advisory lock key held by every write of system cards ('cards' in ASCII). */
const SYSTEM_SET_LOCK = 0x6361726473;

/**
 * Serializes the writes of system cards until the transaction ends: a rebalance reads the whole set and writes
 * part of it back, and a card edit checks the set for the same card; neither may interleave with another write.
 */
export async function lockSystemSet(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SYSTEM_SET_LOCK})`);
}

export function listSystemCartelas(db: DbOrTx): Promise<CartelaRow[]> {
  return db.select().from(cartelas).orderBy(asc(cartelas.cartelaNumber));
}

export async function findSystemCartela(db: DbOrTx, cartelaNumber: number): Promise<CartelaRow | null> {
  const [row] = await db.select().from(cartelas).where(eq(cartelas.cartelaNumber, cartelaNumber)).limit(1);
  return row ?? null;
}

export function findSystemCartelas(db: DbOrTx, numbers: readonly number[]): Promise<CartelaRow[]> {
  return db
    .select()
    .from(cartelas)
    .where(inArray(cartelas.cartelaNumber, [...numbers]))
    .orderBy(asc(cartelas.cartelaNumber));
}

/** Every system card with its patterns: what the balance figures and the duplicate check read. */
export function readSystemCards(db: DbOrTx): Promise<(NumberedCard & { winningPatterns: string[] })[]> {
  return db
    .select({
      cartelaNumber: cartelas.cartelaNumber,
      card: cartelas.card,
      winningPatterns: cartelas.winningPatterns,
    })
    .from(cartelas)
    .orderBy(asc(cartelas.cartelaNumber));
}

export async function countSystemCartelas(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(cartelas);
  return row?.n ?? 0;
}

export type SystemCartelaPatch = Partial<Pick<CartelaRow, 'card' | 'winningPatterns' | 'isActive'>>;

export async function updateSystemCartela(
  tx: DbOrTx,
  cartelaNumber: number,
  patch: SystemCartelaPatch,
): Promise<CartelaRow | null> {
  const [row] = await tx
    .update(cartelas)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(cartelas.cartelaNumber, cartelaNumber))
    .returning();
  return row ?? null;
}

/** Sets the patterns of many cartelas in one statement; returns the numbers that exist (and were updated). */
export async function updateSystemPatterns(
  tx: Tx,
  updates: readonly { cartelaNumber: number; winningPatterns: readonly string[] }[],
): Promise<number[]> {
  const result = await tx.execute(sql`
    UPDATE ${cartelas} AS c
    SET winning_patterns = ARRAY(SELECT jsonb_array_elements_text(u->'winningPatterns')), updated_at = now()
    FROM jsonb_array_elements(${JSON.stringify(updates)}::jsonb) AS u
    WHERE c.cartela_number = (u->>'cartelaNumber')::smallint
    RETURNING c.cartela_number`);
  return rowsOf<{ cartela_number: number }>(result).map((r) => Number(r.cartela_number));
}

/** Replaces the cards of existing cartelas in one statement; returns the numbers updated. */
export async function updateSystemCards(tx: Tx, cards: readonly NumberedCard[]): Promise<number[]> {
  if (cards.length === 0) return [];
  const result = await tx.execute(sql`
    UPDATE ${cartelas} AS c
    SET card = u->'card', updated_at = now()
    FROM jsonb_array_elements(${JSON.stringify(cards)}::jsonb) AS u
    WHERE c.cartela_number = (u->>'cartelaNumber')::smallint
    RETURNING c.cartela_number`);
  return rowsOf<{ cartela_number: number }>(result).map((r) => Number(r.cartela_number));
}

/**
 * Makes `cards` the system set, card i becoming cartela i + 1, in one statement: an existing cartela gets the
 * new card (and keeps its id, patterns and active flag unless `resetSettings`), a missing one is created with
 * every pattern (a PostgreSQL install without demo data starts with no cartelas at all). Returns the count.
 */
export async function replaceSystemSet(
  tx: Tx,
  cards: readonly CardGrid[],
  options: { resetSettings: boolean },
): Promise<number> {
  const reset = options.resetSettings
    ? sql`, winning_patterns = EXCLUDED.winning_patterns, is_active = true`
    : sql``;
  const result = await tx.execute(sql`
    INSERT INTO ${cartelas} (cartela_number, card, winning_patterns)
    SELECT t.n, t.card, ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(PATTERN_IDS)}::jsonb))
    FROM jsonb_array_elements(${JSON.stringify(cards)}::jsonb) WITH ORDINALITY AS t(card, n)
    ON CONFLICT (cartela_number) DO UPDATE SET card = EXCLUDED.card, updated_at = now()${reset}
    RETURNING cartela_number`);
  return rowsOf(result).length;
}

// ---------------------------------------------------------------------------------------------------------
// The agents' copies

/** What the agent use cases need of an agent: its id, and its name for the messages. */
export interface AgentRef {
  id: string;
  username: string;
}

/** An agent that exists and is not deleted. */
const isLiveAgent = (agentId: string) =>
  and(eq(users.id, agentId), eq(users.role, 'agent'), isNull(users.deletedAt));

export async function findAgent(db: DbOrTx, agentId: string): Promise<AgentRef | null> {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(isLiveAgent(agentId))
    .limit(1);
  return row ?? null;
}

export function listAgentCartelas(db: DbOrTx, agentId: string): Promise<AgentCartelaRow[]> {
  return db
    .select()
    .from(agentCartelas)
    .where(eq(agentCartelas.agentId, agentId))
    .orderBy(asc(agentCartelas.cartelaNumber));
}

/** The numbers and cards the agent holds: what the "already held" and "same card" checks compare with. */
export function readAgentCards(db: DbOrTx, agentId: string): Promise<NumberedCard[]> {
  return db
    .select({ cartelaNumber: agentCartelas.cartelaNumber, card: agentCartelas.card })
    .from(agentCartelas)
    .where(eq(agentCartelas.agentId, agentId));
}

/**
 * Adds cartelas to an agent in one statement. A number the agent already holds is skipped (the unique index
 * on agent and number), never an error: the caller compares the numbers returned with those it asked for.
 */
export async function insertAgentCartelas(
  tx: Tx,
  agentId: string,
  cards: readonly NumberedCard[],
): Promise<number[]> {
  const result = await tx.execute(sql`
    INSERT INTO ${agentCartelas} (agent_id, cartela_number, card)
    SELECT ${agentId}::uuid, (u->>'cartelaNumber')::smallint, u->'card'
    FROM jsonb_array_elements(${JSON.stringify(cards)}::jsonb) AS u
    ON CONFLICT (agent_id, cartela_number) DO NOTHING
    RETURNING cartela_number`);
  return rowsOf<{ cartela_number: number }>(result).map((r) => Number(r.cartela_number));
}

export function findAgentCartelas(
  db: DbOrTx,
  agentId: string,
  numbers: readonly number[],
): Promise<AgentCartelaRow[]> {
  return db
    .select()
    .from(agentCartelas)
    .where(and(eq(agentCartelas.agentId, agentId), inArray(agentCartelas.cartelaNumber, [...numbers])))
    .orderBy(asc(agentCartelas.cartelaNumber));
}

/**
 * The agent's cartelas among `numbers` (number, card, active flag), in number order: ONE parameter however many
 * numbers (a game's creation reads up to 300 of them).
 */
export async function readAgentCartelas(
  db: DbOrTx,
  agentId: string,
  numbers: readonly number[],
): Promise<(NumberedCard & { isActive: boolean })[]> {
  const result = await db.execute(sql`
    SELECT cartela_number AS "cartelaNumber", card, is_active AS "isActive" FROM ${agentCartelas}
    WHERE agent_id = ${agentId}
      AND cartela_number IN (SELECT jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb)::smallint)
    ORDER BY cartela_number`);
  return rowsOf<NumberedCard & { isActive: boolean }>(result);
}

export async function updateAgentCard(
  tx: Tx,
  agentId: string,
  cartelaNumber: number,
  card: CardGrid,
): Promise<AgentCartelaRow | null> {
  const [row] = await tx
    .update(agentCartelas)
    .set({ card, updatedAt: new Date() })
    .where(and(eq(agentCartelas.agentId, agentId), eq(agentCartelas.cartelaNumber, cartelaNumber)))
    .returning();
  return row ?? null;
}

export async function deleteAgentCartela(
  db: DbOrTx,
  agentId: string,
  cartelaNumber: number,
): Promise<boolean> {
  const rows = await db
    .delete(agentCartelas)
    .where(and(eq(agentCartelas.agentId, agentId), eq(agentCartelas.cartelaNumber, cartelaNumber)))
    .returning({ id: agentCartelas.id });
  return rows.length > 0;
}

/** The lowest active system cartela numbers the agent does not hold yet, at most `limit`. */
export async function freeNumbersFor(tx: Tx, agentId: string, limit: number): Promise<number[]> {
  const rows = await tx
    .select({ n: cartelas.cartelaNumber })
    .from(cartelas)
    .where(
      and(
        eq(cartelas.isActive, true),
        sql`NOT EXISTS (SELECT 1 FROM ${agentCartelas} a
          WHERE a.agent_id = ${agentId} AND a.cartela_number = ${cartelas.cartelaNumber})`,
      ),
    )
    .orderBy(asc(cartelas.cartelaNumber))
    .limit(limit);
  return rows.map((r) => r.n);
}
