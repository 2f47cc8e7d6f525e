-- Responsible gambling's deposit-time check (docs/limits.md#enforcement): the payments module calls
-- it in the transaction that records a deposit, before any provider is asked. It locks the player's
-- row first, so two deposits started at once are counted one after the other and cannot pass a
-- limit together. NULL lets the deposit through; a refusal is {"code", "message"}.
CREATE OR REPLACE FUNCTION limits_deposit_check(p_user integer, p_currency text, p_amount bigint, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_break record;
  v_limit record;
  v_used bigint;
BEGIN
  PERFORM 1 FROM users WHERE id = p_user FOR UPDATE;
  SELECT type, ends_at INTO v_break FROM user_limits
   WHERE user_id = p_user AND type IN ('selfexclusion', 'coolingoff') AND anchor_at <= p_now
     AND (ends_at IS NULL OR ends_at > p_now)
   ORDER BY (type = 'selfexclusion') DESC, ends_at DESC NULLS FIRST
   LIMIT 1;
  IF FOUND THEN
    RETURN jsonb_build_object(
      'code', CASE v_break.type WHEN 'selfexclusion' THEN 'self_excluded' ELSE 'cooling_off' END,
      'message', CASE v_break.type WHEN 'selfexclusion' THEN 'You are self-excluded' ELSE 'You are taking a break' END
        || CASE WHEN v_break.ends_at IS NULL THEN '' ELSE ' until ' || to_char(v_break.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC' END
        || ': no deposits until then.');
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
        'message', 'This deposit would pass your deposit limit for the '
          || CASE v_limit.period WHEN 'day' THEN 'day' WHEN 'day_3' THEN '3 days' WHEN 'week' THEN 'week'
                                 WHEN 'month' THEN 'month' WHEN 'forever' THEN 'whole time'
                                 ELSE replace(v_limit.period, 'month_', '') || ' months' END || '.');
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
