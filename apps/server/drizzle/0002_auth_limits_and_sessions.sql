CREATE TABLE "login_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_attempts_attempts_check" CHECK ("login_attempts"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "revoked_sessions" (
	"token_id" uuid PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "login_attempts_window_ends_idx" ON "login_attempts" USING btree ("window_ends_at");--> statement-breakpoint
CREATE INDEX "revoked_sessions_expires_idx" ON "revoked_sessions" USING btree ("expires_at");--> statement-breakpoint

-- A sign-out is announced to every server instance, which stops accepting that token at once
-- (docs/decisions/021-session-invalidation.md). Delivered on commit.
CREATE OR REPLACE FUNCTION cartela_notify_session_revoked() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cartela_session_revoked', NEW.token_id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER revoked_sessions_notify
AFTER INSERT ON revoked_sessions
FOR EACH ROW EXECUTE FUNCTION cartela_notify_session_revoked();
