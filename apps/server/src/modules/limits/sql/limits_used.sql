-- How much of a money limit the player has used in the window that holds p_now
-- (docs/limits.md#what-counts), in minor units of p_currency:
--   wager:   the stakes the wallet took and still holds;
--   loss:    those stakes less the wins it paid, never below zero;
--   deposit: deposits started or credited (a started one holds its room, so two at once cannot
--            overshoot), declined ones not counted; withdrawals give no room back.
-- The bet check and the limits list read the same figure.
CREATE OR REPLACE FUNCTION limits_used(p_user integer, p_currency text, p_type text, p_anchor timestamptz,
                                       p_period text, p_now timestamptz)
RETURNS bigint LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_start timestamptz := (limits_window(p_anchor, p_period, p_now)).window_start;
  v_staked bigint;
  v_won bigint;
BEGIN
  IF p_type = 'deposit' THEN
    RETURN (SELECT coalesce(sum(amount_cents), 0) FROM payments
             WHERE user_id = p_user AND currency = p_currency AND action = 'deposit'
               AND state IN ('pending', 'succeeded') AND created_at >= v_start AND created_at <= p_now);
  END IF;
  SELECT coalesce(sum(amount) FILTER (WHERE action = 'bet'), 0), coalesce(sum(amount) FILTER (WHERE action = 'win'), 0)
    INTO v_staked, v_won
    FROM wallet_requests
   WHERE user_id = p_user AND currency = p_currency AND created_at >= v_start AND created_at <= p_now
     AND ((action = 'bet' AND status = 'ok') OR (action = 'win' AND status IN ('ok', 'closed')));
  IF p_type = 'wager' THEN
    RETURN v_staked;
  END IF;
  RETURN greatest(v_staked - v_won, 0);
END;
$$;
