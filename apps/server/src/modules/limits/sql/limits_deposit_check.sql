-- Responsible gambling's deposit-time check (docs/limits.md#enforcement): the payments module calls
-- it in the transaction that records a deposit, before any provider is asked. It locks the player's
-- row first, so two deposits started at once — into any of the player's wallets — are counted one
-- after the other and cannot pass a limit together. NULL lets the deposit through; a refusal is
-- {"code", "message"}.
CREATE OR REPLACE FUNCTION limits_deposit_check(p_user integer, p_currency text, p_amount bigint, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_refusal jsonb;
  v_limit record;
  v_used bigint;
  v_amount bigint;
  v_room_here numeric;
  v_tightest numeric;
BEGIN
  PERFORM 1 FROM users WHERE id = p_user FOR UPDATE;
  v_refusal := limits_break_refusal(p_user, p_now, 'deposits');
  IF v_refusal IS NOT NULL THEN
    RETURN v_refusal;
  END IF;
  -- Each deposit limit's accounts count deposits into every wallet, converted into their currency
  -- (docs/limits.md#one-limit-every-wallet).
  FOR v_limit IN
    SELECT u.period, u.anchor_at, a.currency, a.amount_cents
      FROM user_limits u JOIN user_limit_accounts a ON a.limit_id = u.id
     WHERE u.user_id = p_user AND u.type = 'deposit' AND u.anchor_at <= p_now
  LOOP
    v_amount := ceil(limits_convert(p_amount, p_currency, v_limit.currency));
    CONTINUE WHEN v_amount IS NULL;
    v_used := limits_used(p_user, v_limit.currency, 'deposit', v_limit.anchor_at, v_limit.period, p_now);
    IF v_used + v_amount > v_limit.amount_cents THEN
      v_room_here := coalesce(limits_convert(greatest(v_limit.amount_cents - v_used, 0), v_limit.currency, p_currency), 0);
      IF v_tightest IS NULL OR v_room_here < v_tightest THEN
        v_tightest := v_room_here;
        v_refusal := jsonb_build_object(
          'code', 'deposit_limit_reached',
          'message', 'This deposit would pass your deposit limit for the ' || limits_period_words(v_limit.period)
            || CASE WHEN v_used >= v_limit.amount_cents THEN '.'
                    ELSE ': ' || limits_money(v_limit.amount_cents - v_used, v_limit.currency) || ' left.' END,
          'currency', v_limit.currency,
          'left_cents', greatest(v_limit.amount_cents - v_used, 0));
      END IF;
    END IF;
  END LOOP;
  RETURN v_refusal;
END;
$$;
