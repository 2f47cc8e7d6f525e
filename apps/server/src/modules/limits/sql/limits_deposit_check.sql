-- Responsible gambling's deposit-time check (docs/limits.md#enforcement): the payments module calls
-- it in the transaction that records a deposit, before any provider is asked. It locks the player's
-- row first, so two deposits started at once are counted one after the other and cannot pass a
-- limit together. NULL lets the deposit through; a refusal is {"code", "message"}.
CREATE OR REPLACE FUNCTION limits_deposit_check(p_user integer, p_currency text, p_amount bigint, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_refusal jsonb;
  v_limit record;
  v_used bigint;
BEGIN
  PERFORM 1 FROM users WHERE id = p_user FOR UPDATE;
  v_refusal := limits_break_refusal(p_user, p_now, 'deposits');
  IF v_refusal IS NOT NULL THEN
    RETURN v_refusal;
  END IF;
  FOR v_limit IN
    SELECT u.period, u.anchor_at, a.amount_cents
      FROM user_limits u JOIN user_limit_accounts a ON a.limit_id = u.id
     WHERE u.user_id = p_user AND a.currency = p_currency AND u.type = 'deposit' AND u.anchor_at <= p_now
     ORDER BY a.amount_cents
  LOOP
    v_used := limits_used(p_user, p_currency, 'deposit', v_limit.anchor_at, v_limit.period, p_now);
    IF v_used + p_amount > v_limit.amount_cents THEN
      RETURN jsonb_build_object(
        'code', 'deposit_limit_reached',
        'message', 'This deposit would pass your deposit limit for the ' || limits_period_words(v_limit.period) || '.');
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
