CREATE TABLE "super_agent_earnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"super_agent_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"agreement_id" uuid NOT NULL,
	"payment_type" text NOT NULL,
	"purchase_amount_santim" bigint,
	"agent_commission_santim" bigint,
	"super_agent_commission_rate" numeric(7, 4) NOT NULL,
	"platform_commission_rate" numeric(7, 4) NOT NULL,
	"super_agent_share_santim" bigint NOT NULL,
	"platform_share_santim" bigint NOT NULL,
	"super_agent_net_santim" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"coin_ledger_id" uuid,
	"payment_date" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "super_agent_earnings_coin_ledger_id_key" UNIQUE("coin_ledger_id"),
	CONSTRAINT "super_agent_earnings_payment_type_check" CHECK ("super_agent_earnings"."payment_type" IN ('virtual-coin-purchase', 'commission-share')),
	CONSTRAINT "super_agent_earnings_status_check" CHECK ("super_agent_earnings"."status" IN ('pending', 'paid', 'cancelled')),
	CONSTRAINT "super_agent_earnings_base_check" CHECK (("super_agent_earnings"."payment_type" = 'virtual-coin-purchase' AND "super_agent_earnings"."purchase_amount_santim" IS NOT NULL AND "super_agent_earnings"."agent_commission_santim" IS NULL AND "super_agent_earnings"."coin_ledger_id" IS NOT NULL) OR ("super_agent_earnings"."payment_type" = 'commission-share' AND "super_agent_earnings"."agent_commission_santim" IS NOT NULL AND "super_agent_earnings"."purchase_amount_santim" IS NULL AND "super_agent_earnings"."coin_ledger_id" IS NULL)),
	CONSTRAINT "super_agent_earnings_amounts_check" CHECK (coalesce("super_agent_earnings"."purchase_amount_santim", 0) >= 0 AND coalesce("super_agent_earnings"."agent_commission_santim", 0) >= 0 AND "super_agent_earnings"."platform_share_santim" >= 0 AND "super_agent_earnings"."platform_share_santim" <= "super_agent_earnings"."super_agent_share_santim" AND "super_agent_earnings"."super_agent_net_santim" = "super_agent_earnings"."super_agent_share_santim" - "super_agent_earnings"."platform_share_santim"),
	CONSTRAINT "super_agent_earnings_rate_check" CHECK (super_agent_commission_rate IS NULL OR (super_agent_commission_rate >= 0 AND super_agent_commission_rate <= 100)),
	CONSTRAINT "super_agent_earnings_platform_rate_check" CHECK (platform_commission_rate IS NULL OR (platform_commission_rate >= 0 AND platform_commission_rate <= 100)),
	CONSTRAINT "super_agent_earnings_paid_check" CHECK (("super_agent_earnings"."status" = 'paid') = ("super_agent_earnings"."paid_at" IS NOT NULL)),
	CONSTRAINT "super_agent_earnings_not_self_check" CHECK ("super_agent_earnings"."agent_id" <> "super_agent_earnings"."super_agent_id")
);
--> statement-breakpoint
DROP INDEX "users_username_lower_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "winning_patterns" text[];--> statement-breakpoint
-- Agents made before this migration may use every pattern, as new agents do by default (the CHECK below needs it).
UPDATE "users" SET "winning_patterns" = ARRAY['agents-own', 'four-corners', 'full-house', 'x-pattern', 't-pattern', 'l-pattern', 'u-pattern', 'diamond', 'any-one-line', 'any-two-lines', 'any-vertical', 'any-horizontal', 'any-diagonal', 'reverse-t', 'reverse-l', 'half-above', 'half-below', 'plus', 'bno-three-vertical']::text[] WHERE "role" = 'agent';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "super_agent_earnings" ADD CONSTRAINT "super_agent_earnings_super_agent_id_users_id_fk" FOREIGN KEY ("super_agent_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "super_agent_earnings" ADD CONSTRAINT "super_agent_earnings_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "super_agent_earnings" ADD CONSTRAINT "super_agent_earnings_agreement_id_super_agent_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."super_agent_agreements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "super_agent_earnings" ADD CONSTRAINT "super_agent_earnings_coin_ledger_id_coin_ledger_id_fk" FOREIGN KEY ("coin_ledger_id") REFERENCES "public"."coin_ledger"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "super_agent_earnings_super_agent_date_idx" ON "super_agent_earnings" USING btree ("super_agent_id","payment_date");--> statement-breakpoint
CREATE INDEX "super_agent_earnings_agent_idx" ON "super_agent_earnings" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "super_agent_earnings_agreement_idx" ON "super_agent_earnings" USING btree ("agreement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username")) WHERE "users"."deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_winning_patterns_check" CHECK (("users"."role" = 'agent' AND "users"."winning_patterns" IS NOT NULL AND "users"."winning_patterns" <@ ARRAY['agents-own', 'four-corners', 'full-house', 'x-pattern', 't-pattern', 'l-pattern', 'u-pattern', 'diamond', 'any-one-line', 'any-two-lines', 'any-vertical', 'any-horizontal', 'any-diagonal', 'reverse-t', 'reverse-l', 'half-above', 'half-below', 'plus', 'bno-three-vertical']::text[]) OR ("users"."role" <> 'agent' AND "users"."winning_patterns" IS NULL));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_deleted_inactive_check" CHECK ("users"."deleted_at" IS NULL OR NOT "users"."is_active");--> statement-breakpoint

-- A super agent's earning is money history: its amounts, its rates and what it belongs to never change and the
-- row never goes away; only the payment (status, paid_at, notes) moves (docs/decisions/040-agents-and-coins.md).
CREATE OR REPLACE FUNCTION cartela_guard_super_agent_earning() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'super_agent_earnings rows are never deleted' USING ERRCODE = 'raise_exception';
  END IF;
  IF (NEW.id, NEW.super_agent_id, NEW.agent_id, NEW.agreement_id, NEW.payment_type, NEW.purchase_amount_santim,
      NEW.agent_commission_santim, NEW.super_agent_commission_rate, NEW.platform_commission_rate,
      NEW.super_agent_share_santim, NEW.platform_share_santim, NEW.super_agent_net_santim, NEW.coin_ledger_id,
      NEW.payment_date, NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.super_agent_id, OLD.agent_id, OLD.agreement_id, OLD.payment_type, OLD.purchase_amount_santim,
      OLD.agent_commission_santim, OLD.super_agent_commission_rate, OLD.platform_commission_rate,
      OLD.super_agent_share_santim, OLD.platform_share_santim, OLD.super_agent_net_santim, OLD.coin_ledger_id,
      OLD.payment_date, OLD.created_at) THEN
    RAISE EXCEPTION 'super_agent_earnings: only status, paid_at and notes may change' USING ERRCODE = 'raise_exception';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER super_agent_earnings_guard
BEFORE UPDATE OR DELETE ON super_agent_earnings
FOR EACH ROW EXECUTE FUNCTION cartela_guard_super_agent_earning();
