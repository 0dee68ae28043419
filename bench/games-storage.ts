/// <reference types="node" />
// Where a game's 300 cards live, measured (docs/decisions/045-games-server.md): inside the state (one jsonb of
// ~35 KB read and written back by every call) or in a column of their own (the state ~1 KB; the cards written
// once). Each call is what the server's locked path does on PostgreSQL: BEGIN; SELECT ... FOR NO KEY UPDATE;
// core's reducer; UPDATE the state and append the event; COMMIT. Timed one call at a time (500 calls), and as
// calls per second with 10 connections each calling its own games.
// Run: DATABASE_URL=postgres://... npx tsx --conditions=source bench/games-storage.ts
import { randomBytes } from 'node:crypto';
import { createGame, type GameState, gameReducer, generateBalancedSet, randomSeedHex } from '@cartela/core';
import pg from 'pg';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.log('games-storage: skipped (set DATABASE_URL to a PostgreSQL server to run it)');
  process.exit(0);
}
const GAMES = 200;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const name = `cartela_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
pool.on('error', () => {}); // the database is dropped at the end
try {
  await pool.query(`
    CREATE TABLE inside (id int PRIMARY KEY, state jsonb NOT NULL, last_seq int NOT NULL DEFAULT 0);
    CREATE TABLE apart (id int PRIMARY KEY, state jsonb NOT NULL, cartelas jsonb NOT NULL,
      last_seq int NOT NULL DEFAULT 0);
    CREATE TABLE events (game int NOT NULL, tbl text NOT NULL, seq int NOT NULL, result jsonb NOT NULL,
      PRIMARY KEY (tbl, game, seq));`);
  const cartelas = generateBalancedSet(300).map((card, i) => ({ cartelaNumber: i + 1, card }));
  const fresh = () => {
    const made = createGame({ gameId: 'G', patternId: 'full-house', cartelas, seedHex: randomSeedHex() });
    if (!made.ok) throw new Error(made.error.message);
    return made.state;
  };
  for (let id = 1; id <= GAMES; id++) {
    const state = fresh();
    const { cartelas: cards, ...small } = state;
    await pool.query('INSERT INTO inside (id, state) VALUES ($1, $2)', [id, JSON.stringify(state)]);
    await pool.query('INSERT INTO apart (id, state, cartelas) VALUES ($1, $2, $3)', [
      id,
      JSON.stringify(small),
      JSON.stringify(cards),
    ]);
  }
  await pool.query('VACUUM ANALYZE');
  console.log(
    `games-storage: state with the cards ${(JSON.stringify(fresh()).length / 1024).toFixed(1)} KB of JSON, ` +
      `without ${(JSON.stringify({ ...fresh(), cartelas: [] }).length / 1024).toFixed(1)} KB`,
  );

  /** One call on game `id` of `table`, the locked way. */
  async function call(table: 'inside' | 'apart', id: number): Promise<void> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query({
        name: `lock_${table}`,
        text: `SELECT state, last_seq FROM ${table} WHERE id = $1 FOR NO KEY UPDATE`,
        values: [id],
      });
      const row = rows[0] as { state: GameState; last_seq: number };
      const state = table === 'inside' ? row.state : { ...row.state, cartelas: [] };
      const next = gameReducer(state, { type: 'call-next', at: new Date().toISOString() });
      if (!next.ok) throw new Error(next.error.message);
      const stored = table === 'inside' ? next.state : { ...next.state, cartelas: undefined };
      await client.query({
        name: `write_${table}`,
        text: `WITH e AS (INSERT INTO events (game, tbl, seq, result) VALUES ($1, '${table}', $3, $4))
               UPDATE ${table} SET state = $2, last_seq = $3 WHERE id = $1`,
        values: [
          id,
          JSON.stringify(stored),
          row.last_seq + 1,
          JSON.stringify({ n: next.state.calledNumbers.at(-1) }),
        ],
      });
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    } finally {
      client.release();
    }
  }

  for (const table of ['inside', 'apart'] as const) {
    // One at a time: 5 games x 70 calls (the first game warms up).
    const times: number[] = [];
    for (let g = 1; g <= 8; g++) {
      for (let i = 0; i < 70; i++) {
        const t0 = performance.now();
        await call(table, g);
        if (g > 1) times.push(performance.now() - t0);
      }
    }
    // 10 at once, each on its own games, for 4 s.
    let done = 0;
    const until = performance.now() + 4000;
    await Promise.all(
      Array.from({ length: 10 }, async (_, w) => {
        for (let g = 20 + w * 18; g < 20 + (w + 1) * 18 && performance.now() < until; g++) {
          for (let i = 0; i < 70 && performance.now() < until; i++) {
            await call(table, g);
            done++;
          }
        }
      }),
    );
    console.log(
      `games-storage: cards ${table === 'inside' ? 'inside the state' : 'in their own column'}: ` +
        `median ${median(times).toFixed(2)} ms a call one at a time, ${(done / 4).toFixed(0)} calls/s with 10 connections`,
    );
  }
} finally {
  await pool.end();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
