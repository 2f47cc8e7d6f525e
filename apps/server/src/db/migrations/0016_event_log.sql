CREATE TABLE "event_cursors" (
	"consumer" text PRIMARY KEY NOT NULL,
	"last_tx" "xid8" DEFAULT '0'::xid8 NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"type" text NOT NULL,
	"user_id" integer,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "events_tx_id_idx" ON "events" USING btree ("tx","id");--> statement-breakpoint
-- The log is append-only, like the ledger (docs/events.md).
CREATE TRIGGER events_immutable BEFORE UPDATE OR DELETE ON "events" FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
-- Every seamless-wallet call that moved money (a bet or win taken, a bet rolled back) appends
-- `wallet.<action>` in the same transaction. It hangs on wallet_requests, the protocol's own record
-- of each answered call, so the SQL fast path (wallet_bet, wallet_win) and the TypeScript rollback
-- feed the log alike; a replayed call inserts no row and so no second event. Refusals, tombstones
-- and zero wins move nothing and append nothing.
CREATE FUNCTION wallet_requests_to_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('ok', 'closed') AND NEW.amount > 0 THEN
    INSERT INTO events (type, user_id, payload)
      SELECT 'wallet.' || NEW.action, NEW.user_id,
             jsonb_build_object('provider', NEW.provider, 'transaction_id', NEW.tx_id, 'round_id', NEW.round_id,
               'game', lt.metadata ->> 'game', 'currency', NEW.currency, 'amount', NEW.amount,
               'ledger_transaction_id', NEW.ledger_transaction_id, 'reference_transaction_id', NEW.reference_tx_id,
               'round_closed', NEW.status = 'closed')
      FROM (SELECT NULL) AS one LEFT JOIN ledger_transactions lt ON lt.id = NEW.ledger_transaction_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER wallet_requests_events AFTER INSERT ON "wallet_requests" FOR EACH ROW EXECUTE FUNCTION wallet_requests_to_events();
