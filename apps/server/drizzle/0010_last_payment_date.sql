-- Custom: users.last_payment_date, the session user's lastPaymentDate (spec 01): when money last changed hands
-- between the platform and the account (decision 054). For an agent, a commission payment marked paid or coins
-- bought for money (a top-up with an ETB amount); for a super agent, an earning marked paid. The database keeps
-- it in the transaction that records the payment, so no code path can forget it; marking a payment pending again
-- takes it back (the latest payment still recorded, or none). The users row changing announces itself
-- (users_notify_changed, decision 021), so every instance's session cache drops the old value.
CREATE OR REPLACE FUNCTION cartela_refresh_last_payment(account uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  latest timestamptz;
BEGIN
  -- The account's row first: two payments of one account recorded at once refresh it one after the other, and
  -- the second one's read (a new statement, so a new snapshot) sees what the first committed.
  PERFORM 1 FROM users WHERE id = account FOR NO KEY UPDATE;
  SELECT greatest(
    (SELECT max(paid_at) FROM commission_payments WHERE agent_id = account AND status = 'paid'),
    (SELECT max(paid_at) FROM super_agent_earnings WHERE super_agent_id = account AND status = 'paid'),
    (SELECT max(created_at) FROM coin_ledger
      WHERE agent_id = account AND reason = 'top-up' AND etb_amount_santim > 0)
  ) INTO latest;
  UPDATE users SET last_payment_date = latest
  WHERE id = account AND last_payment_date IS DISTINCT FROM latest;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cartela_last_payment_of_agent() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cartela_refresh_last_payment(NEW.agent_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cartela_last_payment_of_super_agent() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cartela_refresh_last_payment(NEW.super_agent_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER commission_payments_last_payment_insert
AFTER INSERT ON commission_payments
FOR EACH ROW WHEN (NEW.status = 'paid') EXECUTE FUNCTION cartela_last_payment_of_agent();
--> statement-breakpoint
CREATE TRIGGER commission_payments_last_payment_status
AFTER UPDATE OF status ON commission_payments
FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND 'paid' IN (OLD.status, NEW.status))
EXECUTE FUNCTION cartela_last_payment_of_agent();
--> statement-breakpoint
CREATE TRIGGER super_agent_earnings_last_payment_insert
AFTER INSERT ON super_agent_earnings
FOR EACH ROW WHEN (NEW.status = 'paid') EXECUTE FUNCTION cartela_last_payment_of_super_agent();
--> statement-breakpoint
CREATE TRIGGER super_agent_earnings_last_payment_status
AFTER UPDATE OF status ON super_agent_earnings
FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND 'paid' IN (OLD.status, NEW.status))
EXECUTE FUNCTION cartela_last_payment_of_super_agent();
--> statement-breakpoint
CREATE TRIGGER coin_ledger_last_payment
AFTER INSERT ON coin_ledger
FOR EACH ROW WHEN (NEW.reason = 'top-up' AND NEW.etb_amount_santim > 0)
EXECUTE FUNCTION cartela_last_payment_of_agent();
--> statement-breakpoint
-- The payments recorded before this migration.
SELECT cartela_refresh_last_payment(id) FROM users;
