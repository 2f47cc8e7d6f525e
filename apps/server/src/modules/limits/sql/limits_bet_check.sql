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
$$;
