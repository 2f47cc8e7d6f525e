-- Responsible gambling's bet-time check (docs/bet-checks.md, docs/limits.md). `wallet_bet` calls it
-- inside its own transaction with the player's account row already locked. NULL lets the bet
-- through; a refusal is {"code", "message"} and the wallet answers GAMBLING_BLOCKED with that
-- message. Wins and rollbacks never come here: they always go through.
CREATE OR REPLACE FUNCTION limits_bet_check(p_user integer, p_currency text, p_amount bigint, p_game text, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_refusal jsonb := limits_break_refusal(p_user, p_now, 'bets');
  v_limit record;
  v_used bigint;
  v_stake bigint;
  v_room_here numeric;
  v_tightest numeric;
  v_minutes integer;
  v_locked boolean := false;
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
  -- Every loss and wager limit binds, whatever wallet the bet comes from: each of its accounts
  -- counts the player's play in every wallet, converted into its currency
  -- (docs/limits.md#one-limit-every-wallet). The refusal names the limit with the least room.
  FOR v_limit IN
    SELECT u.type, u.period, u.anchor_at, a.currency, a.amount_cents
      FROM user_limits u JOIN user_limit_accounts a ON a.limit_id = u.id
     WHERE u.user_id = p_user AND u.type IN ('loss', 'wager') AND u.anchor_at <= p_now
  LOOP
    -- The account row locked by `wallet_bet` orders bets from one wallet; this orders the player's
    -- bets from all of them, so a bet from another wallet cannot slip past the count either. Taken
    -- only by bet checks, after the account row: no other lock waits in between, so no deadlock.
    IF NOT v_locked THEN
      PERFORM pg_advisory_xact_lock(2020, p_user);
      v_locked := true;
    END IF;
    v_stake := ceil(limits_convert(p_amount, p_currency, v_limit.currency));
    CONTINUE WHEN v_stake IS NULL;
    v_used := limits_used(p_user, v_limit.currency, v_limit.type, v_limit.anchor_at, v_limit.period, p_now);
    IF v_used + v_stake > v_limit.amount_cents THEN
      -- Compared in the bet's currency, so limits kept in different currencies rank fairly.
      v_room_here := coalesce(limits_convert(greatest(v_limit.amount_cents - v_used, 0), v_limit.currency, p_currency), 0);
      IF v_tightest IS NULL OR v_room_here < v_tightest THEN
        v_tightest := v_room_here;
        v_refusal := jsonb_build_object(
          'code', v_limit.type || '_limit_reached',
          'message', CASE WHEN v_used >= v_limit.amount_cents
                       THEN 'You have reached your ' || v_limit.type || ' limit for the ' || limits_period_words(v_limit.period) || '.'
                       ELSE 'This bet would pass your ' || v_limit.type || ' limit for the ' || limits_period_words(v_limit.period)
                            || ': ' || limits_money(v_limit.amount_cents - v_used, v_limit.currency) || ' left.' END,
          'currency', v_limit.currency,
          'left_cents', greatest(v_limit.amount_cents - v_used, 0));
      END IF;
    END IF;
  END LOOP;
  RETURN v_refusal;
END;
$$;
