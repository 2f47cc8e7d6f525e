-- The bonus rules a concurrent bet could race (docs/bonuses.md#inside-the-bet-atomic-with-it), run by
-- `wallet_bet` after responsible gambling's check, with the player's account row locked. Without a
-- bonus being wagered in this wallet it answers NULL after one probe of the one-active index. With
-- one: a stake above its max bet is refused, and so is a stake on an excluded game that cash alone
-- does not cover (cash may play anything; bonus money may not).
CREATE OR REPLACE FUNCTION bonuses_bet_check(p_user integer, p_currency text, p_amount bigint, p_game text, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  b record;
  v_cash bigint;
BEGIN
  SELECT max_bet_cents, weights, default_weight, excluded_collections INTO b
    FROM player_bonuses WHERE user_id = p_user AND currency = p_currency AND stage = 'handle_bets';
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF b.max_bet_cents IS NOT NULL AND p_amount > b.max_bet_cents THEN
    RETURN jsonb_build_object(
      'code', 'bonus_max_bet',
      'message', 'Your bonus allows bets up to ' || bonuses_money(b.max_bet_cents, p_currency) || ' while you wager it.');
  END IF;
  IF cardinality(b.excluded_collections) > 0
     AND bonuses_game_weight(b.weights, b.default_weight, b.excluded_collections, p_game) IS NULL THEN
    SELECT available_to_cashout_cents INTO v_cash FROM player_accounts WHERE user_id = p_user AND currency = p_currency;
    IF v_cash < p_amount OR (p_amount = 0 AND v_cash = 0) THEN
      RETURN jsonb_build_object('code', 'bonus_game_excluded', 'message', 'This game can''t be played with bonus money.');
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
