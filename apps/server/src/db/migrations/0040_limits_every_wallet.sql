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

-- From apps/server/src/modules/limits/sql/limits_convert.sql
-- An amount in minor units of p_from as minor units of p_to, exact (not rounded), by the rates in
-- `limit_rates` (docs/limits.md#one-limit-every-wallet). The same currency never needs a rate; a
-- currency without one (demo play's FUN) converts to NULL, which the sums that call this skip.
CREATE OR REPLACE FUNCTION limits_convert(p_amount numeric, p_from text, p_to text)
RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN p_from = p_to THEN p_amount ELSE (
    -- One division, last, so nothing is lost to an intermediate scale.
    SELECT p_amount * f.eur * t.units * t.subunits / (f.subunits * f.units * t.eur)
      FROM limit_rates f, limit_rates t WHERE f.currency = p_from AND t.currency = p_to) END
$$;--> statement-breakpoint

-- From apps/server/src/modules/limits/sql/limits_money.sql
-- Minor units of a currency as refusal messages say them: "3.00 EUR", "0.0004 BTC" (a coin's
-- trailing zeros dropped, a fiat amount always with its two decimals).
CREATE OR REPLACE FUNCTION limits_money(p_amount bigint, p_currency text)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN coalesce(r.subunits, 100) <= 100
              THEN to_char(p_amount::numeric / coalesce(r.subunits, 100), 'FM999999999999990.00')
              ELSE rtrim(rtrim(to_char(p_amount::numeric / r.subunits, 'FM999999999999990.99999999'), '0'), '.') END
         || ' ' || p_currency
    FROM (SELECT 1) one LEFT JOIN limit_rates r ON r.currency = p_currency
$$;--> statement-breakpoint

-- From apps/server/src/modules/limits/sql/limits_used.sql
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
$$;--> statement-breakpoint

-- From apps/server/src/modules/limits/sql/limits_deposit_check.sql
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
$$;--> statement-breakpoint

-- From apps/server/src/modules/bonuses/sql/bonuses_money.sql
-- An amount in words for the bet check's messages: "5.00 EUR". Crypto currencies have 8 decimals, the
-- others 2 (packages/shared/src/currencies.ts; bonuses-sql.test.ts compares every currency with
-- toMajorString, so a new currency with other decimals fails CI until it is added here).
CREATE OR REPLACE FUNCTION bonuses_money(p_cents bigint, p_currency text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(p_cents::numeric / power(10, d), 'FM999999999999990' || rpad('.', d + 1, '0')) || ' ' || p_currency
    FROM (SELECT CASE WHEN p_currency IN ('BTC', 'ETH', 'BCH', 'LTC', 'DOG', 'USDT') THEN 8 ELSE 2 END AS d) x
$$;--> statement-breakpoint

-- From apps/server/src/modules/bonuses/sql/bonuses_game_weight.sql
-- How much a bet on a game counts towards a bonus's wagering, in percent (docs/bonuses.md#inside-the-bet-atomic-with-it):
-- NULL when one of the game's collections is excluded (bonus money may not be staked on it); else
-- the lowest weight among its collections that have one; else the bonus's default. A game missing
-- from the catalogue counts 0. The bet check, the counter and the meter all ask this one function.
CREATE OR REPLACE FUNCTION bonuses_game_weight(p_weights jsonb, p_default integer, p_excluded text[], p_game text)
RETURNS integer LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_games integer;
  v_excluded boolean;
  v_lowest integer;
BEGIN
  SELECT count(DISTINCT g.id), bool_or(gc.category_id = ANY (p_excluded)), min((p_weights ->> gc.category_id)::integer)
    INTO v_games, v_excluded, v_lowest
    FROM games g LEFT JOIN game_categories gc ON gc.game_id = g.id
   WHERE g.identifier = p_game;
  IF v_games = 0 THEN
    RETURN 0;
  ELSIF v_excluded THEN
    RETURN NULL;
  END IF;
  RETURN coalesce(v_lowest, p_default);
END;
$$;--> statement-breakpoint

-- From apps/server/src/modules/bonuses/sql/bonuses_bet_check.sql
-- The bonus rules a concurrent bet could race (docs/bonuses.md#inside-the-bet-atomic-with-it), run by
-- `wallet_bet` after responsible gambling's check, with the player's account row locked. Without a
-- bonus being wagered in this wallet it answers NULL after one probe of the one-active index. With
-- one: a stake above its max bet is refused, and so is a stake on an excluded game that cash alone
-- does not cover (cash may play anything; bonus money may not).
CREATE OR REPLACE FUNCTION bonuses_bet_check(p_user integer, p_currency text, p_amount bigint, p_game text, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  b record;
  v_cash bigint;
BEGIN
  SELECT max_bet_cents, weights, default_weight, excluded_collections INTO b
    FROM player_bonuses WHERE user_id = p_user AND currency = p_currency AND stage = 'handle_bets';
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF b.max_bet_cents IS NOT NULL AND p_amount > b.max_bet_cents THEN
    RETURN jsonb_build_object(
      'code', 'bonus_max_bet',
      'message', 'Your bonus allows bets up to ' || bonuses_money(b.max_bet_cents, p_currency) || ' while you wager it.');
  END IF;
  IF cardinality(b.excluded_collections) > 0
     AND bonuses_game_weight(b.weights, b.default_weight, b.excluded_collections, p_game) IS NULL THEN
    SELECT available_to_cashout_cents INTO v_cash FROM player_accounts WHERE user_id = p_user AND currency = p_currency;
    IF v_cash < p_amount OR (p_amount = 0 AND v_cash = 0) THEN
      RETURN jsonb_build_object('code', 'bonus_game_excluded', 'message', 'This game can''t be played with bonus money.');
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

-- From apps/server/src/modules/bonuses/sql/bonuses_bet_effect.sql
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
$$;--> statement-breakpoint

-- From apps/server/src/modules/bonuses/sql/bonuses_rollback_effect.sql
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
$$;--> statement-breakpoint

-- From apps/server/src/modules/bonuses/sql/bonuses_win_route.sql
-- Where the bonus part of a win or a refund goes (docs/bonuses.md#movements, the routing table): by
-- the fate of the bonus whose money was staked, however late the provider's answer arrives. Back to
-- the bonus while it is wagered; to cash up to the cap left once it converted (the rest to the
-- casino's bonus_funding); to bonus_funding once it was canceled, expired or lost. Stakes of two
-- bonuses in one round share the part in proportion, floored, the remainder to the most recent.
-- `p_bet_tx` narrows it to one bet (a rollback); NULL means the round's accepted bets (a win).
-- The wallet calls it twice under the same locks: first to know the split (p_apply false), then,
-- once its credit went through, to record what a converted bonus paid out of its cap (p_apply true).
-- The caller holds the player's account row locked (the lock order: wallet, then bonus rows).
CREATE OR REPLACE FUNCTION bonuses_win_route(
  p_user integer, p_currency text, p_provider text, p_round text, p_bet_tx text, p_part bigint, p_apply boolean,
  OUT o_bonus bigint, OUT o_cash bigint, OUT o_funding bigint)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  v_total bigint;
  v_bonuses integer;
  v_seen integer := 0;
  v_left bigint := p_part;
  v_share bigint;
  v_to_cash bigint;
BEGIN
  o_bonus := 0;
  o_cash := 0;
  o_funding := 0;
  SELECT coalesce(sum(s.staked), 0), count(*) INTO v_total, v_bonuses
    FROM (SELECT bw.bonus_id, sum(bw.bonus_part) AS staked
            FROM bonus_wagers bw
           WHERE bw.provider = p_provider AND bw.round_id = p_round AND bw.user_id = p_user AND bw.bonus_part > 0
             AND (p_bet_tx IS NULL OR bw.tx_id = p_bet_tx)
             AND EXISTS (SELECT 1 FROM wallet_requests wr WHERE wr.provider = bw.provider AND wr.tx_id = bw.tx_id AND wr.status = 'ok')
           GROUP BY bw.bonus_id) s;
  IF v_total = 0 THEN
    -- Bonus money staked before the engine wrote bets down: it stays bonus money, as it always did.
    o_bonus := p_part;
    RETURN;
  END IF;
  FOR r IN
    SELECT b.id, b.stage, b.max_conversion_cents, b.converted_cents, s.staked
      FROM (SELECT bw.bonus_id, sum(bw.bonus_part) AS staked
              FROM bonus_wagers bw
             WHERE bw.provider = p_provider AND bw.round_id = p_round AND bw.user_id = p_user AND bw.bonus_part > 0
               AND (p_bet_tx IS NULL OR bw.tx_id = p_bet_tx)
               AND EXISTS (SELECT 1 FROM wallet_requests wr WHERE wr.provider = bw.provider AND wr.tx_id = bw.tx_id AND wr.status = 'ok')
             GROUP BY bw.bonus_id) s
      JOIN player_bonuses b ON b.id = s.bonus_id
     ORDER BY b.id
       FOR UPDATE OF b
  LOOP
    v_seen := v_seen + 1;
    v_share := CASE WHEN v_seen = v_bonuses THEN v_left ELSE div(p_part::numeric * r.staked, v_total)::bigint END;
    v_left := v_left - v_share;
    IF r.stage = 'handle_bets' THEN
      o_bonus := o_bonus + v_share;
    ELSIF r.stage = 'wager_done' THEN
      v_to_cash := CASE WHEN r.max_conversion_cents IS NULL THEN v_share
                        ELSE least(v_share, greatest(r.max_conversion_cents - r.converted_cents, 0)) END;
      o_cash := o_cash + v_to_cash;
      o_funding := o_funding + v_share - v_to_cash;
      IF p_apply AND v_to_cash > 0 THEN
        UPDATE player_bonuses SET converted_cents = converted_cents + v_to_cash WHERE id = r.id;
      END IF;
    ELSE
      o_funding := o_funding + v_share;
    END IF;
  END LOOP;
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
  v_refusal := bonuses_bet_check(p_user, p_currency, p_amount, p_game, p_now);
  IF v_refusal IS NOT NULL THEN RETURN v_refusal; END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

-- Generated from the modules' bet effects (db/module-functions.ts); do not edit by hand.
CREATE OR REPLACE FUNCTION wallet_bet_effects(p_user integer, p_currency text, p_provider text, p_tx text, p_round text, p_game text, p_amount bigint, p_bonus_part bigint, p_now timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bonuses_bet_effect(p_user, p_currency, p_provider, p_tx, p_round, p_game, p_amount, p_bonus_part, p_now);
  RETURN;
END;
$$;--> statement-breakpoint

-- Generated from the modules' rollback effects (db/module-functions.ts); do not edit by hand.
CREATE OR REPLACE FUNCTION wallet_rollback_effects(p_user integer, p_currency text, p_provider text, p_bet_tx text, p_now timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bonuses_rollback_effect(p_user, p_currency, p_provider, p_bet_tx, p_now);
  RETURN;
END;
$$;--> statement-breakpoint

-- Generated from the modules' bonus route (db/module-functions.ts); do not edit by hand.
CREATE OR REPLACE FUNCTION wallet_bonus_route(p_user integer, p_currency text, p_provider text, p_round text, p_bet_tx text, p_part bigint, p_apply boolean, OUT o_bonus bigint, OUT o_cash bigint, OUT o_funding bigint)
LANGUAGE plpgsql AS $$
BEGIN
  SELECT r.o_bonus, r.o_cash, r.o_funding INTO o_bonus, o_cash, o_funding
    FROM bonuses_win_route(p_user, p_currency, p_provider, p_round, p_bet_tx, p_part, p_apply) r;
END;
$$;
