-- Issue 18 (decisions 055, 056): the spec's gameMode and the rest of its create payload kept on the game; an
-- agent's minimum commission percentage; games recorded before shuffles stopped reordering the balls say so.
ALTER TABLE "games" DROP CONSTRAINT "games_game_mode_check";--> statement-breakpoint
UPDATE "games" SET "game_mode" = 'specific-pattern' WHERE "game_mode" <> 'specific-pattern';--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "min_commission_percentage" numeric(7, 4);--> statement-breakpoint
-- An existing agent keeps its current percentage as its minimum (a new one starts at 10: the agents service).
UPDATE "users" SET "min_commission_percentage" = coalesce("commission_percentage", 10) WHERE "role" = 'agent';--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_game_mode_check" CHECK ("games"."game_mode" IN ('specific-pattern'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_min_commission_percentage_check" CHECK (min_commission_percentage IS NULL OR (min_commission_percentage >= 0 AND min_commission_percentage <= 100));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_commission_minimum_check" CHECK (("users"."role" = 'agent') = ("users"."min_commission_percentage" IS NOT NULL) AND ("users"."commission_percentage" IS NULL OR "users"."commission_percentage" >= "users"."min_commission_percentage"));--> statement-breakpoint
-- Custom: until 2026-11-26 a shuffle reordered the balls not yet called (spec 00 'The draw', revised). Every
-- shuffle recorded so far did: the state says so in legacyShuffles (what verifyGame replays); shuffles made from
-- now on are the hall's moment only and leave the order as committed.
UPDATE "games" SET "state" = "state" || jsonb_build_object('legacyShuffles', "state"->'shuffles')
WHERE jsonb_typeof("state"->'shuffles') = 'array' AND jsonb_array_length("state"->'shuffles') > 0
  AND NOT "state" ? 'legacyShuffles';
