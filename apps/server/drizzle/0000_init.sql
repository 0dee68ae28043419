CREATE TABLE "agent_cartelas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"cartela_number" smallint NOT NULL,
	"card" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_cartelas_cartela_number_check" CHECK ("agent_cartelas"."cartela_number" BETWEEN 1 AND 300),
	CONSTRAINT "agent_cartelas_card_check" CHECK (jsonb_typeof("agent_cartelas"."card") = 'array' AND jsonb_array_length("agent_cartelas"."card") = 5)
);
--> statement-breakpoint
CREATE TABLE "cartelas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cartela_number" smallint NOT NULL,
	"card" jsonb NOT NULL,
	"winning_patterns" text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cartelas_cartela_number_key" UNIQUE("cartela_number"),
	CONSTRAINT "cartelas_cartela_number_check" CHECK ("cartelas"."cartela_number" BETWEEN 1 AND 300),
	CONSTRAINT "cartelas_card_check" CHECK (jsonb_typeof("cartelas"."card") = 'array' AND jsonb_array_length("cartelas"."card") = 5)
);
--> statement-breakpoint
CREATE TABLE "coin_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"delta" bigint NOT NULL,
	"balance_before" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"reason" text NOT NULL,
	"etb_amount_santim" bigint,
	"game_id" uuid,
	"actor_id" uuid,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_ledger_reason_check" CHECK ("coin_ledger"."reason" IN ('top-up', 'game', 'refund', 'adjustment', 'demo')),
	CONSTRAINT "coin_ledger_delta_check" CHECK ("coin_ledger"."delta" <> 0),
	CONSTRAINT "coin_ledger_balance_check" CHECK ("coin_ledger"."balance_before" >= 0 AND "coin_ledger"."balance_after" >= 0 AND "coin_ledger"."balance_after" = "coin_ledger"."balance_before" + "coin_ledger"."delta"),
	CONSTRAINT "coin_ledger_etb_amount_check" CHECK ("coin_ledger"."etb_amount_santim" IS NULL OR "coin_ledger"."etb_amount_santim" >= 0)
);
--> statement-breakpoint
CREATE TABLE "super_agent_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"super_agent_id" uuid NOT NULL,
	"super_agent_commission_rate" numeric(7, 4) NOT NULL,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"effective_from" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "super_agent_agreements_rate_check" CHECK (super_agent_commission_rate IS NULL OR (super_agent_commission_rate >= 0 AND super_agent_commission_rate <= 100)),
	CONSTRAINT "super_agent_agreements_not_self_check" CHECK ("super_agent_agreements"."agent_id" <> "super_agent_agreements"."super_agent_id"),
	CONSTRAINT "super_agent_agreements_active_check" CHECK (("super_agent_agreements"."is_active" AND "super_agent_agreements"."ended_at" IS NULL) OR (NOT "super_agent_agreements"."is_active" AND "super_agent_agreements"."ended_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"contact" text,
	"financial_model" text,
	"virtual_coins" bigint DEFAULT 0 NOT NULL,
	"commission_percentage" numeric(7, 4),
	"system_commission_share" numeric(7, 4),
	"platform_commission_rate" numeric(7, 4),
	"total_earnings" bigint DEFAULT 0 NOT NULL,
	"last_payment_date" timestamp with time zone,
	"notes" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" IN ('admin', 'agent', 'super-agent')),
	CONSTRAINT "users_language_check" CHECK ("users"."language" IN ('en', 'am')),
	CONSTRAINT "users_financial_model_check" CHECK (("users"."role" = 'agent' AND "users"."financial_model" IN ('virtual-coin', 'commission-share')) OR ("users"."role" <> 'agent' AND "users"."financial_model" IS NULL)),
	CONSTRAINT "users_username_check" CHECK (length("users"."username") BETWEEN 1 AND 64),
	CONSTRAINT "users_virtual_coins_check" CHECK ("users"."virtual_coins" >= 0),
	CONSTRAINT "users_total_earnings_check" CHECK ("users"."total_earnings" >= 0),
	CONSTRAINT "users_commission_percentage_check" CHECK (commission_percentage IS NULL OR (commission_percentage >= 0 AND commission_percentage <= 100)),
	CONSTRAINT "users_system_commission_share_check" CHECK (system_commission_share IS NULL OR (system_commission_share >= 0 AND system_commission_share <= 100)),
	CONSTRAINT "users_platform_commission_rate_check" CHECK (platform_commission_rate IS NULL OR (platform_commission_rate >= 0 AND platform_commission_rate <= 100)),
	CONSTRAINT "users_token_version_check" CHECK ("users"."token_version" >= 0)
);
--> statement-breakpoint
ALTER TABLE "agent_cartelas" ADD CONSTRAINT "agent_cartelas_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_cartelas" ADD CONSTRAINT "agent_cartelas_cartela_number_cartelas_cartela_number_fk" FOREIGN KEY ("cartela_number") REFERENCES "public"."cartelas"("cartela_number") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "super_agent_agreements" ADD CONSTRAINT "super_agent_agreements_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "super_agent_agreements" ADD CONSTRAINT "super_agent_agreements_super_agent_id_users_id_fk" FOREIGN KEY ("super_agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_cartelas_agent_number_key" ON "agent_cartelas" USING btree ("agent_id","cartela_number");--> statement-breakpoint
CREATE INDEX "coin_ledger_agent_created_idx" ON "coin_ledger" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "coin_ledger_game_idx" ON "coin_ledger" USING btree ("game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "super_agent_agreements_one_active_per_agent" ON "super_agent_agreements" USING btree ("agent_id") WHERE "super_agent_agreements"."is_active";--> statement-breakpoint
CREATE INDEX "super_agent_agreements_super_agent_idx" ON "super_agent_agreements" USING btree ("super_agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");