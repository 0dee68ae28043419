CREATE TABLE "agent_monthly_stats" (
	"agent_id" uuid NOT NULL,
	"month" date NOT NULL,
	"games_created" integer DEFAULT 0 NOT NULL,
	"games_finished" integer DEFAULT 0 NOT NULL,
	"games_cancelled" integer DEFAULT 0 NOT NULL,
	"games_cancelled_played" integer DEFAULT 0 NOT NULL,
	"players" integer DEFAULT 0 NOT NULL,
	"total_santim" bigint DEFAULT 0 NOT NULL,
	"agent_fee_santim" bigint DEFAULT 0 NOT NULL,
	"prize_santim" bigint DEFAULT 0 NOT NULL,
	"top_ups" integer DEFAULT 0 NOT NULL,
	"coins_sold" bigint DEFAULT 0 NOT NULL,
	"coin_revenue_santim" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_monthly_stats_pkey" PRIMARY KEY("agent_id","month"),
	CONSTRAINT "agent_monthly_stats_month_check" CHECK (extract(day FROM "agent_monthly_stats"."month") = 1)
);
--> statement-breakpoint
ALTER TABLE "agent_monthly_stats" ADD CONSTRAINT "agent_monthly_stats_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_monthly_stats_month_idx" ON "agent_monthly_stats" USING btree ("month","agent_id");--> statement-breakpoint

-- Custom: the months follow the days. Every change of a day row (the game and top-up triggers of 0007 upsert
-- them) adds its difference to the row of its month, in the same transaction, so a month is always the sum of
-- its days. Days are never deleted but by cartela_rebuild_stats(), which empties both and refills the days.
CREATE OR REPLACE FUNCTION cartela_rollup_month() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO agent_monthly_stats AS m (agent_id, month, games_created, games_finished, games_cancelled,
    games_cancelled_played, players, total_santim, agent_fee_santim, prize_santim, top_ups, coins_sold,
    coin_revenue_santim)
  VALUES (NEW.agent_id, date_trunc('month', NEW.business_date)::date,
    NEW.games_created - coalesce(OLD.games_created, 0),
    NEW.games_finished - coalesce(OLD.games_finished, 0),
    NEW.games_cancelled - coalesce(OLD.games_cancelled, 0),
    NEW.games_cancelled_played - coalesce(OLD.games_cancelled_played, 0),
    NEW.players - coalesce(OLD.players, 0),
    NEW.total_santim - coalesce(OLD.total_santim, 0),
    NEW.agent_fee_santim - coalesce(OLD.agent_fee_santim, 0),
    NEW.prize_santim - coalesce(OLD.prize_santim, 0),
    NEW.top_ups - coalesce(OLD.top_ups, 0),
    NEW.coins_sold - coalesce(OLD.coins_sold, 0),
    NEW.coin_revenue_santim - coalesce(OLD.coin_revenue_santim, 0))
  ON CONFLICT (agent_id, month) DO UPDATE SET
    games_created = m.games_created + EXCLUDED.games_created,
    games_finished = m.games_finished + EXCLUDED.games_finished,
    games_cancelled = m.games_cancelled + EXCLUDED.games_cancelled,
    games_cancelled_played = m.games_cancelled_played + EXCLUDED.games_cancelled_played,
    players = m.players + EXCLUDED.players,
    total_santim = m.total_santim + EXCLUDED.total_santim,
    agent_fee_santim = m.agent_fee_santim + EXCLUDED.agent_fee_santim,
    prize_santim = m.prize_santim + EXCLUDED.prize_santim,
    top_ups = m.top_ups + EXCLUDED.top_ups,
    coins_sold = m.coins_sold + EXCLUDED.coins_sold,
    coin_revenue_santim = m.coin_revenue_santim + EXCLUDED.coin_revenue_santim;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER agent_daily_stats_to_month
AFTER INSERT OR UPDATE ON agent_daily_stats
FOR EACH ROW EXECUTE FUNCTION cartela_rollup_month();
--> statement-breakpoint
-- The rebuild of 0007, now also emptying the months (the days' trigger refills them).
CREATE OR REPLACE FUNCTION cartela_rebuild_stats() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE games SET business_date = business_date(created_at)
    WHERE business_date IS DISTINCT FROM business_date(created_at);
  UPDATE super_agent_earnings SET business_date = business_date(payment_date)
    WHERE payment_type = 'virtual-coin-purchase' AND business_date IS DISTINCT FROM business_date(payment_date);
  DELETE FROM agent_daily_stats;
  DELETE FROM agent_monthly_stats; -- refilled from the days below by agent_daily_stats_to_month
  INSERT INTO agent_daily_stats (agent_id, business_date, games_created, games_finished, games_cancelled,
    games_cancelled_played, players, total_santim, agent_fee_santim, prize_santim, top_ups, coins_sold,
    coin_revenue_santim)
  SELECT agent_id, day, sum(gc), sum(gf), sum(gx), sum(gp), sum(pl), sum(ts), sum(fs), sum(ps), sum(tu), sum(cs),
    sum(cr)
  FROM (
    SELECT agent_id, business_date AS day, count(*) AS gc,
      count(*) FILTER (WHERE status = 'finished') AS gf,
      count(*) FILTER (WHERE status = 'cancelled') AS gx,
      count(*) FILTER (WHERE status = 'cancelled' AND total_calls > 0) AS gp,
      coalesce(sum(players) FILTER (WHERE status = 'finished'), 0) AS pl,
      coalesce(sum(total_santim) FILTER (WHERE status = 'finished'), 0) AS ts,
      coalesce(sum(agent_fee_santim) FILTER (WHERE status = 'finished'), 0) AS fs,
      coalesce(sum(prize_santim) FILTER (WHERE status = 'finished'), 0) AS ps,
      0 AS tu, 0 AS cs, 0 AS cr
    FROM games GROUP BY 1, 2
    UNION ALL
    SELECT agent_id, business_date(created_at), 0, 0, 0, 0, 0, 0, 0, 0, count(*), sum(delta),
      coalesce(sum(etb_amount_santim), 0)
    FROM coin_ledger WHERE reason = 'top-up' GROUP BY 1, 2
  ) x
  GROUP BY agent_id, day;
  UPDATE users u SET total_earnings = x.fees
  FROM (
    SELECT a.id, coalesce(sum(g.agent_fee_santim) FILTER (WHERE g.status = 'finished'), 0) AS fees
    FROM users a LEFT JOIN games g ON g.agent_id = a.id
    WHERE a.role = 'agent' GROUP BY a.id
  ) x
  WHERE u.id = x.id AND u.total_earnings IS DISTINCT FROM x.fees;
END;
$$;
--> statement-breakpoint
INSERT INTO agent_monthly_stats (agent_id, month, games_created, games_finished, games_cancelled,
  games_cancelled_played, players, total_santim, agent_fee_santim, prize_santim, top_ups, coins_sold,
  coin_revenue_santim)
SELECT agent_id, date_trunc('month', business_date)::date, sum(games_created), sum(games_finished),
  sum(games_cancelled), sum(games_cancelled_played), sum(players), sum(total_santim), sum(agent_fee_santim),
  sum(prize_santim), sum(top_ups), sum(coins_sold), sum(coin_revenue_santim)
FROM agent_daily_stats GROUP BY 1, 2;
