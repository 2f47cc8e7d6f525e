-- A bet's effect on the wallet's bonus (docs/bonuses.md#inside-the-bet-atomic-with-it), run by
-- `wallet_bet` after the debit and its postings, before the bet's `wallet_requests` row: with a
-- bonus being wagered, the bet is written down (what it staked of bonus money, for routing its
-- round's wins) and its weighted stake is added to the counter. A replayed bet aborts on this
-- table's key or on `wallet_requests`, so a bet counts once or not at all. A bet after the bonus's
-- `valid_until` (before the expiry job has ended it) is written down but counts nothing.
CREATE OR REPLACE FUNCTION bonuses_bet_effect(
  p_user integer, p_currency text, p_provider text, p_tx text, p_round text, p_game text, p_amount bigint,
  p_bonus_part bigint, p_now timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  b record;
  v_weight integer;
  v_contribution bigint;
BEGIN
  SELECT id, weights, default_weight, excluded_collections, valid_until INTO b
    FROM player_bonuses WHERE user_id = p_user AND currency = p_currency AND stage = 'handle_bets';
  IF NOT FOUND THEN
    RETURN;
  END IF;
  v_weight := coalesce(bonuses_game_weight(b.weights, b.default_weight, b.excluded_collections, p_game), 0);
  v_contribution := CASE WHEN b.valid_until IS NOT NULL AND b.valid_until <= p_now THEN 0
                         ELSE div(p_amount::numeric * v_weight, 100)::bigint END;
  INSERT INTO bonus_wagers (provider, tx_id, round_id, user_id, bonus_id, amount, bonus_part, weight, contribution, created_at)
    VALUES (p_provider, p_tx, p_round, p_user, b.id, p_amount, p_bonus_part, v_weight, v_contribution, p_now);
  IF v_contribution > 0 THEN
    UPDATE player_bonuses SET wagered_cents = wagered_cents + v_contribution WHERE id = b.id;
  END IF;
END;
$$;
