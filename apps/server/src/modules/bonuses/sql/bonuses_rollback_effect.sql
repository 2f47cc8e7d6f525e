-- A refunded bet no longer counts (docs/bonuses.md#inside-the-bet-atomic-with-it): run by the wallet's
-- rollback in its transaction, it takes the bet's contribution off the counter once (`reversed_at`)
-- while its bonus is still being wagered. A bonus that has ended keeps its counter as it ended.
CREATE OR REPLACE FUNCTION bonuses_rollback_effect(p_user integer, p_currency text, p_provider text, p_bet_tx text, p_now timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  w record;
BEGIN
  UPDATE bonus_wagers bw SET reversed_at = p_now
    FROM player_bonuses b
   WHERE bw.provider = p_provider AND bw.tx_id = p_bet_tx AND bw.reversed_at IS NULL
     AND b.id = bw.bonus_id AND b.stage = 'handle_bets'
  RETURNING bw.bonus_id, bw.contribution INTO w;
  IF FOUND AND w.contribution > 0 THEN
    UPDATE player_bonuses SET wagered_cents = wagered_cents - w.contribution WHERE id = w.bonus_id;
  END IF;
END;
$$;
