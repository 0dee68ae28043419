// Reads and writes of games and their event log. The action path is plain SQL: a read of the game, and ONE
// statement that updates it (if it has not moved) and appends the events, whatever the batch's size.
import {
  and,
  asc,
  count,
  desc,
  eq,
  fillPlaceholders,
  inArray,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { PgDialect, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx, Tx } from '../../db/client.js';
import {
  type GameEventType,
  type GameRow,
  type GameStatusName,
  gameEvents,
  games,
  type NewGameRow,
  type StoredCartela,
  type StoredGameState,
  users,
} from '../../db/schema.js';
import { gameRef } from './ids.js';

/** Rows returned by `db.execute` (both drivers answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const byRef = (id: string) => {
  const ref = gameRef(id);
  return ref.column === 'id' ? eq(games.id, ref.value) : eq(games.gameId, ref.value);
};

// ---------------------------------------------------------------------------------------------------------
// Creating

/** The agent's game created with this Idempotency-Key, if any. */
export async function findByIdempotencyKey(
  tx: Tx,
  agentId: string,
  key: string,
): Promise<{ id: string; requestHash: string | null } | null> {
  const [row] = await tx
    .select({ id: games.id, requestHash: games.requestHash })
    .from(games)
    .where(and(eq(games.agentId, agentId), eq(games.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/**
 * The agent's games not over that hold any of `numbers`, with those numbers: a cartela is in one round at a time
 * (product/draw.md#invariants). Read under the agent's row lock, which every creation of the agent takes first,
 * so two creations cannot both miss each other.
 */
export async function openGamesHolding(
  tx: Tx,
  agentId: string,
  numbers: readonly number[],
): Promise<{ gameId: string; numbers: number[] }[]> {
  const open = await tx
    .select({ gameId: games.gameId, cartelaNumbers: games.cartelaNumbers })
    .from(games)
    .where(and(eq(games.agentId, agentId), inArray(games.status, ['active', 'paused'])));
  const wanted = new Set(numbers);
  return open
    .map((g) => ({ gameId: g.gameId, numbers: g.cartelaNumbers.filter((n) => wanted.has(n)) }))
    .filter((g) => g.numbers.length > 0);
}

/** Inserts a game; false when its public id is taken already (the caller draws another). */
export async function insertGame(tx: Tx, values: NewGameRow): Promise<boolean> {
  const rows = await tx
    .insert(games)
    .values(values)
    .onConflictDoNothing({ target: games.gameId })
    .returning({ id: games.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------------------
// Reading

/** Every column a page or an answer shows: all but the cards and the idempotency columns. */
const viewColumns = {
  id: games.id,
  gameId: games.gameId,
  agentId: games.agentId,
  agentUsername: users.username,
  status: games.status,
  gameMode: games.gameMode,
  settings: games.settings,
  pattern: games.pattern,
  stakeSantim: games.stakeSantim,
  players: games.players,
  totalSantim: games.totalSantim,
  agentFeeSantim: games.agentFeeSantim,
  prizeSantim: games.prizeSantim,
  commissionPercent: games.commissionPercent,
  coinCost: games.coinCost,
  cartelaNumbers: games.cartelaNumbers,
  totalCalls: games.totalCalls,
  winnerCartela: games.winnerCartela,
  drawCommitment: games.drawCommitment,
  drawSeed: games.drawSeed,
  state: games.state,
  lastSeq: games.lastSeq,
  createdAt: games.createdAt,
  updatedAt: games.updatedAt,
  finishedAt: games.finishedAt,
};

export type GameView = Pick<GameRow, Exclude<keyof typeof viewColumns, 'agentUsername'>> & {
  agentUsername: string;
};

/** The games of one agent, or of every agent for null: the scope policy.ts gives a reader. */
const ownedBy = (agentId: string | null) => (agentId === null ? undefined : eq(games.agentId, agentId));

/** A game by `_id` or `gameId`, within the scope `agentId` (policy.ts gamesOf); with its cards when asked. */
async function findOne<Row>(db: DbOrTx, columns: SelectedFields, id: string, agentId: string | null) {
  const [row] = await db
    .select(columns)
    .from(games)
    .innerJoin(users, eq(users.id, games.agentId))
    .where(and(byRef(id), ownedBy(agentId)))
    .limit(1);
  return (row as Row | undefined) ?? null;
}

/** A game by `_id` or `gameId`; only the agent's own when `agentId` is given (null: any, for the admin). */
export const findGame = (db: DbOrTx, id: string, agentId: string | null) =>
  findOne<GameView>(db, viewColumns, id, agentId);

/** A game with its cards (the room's state, the game's cartelas). */
export const findGameWithCards = (db: DbOrTx, id: string, agentId: string | null) =>
  findOne<GameView & { cartelas: StoredCartela[] }>(
    db,
    { ...viewColumns, cartelas: games.cartelas },
    id,
    agentId,
  );

/** A page of games, newest first, and how many there are (one agent's, or all for `agentId` null). */
export async function listGames(
  db: DbOrTx,
  agentId: string | null,
  page: { limit: number; offset: number },
): Promise<{ rows: GameView[]; total: number }> {
  const mine = ownedBy(agentId);
  const [rows, [counted]] = await Promise.all([
    db
      .select(viewColumns)
      .from(games)
      .innerJoin(users, eq(users.id, games.agentId))
      .where(mine)
      .orderBy(desc(games.createdAt), desc(games.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(games).where(mine),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** Games being played, of every agent: active or paused (the partial index games_open_idx has exactly them). */
export async function countGamesRunning(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(games)
    .where(sql`${games.status} IN ('active', 'paused')`);
  return Number(row?.n ?? 0);
}

/**
 * When an action of the story happened (`at`: the room's clock, or the server's when the room's was not
 * believed - `clock` says which) and when the server received it (`receivedAt`).
 */
export interface StoryTime {
  at: Date | null;
  receivedAt: Date | null;
  clock: 'room' | 'server';
}

/** When each call and each shuffle happened, in order (the story's times come from the event log). */
export async function eventTimes(
  db: DbOrTx,
  gameId: string,
): Promise<{ calls: StoryTime[]; shuffles: StoryTime[] }> {
  const rows = await db
    .select({
      type: gameEvents.type,
      at: gameEvents.at,
      receivedAt: gameEvents.createdAt,
      clock: sql<string | null>`${gameEvents.action}->>'clock'`,
    })
    .from(gameEvents)
    .where(and(eq(gameEvents.gameId, gameId), inArray(gameEvents.type, ['call-next', 'shuffle'])))
    .orderBy(asc(gameEvents.seq));
  const time = (r: (typeof rows)[number]): StoryTime => ({
    at: r.at,
    receivedAt: r.receivedAt,
    // Events stored before the clock was recorded: the room's, as they were then.
    clock: r.clock === 'server' ? 'server' : 'room',
  });
  return {
    calls: rows.filter((r) => r.type === 'call-next').map(time),
    shuffles: rows.filter((r) => r.type === 'shuffle').map(time),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The action path (act.ts runActions): read the game, plan with the reducer, write conditionally.

/** A game as its actions need it. */
export interface Snapshot {
  id: string;
  gameId: string;
  agentId: string;
  lastSeq: number;
  coinCost: number;
  drawSeed: string;
  state: StoredGameState;
  /** Read only when asked for (a validation, the room's answer): 35 KB for 300 cartelas. */
  cartelas: StoredCartela[] | null;
}

/**
 * A statement of the action path, defined once with Drizzle's sql and run two ways: as a prepared statement
 * (Database.query: its text built once, `$1...` filled from named placeholders) or with its values in a
 * transaction (tx.execute).
 */
function statement<K extends string>(name: string, make: (value: (key: K) => SQLWrapper) => SQL) {
  const dialect = new PgDialect();
  const compiled = dialect.sqlToQuery(make((key) => sql.placeholder(key)));
  return {
    run: <T>(database: Database, values: Record<K, unknown>) =>
      database.query<T>({ name, text: compiled.sql }, fillPlaceholders(compiled.params, values)),
    in: async <T>(tx: Tx, values: Record<K, unknown>) =>
      rowsOf<T>(await tx.execute(make((key) => sql`${values[key]}`))),
  };
}

const snapshotStatements = new Map<string, ReturnType<typeof snapshotStatement>>();
const snapshotStatement = (column: 'id' | 'game_id', withCards: boolean, lock: boolean) =>
  statement<'ref' | 'agent'>(
    `games_snapshot_by_${column}${withCards ? '_with_cards' : ''}${lock ? '_locked' : ''}`,
    (v) => sql`
      SELECT id, game_id AS "gameId", agent_id AS "agentId", last_seq AS "lastSeq", coin_cost AS "coinCost",
        draw_seed AS "drawSeed", state, ${withCards ? sql`cartelas` : sql`NULL AS cartelas`}
      FROM ${games}
      WHERE ${sql.identifier(column)} = ${v('ref')} AND agent_id = ${v('agent')}
      ${lock ? sql`FOR NO KEY UPDATE` : sql``}`,
  );
function snapshotOf(id: string, withCards: boolean, lock: boolean) {
  const ref = gameRef(id);
  const key = `${ref.column}${withCards}${lock}`;
  let found = snapshotStatements.get(key);
  if (!found) {
    found = snapshotStatement(ref.column, withCards, lock);
    snapshotStatements.set(key, found);
  }
  return { statement: found, ref: ref.value };
}

/** The agent's game, read without a lock (a prepared statement); another agent's game is not found. */
export async function readSnapshot(
  database: Database,
  id: string,
  agentId: string,
  withCards: boolean,
): Promise<Snapshot | null> {
  const { statement: read, ref } = snapshotOf(id, withCards, false);
  const [row] = await read.run<Snapshot>(database, { ref, agent: agentId });
  return row ?? null;
}

/**
 * The agent's game, locked until the transaction ends (NO KEY UPDATE: the event rows' foreign key only needs
 * KEY SHARE), so that nothing else changes it meanwhile. Another agent's game is not found, nor locked.
 */
export async function lockSnapshot(
  tx: Tx,
  id: string,
  agentId: string,
  withCards: boolean,
): Promise<Snapshot | null> {
  const { statement: lock, ref } = snapshotOf(id, withCards, true);
  const [row] = await lock.in<Snapshot>(tx, { ref, agent: agentId });
  return row ?? null;
}

/** A stored event, as a replay is compared with it. */
export interface StoredEvent {
  seq: number;
  type: GameEventType;
  action: Record<string, unknown>;
  result: Record<string, unknown>;
}

const eventsRange = statement<'game' | 'from' | 'to'>(
  'game_events_range',
  (v) => sql`
    SELECT seq, type, action, result FROM ${gameEvents}
    WHERE game_id = ${v('game')} AND seq BETWEEN ${v('from')} AND ${v('to')}`,
);

/** Reads a game's stored events with seq from..to. */
export type EventReader = (gameId: string, from: number, to: number) => Promise<StoredEvent[]>;

/** ...on their own (a prepared statement). */
export const eventReader =
  (database: Database): EventReader =>
  (game, from, to) =>
    eventsRange.run<StoredEvent>(database, { game, from, to });

/** ...in the caller's transaction (which holds its connection: asking the pool for another could wait forever). */
export const eventReaderIn =
  (tx: Tx): EventReader =>
  (game, from, to) =>
    eventsRange.in<StoredEvent>(tx, { game, from, to });

export interface NewEvent {
  seq: number;
  type: GameEventType;
  /** ISO 8601, UTC. */
  at: string;
  action: Record<string, unknown>;
  result: Record<string, unknown>;
}

/** What a game row says about its state besides `state` itself (the list columns). */
export interface GameColumns {
  state: StoredGameState;
  status: GameStatusName;
  totalCalls: number;
  winnerCartela: number | null;
  lastSeq: number;
  /** ISO 8601; null while the game runs. */
  finishedAt: string | null;
}

/** One game's write: its new columns and its events, to be made only if the game is still at `expectSeq`. */
export interface GameWrite extends GameColumns {
  id: string;
  expectSeq: number;
  events: NewEvent[];
}

/**
 * ONE statement for the writes of any number of games: each game's new state, written only if the game is still
 * at the last_seq its events were planned from (the UPDATE takes the row lock and checks it), and its events
 * appended to the log (only for the games updated). The writes travel as one JSON parameter. Returns the ids of
 * the games written.
 */
const writeGamesStatement = statement<'writes'>(
  'games_write',
  (v) => sql`
    WITH input AS (
      SELECT (w->>'id')::uuid AS id, (w->>'expectSeq')::int AS expect_seq, w->'state' AS state,
        w->>'status' AS status, (w->>'totalCalls')::smallint AS total_calls,
        (w->>'winnerCartela')::smallint AS winner_cartela, (w->>'lastSeq')::int AS last_seq,
        (w->>'finishedAt')::timestamptz AS finished_at, w->'events' AS events
      FROM jsonb_array_elements(${v('writes')}::jsonb) AS w
    ), moved AS (
      UPDATE ${games} AS g SET state = i.state, status = i.status, total_calls = i.total_calls,
        winner_cartela = i.winner_cartela, last_seq = i.last_seq, finished_at = i.finished_at, updated_at = now()
      FROM input AS i
      WHERE g.id = i.id AND g.last_seq = i.expect_seq
      RETURNING g.id
    ), appended AS (
      INSERT INTO ${gameEvents} (game_id, seq, type, at, action, result)
      SELECT i.id, (e->>'seq')::int, e->>'type', (e->>'at')::timestamptz, e->'action', e->'result'
      FROM moved JOIN input AS i ON i.id = moved.id CROSS JOIN LATERAL jsonb_array_elements(i.events) AS e
    )
    SELECT id FROM moved`,
);

/** Makes the writes on their own (autocommit, a prepared statement); returns the ids of the games written. */
export async function writeGames(database: Database, writes: readonly GameWrite[]): Promise<Set<string>> {
  const rows = await writeGamesStatement.run<{ id: string }>(database, { writes: JSON.stringify(writes) });
  return new Set(rows.map((r) => r.id));
}

/** Makes one game's write in the caller's transaction, the game locked by lockSnapshot. */
export async function writeGameIn(tx: Tx, write: GameWrite): Promise<void> {
  const written = await writeGamesStatement.in(tx, { writes: JSON.stringify([write]) });
  if (written.length !== 1) throw new Error(`game ${write.id} moved while locked`);
}
