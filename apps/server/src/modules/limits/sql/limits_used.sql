-- How much of a money limit the player has used in the window that holds p_now
-- (docs/limits.md#what-counts), in minor units of the limit's currency p_currency, counting play and
-- deposits in every wallet of the player, each converted by `limits_convert`
-- (docs/limits.md#one-limit-every-wallet), rounded up:
--   wager:   the stakes the wallet took and still holds;
--   loss:    those stakes less the wins it paid, never below zero;
--   deposit: deposits started or credited (a started one holds its room, so two at once cannot
--            overshoot), declined ones not counted; withdrawals give no room back.
-- A window has a start and no end here: everything stamped from its start on counts. A request
-- that waited for the player's lock carries a time read before it waited, and the bets committed
-- meanwhile may carry later times; bounding the count by p_now left them out, and parallel bets
-- passed a limit (docs/limits.md#concurrent-requests).
-- The bet check and the limits list read the same figure.
CREATE OR REPLACE FUNCTION limits_used(p_user integer, p_currency text, p_type text, p_anchor timestamptz,
                                       p_period text, p_now timestamptz)
RETURNS bigint LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_start timestamptz := (limits_window(p_anchor, p_period, p_now)).window_start;
  v_used numeric;
BEGIN
  IF p_type = 'deposit' THEN
    SELECT coalesce(sum(limits_convert(p.amount_cents, p.currency, p_currency)), 0) INTO v_used
      FROM payments p
     WHERE p.user_id = p_user AND p.action = 'deposit' AND p.state IN ('pending', 'succeeded')
       AND p.created_at >= v_start;
    RETURN ceil(v_used);
  END IF;
  -- One index range per wallet the player holds (wallet_requests_user_window_idx).
  SELECT coalesce(sum(limits_convert(CASE WHEN p_type = 'wager' THEN w.staked ELSE w.staked - w.won END,
                                     a.currency, p_currency)), 0)
    INTO v_used
    FROM player_accounts a
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(r.amount) FILTER (WHERE r.action = 'bet'), 0) AS staked,
             coalesce(sum(r.amount) FILTER (WHERE r.action = 'win'), 0) AS won
        FROM wallet_requests r
       WHERE r.user_id = p_user AND r.currency = a.currency AND r.created_at >= v_start
         AND ((r.action = 'bet' AND r.status = 'ok') OR (r.action = 'win' AND r.status IN ('ok', 'closed')))) w
   WHERE a.user_id = p_user;
  RETURN greatest(ceil(v_used), 0);
END;
$$;
