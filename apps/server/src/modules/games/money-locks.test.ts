// Issue 18, 'Money writes never deadlock and never lose an update': one agent's creations, finishes, cancels and
// top-ups all at once. Before, creation and top-up locked the agent's row then its day's statistics, while a
// finish and a refunding cancel locked them the other way: on PostgreSQL 39 of 99 such requests answered 500.
// Now every money write takes the agent's row first (decision 059), and a transaction PostgreSQL still aborts
// for a deadlock runs again. On PGlite (one connection) the requests run one after the other; the ledger holds.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useGamesApp } from '../../test/fixtures.js';
import { type GameCall, gameAgent, newGame } from '../../test/games.js';
import { coinsOf } from '../../test/network.js';

const { t, asAdmin } = useGamesApp();

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('one agent’s money writes at once', () => {
  it('100 mixed creations, finishes, cancels and top-ups: no 5xx, every balance equal to its ledger', async () => {
    const a = await gameAgent(t.app, t.database, asAdmin, { coins: 1_000 });
    // Each game on a cartela of its own (a cartela is in one round at a time): 50 ETB, 10% = 5 coins.
    const game = (n: number) => ({ stake: 50, cartelaNumbers: [n], selectedPattern: 'full-house' });
    // Games to finish (with a call: they count) and games to cancel (none: they refund).
    const toFinish = [];
    const toCancel = [];
    for (let i = 0; i < 25; i++) {
      const g = await newGame(a.as, game(2 * i + 1));
      const called = await a.as('POST', `/api/games/${g.id}/call-number`);
      expect(called.statusCode).toBe(200);
      toFinish.push(g.id);
      toCancel.push((await newGame(a.as, game(2 * i + 2))).id);
    }
    const requests: (() => ReturnType<GameCall>)[] = [
      ...Array.from({ length: 30 }, (_, i) => () => a.as('POST', '/api/games', game(51 + i))),
      ...toFinish.map((id) => () => a.as('POST', `/api/games/${id}/finish`)),
      ...toCancel.map((id) => () => a.as('POST', `/api/games/${id}/cancel`, { reason: 'test' })),
      ...Array.from(
        { length: 20 },
        () => () => asAdmin('POST', `/api/users/agents/${a.user.id}/add-coins`, { coins: 7, etbAmount: 7 }),
      ),
    ];
    // Interleaved, so that every kind races every other.
    const shuffled = requests.map((r, i) => ({ r, k: (i * 37) % requests.length })).sort((x, y) => x.k - y.k);
    const answers = await Promise.all(shuffled.map(({ r }) => r()));

    const statuses = answers.map((r) => r.statusCode);
    expect(
      answers.filter((r) => r.statusCode >= 500).map((r) => r.body),
      'no request answered 5xx',
    ).toEqual([]);
    expect(statuses.filter((s) => s >= 300)).toEqual([]);

    // Coins: 1,000 + 20 top-ups of 7 - 80 games of 5 + 25 refunds of 5.
    const coins = await coinsOf(t.database, a.user.id);
    expect(coins.balance).toBe(coins.ledgerSum);
    expect(coins.balance).toBe(1_000 + 20 * 7 - 80 * 5 + 25 * 5);

    // Counted money: the agent's total earnings and its statistics agree with its games, as a rebuild finds them.
    const [games] = rowsOf<{ finished: string; fees: string }>(
      await t.database.db.execute(sql`
        SELECT count(*) FILTER (WHERE status = 'finished') AS finished,
          coalesce(sum(agent_fee_santim) FILTER (WHERE status = 'finished'), 0) AS fees
        FROM games WHERE agent_id = ${a.user.id}`),
    );
    expect(Number(games!.finished)).toBe(25);
    const stats = async () =>
      rowsOf<Record<string, string>>(
        await t.database.db.execute(sql`
          SELECT u.total_earnings, d.games_created, d.games_finished, d.games_cancelled, d.agent_fee_santim,
            d.top_ups, d.coins_sold, m.games_created AS month_created, m.agent_fee_santim AS month_fees
          FROM users u
          JOIN (SELECT agent_id, sum(games_created) AS games_created, sum(games_finished) AS games_finished,
                  sum(games_cancelled) AS games_cancelled, sum(agent_fee_santim) AS agent_fee_santim,
                  sum(top_ups) AS top_ups, sum(coins_sold) AS coins_sold
                FROM agent_daily_stats GROUP BY agent_id) d ON d.agent_id = u.id
          JOIN (SELECT agent_id, sum(games_created) AS games_created, sum(agent_fee_santim) AS agent_fee_santim
                FROM agent_monthly_stats GROUP BY agent_id) m ON m.agent_id = u.id
          WHERE u.id = ${a.user.id}`),
      );
    const live = await stats();
    expect(Number(live[0]!.total_earnings)).toBe(Number(games!.fees));
    expect(Number(live[0]!.games_created)).toBe(80);
    expect(Number(live[0]!.games_finished)).toBe(25);
    expect(Number(live[0]!.games_cancelled)).toBe(25);
    expect(Number(live[0]!.top_ups)).toBe(21);
    await t.database.db.execute(sql`SELECT cartela_rebuild_stats()`);
    expect(await stats()).toEqual(live);
  });
});
