-- Assembled by `npm run db:functions` from the modules' SQL sources (docs/bet-checks.md).
-- From apps/server/src/modules/limits/sql/limits_bet_check.sql
-- Responsible gambling's bet-time check (docs/bet-checks.md). `wallet_bet` calls it inside its own
-- transaction with the player's account row already locked, so a limit that concurrent bets move
-- cannot be overshot. NULL lets the bet through; a refusal is {"code", "message"} and the wallet
-- answers GAMBLING_BLOCKED with that message.
--
-- Not finished: limits (self-exclusion, cooling-off, loss and wager limits) arrive with the
-- responsible-gambling issue, which fills this in. Until then no player has a limit to reach.
CREATE OR REPLACE FUNCTION limits_bet_check(p_user integer, p_currency text, p_amount bigint, p_game text, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  RETURN NULL;
END;
$$;--> statement-breakpoint

-- Generated from the modules' bet checks (db/module-functions.ts); do not edit by hand.
CREATE OR REPLACE FUNCTION wallet_bet_checks(p_user integer, p_currency text, p_amount bigint, p_game text, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_refusal jsonb;
BEGIN
  v_refusal := limits_bet_check(p_user, p_currency, p_amount, p_game, p_now);
  IF v_refusal IS NOT NULL THEN RETURN v_refusal; END IF;
  RETURN NULL;
END;
$$;
