-- Responsible gambling's bet-time check (docs/bet-checks.md, docs/limits.md). `wallet_bet` calls it
-- inside its own transaction with the player's account row already locked, so concurrent bets see
-- each other's stakes and cannot overshoot a limit by one minor unit. NULL lets the bet through; a
-- refusal is {"code", "message"} and the wallet answers GAMBLING_BLOCKED with that message. Wins
-- and rollbacks never come here: they always go through.
CREATE OR REPLACE FUNCTION limits_bet_check(p_user integer, p_currency text, p_amount bigint, p_game text, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_refusal jsonb := limits_break_refusal(p_user, p_now, 'bets');
  v_limit record;
  v_used bigint;
  v_minutes integer;
BEGIN
  IF v_refusal IS NOT NULL THEN
    RETURN v_refusal;
  END IF;
  -- A session limit: play only within its minutes of a sign-in (docs/limits.md#session-limits). Any
  -- live sign-in session young enough will do, so a bet from a game opened before the player signed
  -- in again elsewhere still goes through, as it would have from that new session.
  SELECT minutes INTO v_minutes FROM user_limits
   WHERE user_id = p_user AND type = 'session' AND anchor_at <= p_now AND minutes IS NOT NULL
   ORDER BY minutes LIMIT 1;
  IF v_minutes IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM sessions
     WHERE user_id = p_user AND expires_at > p_now AND created_at > p_now - make_interval(mins => v_minutes)
  ) THEN
    RETURN jsonb_build_object(
      'code', 'session_limit_reached',
      'message', 'You have reached your session limit of ' || v_minutes || ' minutes. Sign in again to play.');
  END IF;
  -- Every loss and wager limit in the bet's currency binds; the tightest refuses first.
  FOR v_limit IN
    SELECT u.type, u.period, u.anchor_at, a.amount_cents
      FROM user_limits u JOIN user_limit_accounts a ON a.limit_id = u.id
     WHERE u.user_id = p_user AND a.currency = p_currency AND u.type IN ('loss', 'wager') AND u.anchor_at <= p_now
     ORDER BY a.amount_cents
  LOOP
    v_used := limits_used(p_user, p_currency, v_limit.type, v_limit.anchor_at, v_limit.period, p_now);
    IF v_used + p_amount > v_limit.amount_cents THEN
      RETURN jsonb_build_object(
        'code', v_limit.type || '_limit_reached',
        'message', CASE WHEN v_used >= v_limit.amount_cents THEN 'You have reached your ' ELSE 'This bet would pass your ' END
          || v_limit.type || ' limit for the ' || limits_period_words(v_limit.period) || '.');
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
