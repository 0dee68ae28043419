-- Custom migration (drizzle-kit does not generate triggers).

-- Every change of a users row is announced on the channel cartela_user_changed (payload: the user id), inside
-- the writing transaction: PostgreSQL delivers it on commit, to every server instance listening, which drops
-- the user from its session cache (docs/decisions/021-session-invalidation.md).
CREATE OR REPLACE FUNCTION cartela_notify_user_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cartela_user_changed', OLD.id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_changed
AFTER UPDATE OR DELETE ON users
FOR EACH ROW EXECUTE FUNCTION cartela_notify_user_changed();
--> statement-breakpoint

-- The coin ledger is append-only: balances are proven by summing it, so a row must never change or vanish.
CREATE OR REPLACE FUNCTION cartela_refuse_ledger_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'coin_ledger rows are immutable' USING ERRCODE = 'raise_exception';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER coin_ledger_immutable
BEFORE UPDATE OR DELETE ON coin_ledger
FOR EACH ROW EXECUTE FUNCTION cartela_refuse_ledger_change();
