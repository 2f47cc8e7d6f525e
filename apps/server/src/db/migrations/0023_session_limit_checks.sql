-- Assembled by `npm run db:functions` from the modules' SQL sources (docs/bet-checks.md).
-- From apps/server/src/modules/limits/sql/limits_window.sql
-- The window of a limit's period that holds p_now (docs/limits.md#windows): its start and its end
-- (NULL end for `forever`). Windows follow one another from the limit's anchor — its creation — so a
-- daily limit set at 18:00 runs 18:00 to 18:00: the period rolls over by the clock, with no job and
-- no timer. Months are calendar months in UTC counted from the anchor (a limit set on 31 January
-- has windows starting 28 February, 31 March, …).
CREATE OR REPLACE FUNCTION limits_window(p_anchor timestamptz, p_period text, p_now timestamptz,
                                         OUT window_start timestamptz, OUT window_end timestamptz)
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  v_step interval;
  v_months integer;
  v_anchor timestamp := p_anchor AT TIME ZONE 'UTC';
  v_age interval;
  v_k bigint := 0;
BEGIN
  IF p_period = 'forever' THEN
    window_start := p_anchor;
    window_end := NULL;
    RETURN;
  END IF;
  v_step := CASE p_period WHEN 'day' THEN interval '1 day' WHEN 'day_3' THEN interval '3 days'
                          WHEN 'week' THEN interval '7 days' END;
  IF v_step IS NOT NULL THEN
    IF p_now > p_anchor THEN
      v_k := floor(extract(epoch FROM (p_now - p_anchor)) / extract(epoch FROM v_step));
    END IF;
    window_start := p_anchor + v_k * v_step;
    window_end := window_start + v_step;
    RETURN;
  END IF;
  v_months := CASE p_period WHEN 'month' THEN 1 WHEN 'month_3' THEN 3 WHEN 'month_6' THEN 6
                            WHEN 'month_9' THEN 9 WHEN 'month_12' THEN 12 END;
  IF v_months IS NULL THEN
    RAISE EXCEPTION 'unknown limit period %', p_period;
  END IF;
  IF p_now > p_anchor THEN
    v_age := age(p_now AT TIME ZONE 'UTC', v_anchor);
    v_k := ((extract(year FROM v_age) * 12 + extract(month FROM v_age))::integer / v_months) * v_months;
  END IF;
  window_start := (v_anchor + make_interval(months => v_k::integer)) AT TIME ZONE 'UTC';
  window_end := (v_anchor + make_interval(months => v_k::integer + v_months)) AT TIME ZONE 'UTC';
END;
$$;--> statement-breakpoint

-- From apps/server/src/modules/limits/sql/limits_used.sql
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
$$;--> statement-breakpoint

-- From apps/server/src/modules/limits/sql/limits_period_words.sql
-- A limit's period as the refusal messages say it: "day", "3 days", "6 months", "whole time".
CREATE OR REPLACE FUNCTION limits_period_words(p_period text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_period WHEN 'day' THEN 'day' WHEN 'day_3' THEN '3 days' WHEN 'week' THEN 'week'
                       WHEN 'month' THEN 'month' WHEN 'forever' THEN 'whole time'
                       ELSE replace(p_period, 'month_', '') || ' months' END
$$;--> statement-breakpoint

-- From apps/server/src/modules/limits/sql/limits_break_refusal.sql
-- The refusal of a running break (docs/limits.md#enforcement), self-exclusion first, for what the
-- player tried (p_what: 'bets', 'deposits'); NULL when no break runs. Bets and deposits ask it.
CREATE OR REPLACE FUNCTION limits_break_refusal(p_user integer, p_now timestamptz, p_what text)
RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_break record;
BEGIN
  SELECT type, ends_at INTO v_break FROM user_limits
   WHERE user_id = p_user AND type IN ('selfexclusion', 'coolingoff') AND anchor_at <= p_now
     AND (ends_at IS NULL OR ends_at > p_now)
   ORDER BY (type = 'selfexclusion') DESC, ends_at DESC NULLS FIRST
   LIMIT 1;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  RETURN jsonb_build_object(
    'code', CASE v_break.type WHEN 'selfexclusion' THEN 'self_excluded' ELSE 'cooling_off' END,
    'message', CASE v_break.type WHEN 'selfexclusion' THEN 'You are self-excluded' ELSE 'You are taking a break' END
      || CASE WHEN v_break.ends_at IS NULL THEN ' for good: no ' || p_what || '.'
              ELSE ' until ' || to_char(v_break.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC: no '
                   || p_what || ' until then.' END);
END;
$$;--> statement-breakpoint

-- From apps/server/src/modules/limits/sql/limits_bet_check.sql
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
$$;--> statement-breakpoint

-- From apps/server/src/modules/limits/sql/limits_deposit_check.sql
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
$$;--> statement-breakpoint

-- Generated from the modules' bet checks (db/module-functions.ts); do not edit by hand.
CREATE OR REPLACE FUNCTION wallet_bet_checks(p_user integer, p_currency text, p_amount bigint, p_game text, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_refusal jsonb;
BEGIN
  v_refusal := limits_bet_check(p_user, p_currency, p_amount, p_game, p_now);
  IF v_refusal IS NOT NULL THEN RETURN v_refusal; END IF;
  RETURN NULL;
END;
$$;
