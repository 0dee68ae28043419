CREATE TABLE "game_events" (
	"game_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"action" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_events_pkey" PRIMARY KEY("game_id","seq"),
	CONSTRAINT "game_events_seq_check" CHECK ("game_events"."seq" >= 1),
	CONSTRAINT "game_events_type_check" CHECK ("game_events"."type" IN ('call-next', 'pause', 'resume', 'shuffle', 'validate', 'finish', 'cancel'))
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" text NOT NULL,
	"agent_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"game_mode" text NOT NULL,
	"pattern" text NOT NULL,
	"stake_santim" bigint NOT NULL,
	"players" smallint NOT NULL,
	"total_santim" bigint NOT NULL,
	"agent_fee_santim" bigint NOT NULL,
	"prize_santim" bigint NOT NULL,
	"commission_percent" numeric(7, 4) NOT NULL,
	"coin_cost" integer NOT NULL,
	"cartela_numbers" jsonb NOT NULL,
	"total_calls" smallint DEFAULT 0 NOT NULL,
	"winner_cartela" smallint,
	"draw_commitment" text NOT NULL,
	"draw_seed" text NOT NULL,
	"state" jsonb NOT NULL,
	"cartelas" json NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "games_game_id_key" UNIQUE("game_id"),
	CONSTRAINT "games_status_check" CHECK ("games"."status" IN ('active', 'paused', 'finished', 'cancelled')),
	CONSTRAINT "games_game_mode_check" CHECK ("games"."game_mode" IN ('online', 'offline')),
	CONSTRAINT "games_pattern_check" CHECK ("games"."pattern" IN ('agents-own', 'four-corners', 'full-house', 'x-pattern', 't-pattern', 'l-pattern', 'u-pattern', 'diamond', 'any-one-line', 'any-two-lines', 'any-vertical', 'any-horizontal', 'any-diagonal', 'reverse-t', 'reverse-l', 'half-above', 'half-below', 'plus', 'bno-three-vertical')),
	CONSTRAINT "games_game_id_check" CHECK ("games"."game_id" ~ '^[A-Za-z0-9_-]{1,64}$'),
	CONSTRAINT "games_players_check" CHECK ("games"."players" BETWEEN 1 AND 300),
	CONSTRAINT "games_money_check" CHECK ("games"."stake_santim" >= 0 AND "games"."agent_fee_santim" >= 0 AND "games"."prize_santim" >= 0 AND "games"."total_santim" = "games"."stake_santim" * "games"."players" AND "games"."prize_santim" = "games"."total_santim" - "games"."agent_fee_santim"),
	CONSTRAINT "games_commission_percent_check" CHECK ("games"."commission_percent" >= 0 AND "games"."commission_percent" <= 100),
	CONSTRAINT "games_coin_cost_check" CHECK ("games"."coin_cost" = 0 OR "games"."coin_cost" = ("games"."agent_fee_santim" + 99) / 100),
	CONSTRAINT "games_cartela_numbers_check" CHECK (jsonb_typeof("games"."cartela_numbers") = 'array' AND jsonb_array_length("games"."cartela_numbers") = "games"."players"),
	CONSTRAINT "games_total_calls_check" CHECK ("games"."total_calls" BETWEEN 0 AND 75),
	CONSTRAINT "games_draw_check" CHECK ("games"."draw_commitment" ~ '^[0-9a-f]{64}$' AND "games"."draw_seed" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "games_last_seq_check" CHECK ("games"."last_seq" >= 0),
	CONSTRAINT "games_finished_check" CHECK (("games"."status" IN ('finished', 'cancelled')) = ("games"."finished_at" IS NOT NULL)),
	CONSTRAINT "games_idempotency_check" CHECK (("games"."idempotency_key" IS NULL) = ("games"."request_hash" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "games_agent_idempotency_key" ON "games" USING btree ("agent_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "games_agent_created_idx" ON "games" USING btree ("agent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "games_created_idx" ON "games" USING btree ("created_at","id");--> statement-breakpoint

-- A game's event log is append-only: it is the game's story (calls, shuffles, validations) and what a replay
-- of the room is checked against, so an event never changes or vanishes (docs/decisions/045-games-server.md).
CREATE OR REPLACE FUNCTION cartela_refuse_game_event_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'game_events rows are immutable' USING ERRCODE = 'raise_exception';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER game_events_immutable
BEFORE UPDATE OR DELETE ON game_events
FOR EACH ROW EXECUTE FUNCTION cartela_refuse_game_event_change();
