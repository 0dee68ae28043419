CREATE INDEX "games_stake_idx" ON "games" USING btree ("stake_santim","id");--> statement-breakpoint
CREATE INDEX "games_players_idx" ON "games" USING btree ("players","id");--> statement-breakpoint
CREATE INDEX "games_agent_fee_idx" ON "games" USING btree ("agent_fee_santim","id");--> statement-breakpoint
CREATE INDEX "games_total_idx" ON "games" USING btree ("total_santim","id");