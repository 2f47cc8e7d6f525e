-- The wallet's bonus hooks (docs/bonuses.md#inside-the-bet-atomic-with-it). `wallet_bet` calls the
-- modules' bet effects (wallet_bet_effects, assembled in 0031) after an accepted debit, and
-- `wallet_win` sends the bonus part of a win where the modules' bonus route says (wallet_bonus_route),
-- posting what is forfeited to the casino's `bonus_funding` account. The wallet itself still knows
-- nothing of bonuses: with no module declaring the hooks, effects do nothing and the route returns
-- all of the part to bonus money, as before.
-- A round's closing win appends `wallet.win` even when it pays nothing: a consumer learns that the
-- round is over (a bonus whose money is gone is lost once no open round holds any of it).
CREATE OR REPLACE FUNCTION wallet_requests_to_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('ok', 'closed') AND (NEW.amount > 0 OR (NEW.status = 'closed' AND NEW.action = 'win')) THEN
    INSERT INTO events (type, user_id, payload)
      VALUES ('wallet.' || NEW.action, NEW.user_id,
              jsonb_build_object('provider', NEW.provider, 'transaction_id', NEW.tx_id, 'round_id', NEW.round_id,
                'game', NEW.game, 'currency', NEW.currency, 'amount', NEW.amount,
                'ledger_transaction_id', NEW.ledger_transaction_id, 'reference_transaction_id', NEW.reference_tx_id,
                'round_closed', NEW.status = 'closed'));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION wallet_system_ledger_account(p_kind text, p_currency text, p_ref text)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_id integer;
BEGIN
  SELECT id INTO v_id FROM ledger_accounts WHERE kind = p_kind AND currency = p_currency AND ref = p_ref;
  IF v_id IS NULL THEN
    INSERT INTO ledger_accounts (kind, currency, ref) VALUES (p_kind, p_currency, p_ref)
      ON CONFLICT (kind, currency, ref) DO NOTHING RETURNING id INTO v_id;
    IF v_id IS NULL THEN
      SELECT id INTO v_id FROM ledger_accounts WHERE kind = p_kind AND currency = p_currency AND ref = p_ref;
    END IF;
  END IF;
  RETURN v_id;
END;
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION wallet_bet(
  p_provider text, p_tx text, p_user integer, p_currency text, p_round text, p_game text, p_amount bigint,
  p_hash text, p_token_hash text, p_now timestamptz, p_clearing integer,
  OUT o_body text, OUT o_ok boolean, OUT o_ledger bigint, OUT o_account integer, OUT o_balance bigint, OUT o_cash bigint,
  OUT o_version bigint, OUT o_active boolean, OUT o_created timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  s record;
  v_cash_part bigint;
  v_cash_id integer;
  v_bonus_id integer;
  v_refusal jsonb;
BEGIN
  o_ok := false;
  SELECT gs.user_id, gs.currency, gs.expires_at, u.disabled_at INTO s
    FROM game_sessions gs JOIN users u ON u.id = gs.user_id
    WHERE gs.token_hash = p_token_hash AND gs.provider = p_provider;
  IF NOT FOUND OR s.user_id <> p_user OR s.expires_at <= p_now THEN
    o_body := json_build_object('transaction_id', p_tx, 'currency', p_currency, 'status', 'SESSION_EXPIRED',
      'message', 'Game session is unknown or expired; relaunch the game')::text;
  ELSIF s.disabled_at IS NOT NULL THEN
    o_body := json_build_object('transaction_id', p_tx, 'currency', p_currency, 'status', 'USER_DISABLED',
      'message', 'Player account is disabled')::text;
  ELSIF s.currency <> p_currency THEN
    o_body := json_build_object('transaction_id', p_tx, 'currency', p_currency, 'status', 'WRONG_CURRENCY',
      'message', 'Session currency is ' || s.currency)::text;
  ELSE
    -- The account row is locked before the checks: they read state that this player's concurrent
    -- bets change (limits, bonus wagering), so each must see the bets committed before it.
    PERFORM 1 FROM player_accounts WHERE user_id = p_user AND currency = p_currency FOR UPDATE;
    IF NOT FOUND THEN
      o_body := json_build_object('transaction_id', p_tx, 'currency', p_currency, 'status', 'WRONG_CURRENCY',
        'message', 'No ' || p_currency || ' wallet')::text;
    ELSE
      v_refusal := wallet_bet_checks(p_user, p_currency, p_amount, p_game, p_now);
    END IF;
    IF o_body IS NOT NULL THEN
      NULL;
    ELSIF v_refusal IS NOT NULL THEN
      o_body := json_build_object('transaction_id', p_tx, 'currency', p_currency, 'status', 'GAMBLING_BLOCKED',
        'message', coalesce(v_refusal ->> 'message', 'Betting is blocked'))::text;
    ELSIF EXISTS (SELECT 1 FROM wallet_requests WHERE provider = p_provider AND round_id = p_round AND user_id = p_user
                  AND action = 'win' AND status = 'closed') THEN
      o_body := json_build_object('transaction_id', p_tx, 'currency', p_currency, 'status', 'ROUND_CLOSED',
        'message', 'This round is already settled')::text;
    ELSE
      -- The guarded debit of balances.ts/debitWallet: cash is spent before bonus money, and the
      -- WHERE clause keeps concurrent bets from ever overdrawing.
      UPDATE player_accounts p SET
          last_debit_cash_cents = LEAST(p.available_to_cashout_cents, p_amount),
          available_to_cashout_cents = p.available_to_cashout_cents - LEAST(p.available_to_cashout_cents, p_amount),
          amount_cents = p.amount_cents - p_amount,
          version = p.version + 1
        WHERE p.user_id = p_user AND p.currency = p_currency AND p.amount_cents >= p_amount
        RETURNING p.id, p.amount_cents, p.available_to_cashout_cents, p.version, p.active, p.created_at, p.last_debit_cash_cents
        INTO o_account, o_balance, o_cash, o_version, o_active, o_created, v_cash_part;
      IF NOT FOUND THEN
        SELECT amount_cents INTO o_balance FROM player_accounts WHERE user_id = p_user AND currency = p_currency;
        o_body := json_build_object('transaction_id', p_tx, 'currency', p_currency, 'status', 'NOT_ENOUGH_MONEY',
          'balance', o_balance, 'message', 'Not enough money')::text;
      ELSE
        v_cash_id := wallet_player_ledger_account('player_cash', p_currency, p_user, o_account);
        v_bonus_id := wallet_player_ledger_account('player_bonus', p_currency, p_user, o_account);
        INSERT INTO ledger_transactions (kind, idempotency_key, payload_hash, user_id, currency, metadata)
          VALUES ('bet', 'wallet:' || p_provider || ':' || p_tx, p_hash, p_user, p_currency,
                  jsonb_build_object('provider', p_provider, 'game', p_game, 'round_id', p_round))
          RETURNING id INTO o_ledger;
        -- Sums to zero by construction: −cash − bonus + stake.
        INSERT INTO ledger_postings (transaction_id, account_id, amount)
          SELECT o_ledger, x.account_id, x.amount
          FROM (VALUES (v_cash_id, -v_cash_part), (v_bonus_id, -(p_amount - v_cash_part)), (p_clearing, p_amount)) AS x(account_id, amount)
          WHERE x.amount <> 0;
        -- What must change with the bet itself (a bonus's wagering counter): before the request row,
        -- so that a replayed id aborts the effects too.
        PERFORM wallet_bet_effects(p_user, p_currency, p_provider, p_tx, p_round, p_game, p_amount, p_amount - v_cash_part, p_now);
        o_ok := true;
        o_body := json_build_object('status', 'OK', 'balance', o_balance, 'currency', p_currency, 'transaction_id', p_tx,
          'reference', o_ledger)::text;
      END IF;
    END IF;
  END IF;
  -- Last, so that a duplicate id aborts everything above.
  INSERT INTO wallet_requests (provider, tx_id, action, status, round_id, user_id, currency, amount, payload_hash,
                               response_status, response_body, ledger_transaction_id, cash_amount, created_at, game)
    VALUES (p_provider, p_tx, 'bet', CASE WHEN o_ok THEN 'ok' ELSE 'refused' END, p_round, p_user, p_currency, p_amount, p_hash,
            200, o_body, o_ledger, CASE WHEN o_ok THEN v_cash_part END, p_now, p_game);
END;
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION wallet_win(
  p_provider text, p_tx text, p_user integer, p_currency text, p_round text, p_game text, p_amount bigint,
  p_hash text, p_now timestamptz, p_round_closed boolean, p_clearing integer, p_max_balance bigint,
  OUT o_http integer, OUT o_body text, OUT o_ok boolean, OUT o_ledger bigint, OUT o_account integer, OUT o_balance bigint, OUT o_cash bigint,
  OUT o_version bigint, OUT o_active boolean, OUT o_created timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  v_bets integer;
  v_other integer;
  v_staked bigint;
  v_staked_cash bigint;
  v_cash bigint;
  v_status text := 'refused';
  v_cash_id integer;
  v_bonus_id integer;
  v_part bigint;
  v_to_bonus bigint := 0;
  v_to_cash bigint := 0;
  v_to_funding bigint := 0;
  v_credit bigint;
BEGIN
  o_ok := false;
  o_http := 200;
  -- The round's accepted bets, locked so a concurrent rollback cannot slip between check and credit.
  SELECT count(*), count(*) FILTER (WHERE b.currency <> p_currency), coalesce(sum(b.amount), 0), coalesce(sum(coalesce(b.cash_amount, b.amount)), 0)
    INTO v_bets, v_other, v_staked, v_staked_cash
    FROM (SELECT amount, cash_amount, currency FROM wallet_requests
          WHERE provider = p_provider AND round_id = p_round AND user_id = p_user AND action = 'bet' AND status = 'ok'
          FOR UPDATE) b;
  IF v_bets = 0 THEN
    o_body := json_build_object('transaction_id', p_tx, 'currency', p_currency, 'status', 'BET_NOT_FOUND',
      'message', 'No accepted bet in this round')::text;
  ELSIF v_other > 0 THEN
    o_body := json_build_object('transaction_id', p_tx, 'currency', p_currency, 'status', 'WRONG_CURRENCY',
      'message', 'Round was played in another currency')::text;
  ELSIF EXISTS (SELECT 1 FROM wallet_requests WHERE provider = p_provider AND round_id = p_round AND user_id = p_user
                AND action = 'win' AND status = 'closed') THEN
    o_body := json_build_object('transaction_id', p_tx, 'currency', p_currency, 'status', 'ROUND_CLOSED',
      'message', 'This round is already settled')::text;
  ELSIF p_amount = 0 THEN
    SELECT id, amount_cents, available_to_cashout_cents, version, active, created_at
      INTO o_account, o_balance, o_cash, o_version, o_active, o_created
      FROM player_accounts WHERE user_id = p_user AND currency = p_currency;
    IF NOT FOUND THEN
      o_body := json_build_object('transaction_id', p_tx, 'currency', p_currency, 'status', 'WRONG_CURRENCY',
        'message', 'No ' || p_currency || ' wallet')::text;
    ELSE
      v_status := CASE WHEN p_round_closed THEN 'closed' ELSE 'ok' END;
      o_body := json_build_object('transaction_id', p_tx, 'currency', p_currency, 'status', 'OK', 'balance', o_balance,
        'reference', NULL)::text;
    END IF;
  ELSE
    -- The win splits between cash and bonus money in the proportion the round's stakes were taken
    -- (floored, exact in numeric); the bonus part then goes where the fate of the bonus that funded
    -- those stakes sends it (wallet_bonus_route, docs/bonuses.md#movements): back to bonus money,
    -- to cash within a converted bonus's cap, or to the casino's bonus_funding.
    v_cash := CASE WHEN v_staked = 0 THEN p_amount ELSE div(p_amount::numeric * v_staked_cash, v_staked)::bigint END;
    v_part := p_amount - v_cash;
    IF v_part > 0 THEN
      -- The lock order of every bonus movement: the wallet row, then the bonus rows the route locks.
      PERFORM 1 FROM player_accounts WHERE user_id = p_user AND currency = p_currency FOR UPDATE;
      SELECT r.o_bonus, r.o_cash, r.o_funding INTO v_to_bonus, v_to_cash, v_to_funding
        FROM wallet_bonus_route(p_user, p_currency, p_provider, p_round, NULL, v_part, false) r;
    END IF;
    v_credit := p_amount - v_to_funding;
    -- Guarded like a debit: the maximum is re-checked on the latest row version, so two wins at
    -- once cannot together pass it.
    UPDATE player_accounts p SET
        amount_cents = p.amount_cents + v_credit,
        available_to_cashout_cents = p.available_to_cashout_cents + v_cash + v_to_cash,
        version = p.version + 1
      WHERE p.user_id = p_user AND p.currency = p_currency AND p.amount_cents <= p_max_balance - v_credit
      RETURNING p.id, p.amount_cents, p.available_to_cashout_cents, p.version, p.active, p.created_at
      INTO o_account, o_balance, o_cash, o_version, o_active, o_created;
    IF NOT FOUND THEN
      SELECT amount_cents INTO o_balance FROM player_accounts WHERE user_id = p_user AND currency = p_currency;
      IF NOT FOUND THEN
        o_body := json_build_object('transaction_id', p_tx, 'currency', p_currency, 'status', 'WRONG_CURRENCY',
          'message', 'No ' || p_currency || ' wallet')::text;
      ELSE
        o_body := json_build_object('transaction_id', p_tx, 'currency', p_currency, 'status', 'BALANCE_LIMIT',
          'balance', o_balance, 'message', 'The win would take the balance past the maximum of ' || p_max_balance || ' ' || p_currency)::text;
      END IF;
    ELSE
      IF v_part > 0 THEN
        -- The credit went through: now record what a converted bonus paid out of its cap.
        PERFORM wallet_bonus_route(p_user, p_currency, p_provider, p_round, NULL, v_part, true);
      END IF;
      v_cash_id := wallet_player_ledger_account('player_cash', p_currency, p_user, o_account);
      v_bonus_id := wallet_player_ledger_account('player_bonus', p_currency, p_user, o_account);
      INSERT INTO ledger_transactions (kind, idempotency_key, payload_hash, user_id, currency, metadata)
        VALUES ('win', 'wallet:' || p_provider || ':' || p_tx, p_hash, p_user, p_currency,
                jsonb_build_object('provider', p_provider, 'game', p_game, 'round_id', p_round))
        RETURNING id INTO o_ledger;
      INSERT INTO ledger_postings (transaction_id, account_id, amount)
        SELECT o_ledger, x.account_id, x.amount
        FROM (VALUES (p_clearing, -p_amount), (v_cash_id, v_cash + v_to_cash), (v_bonus_id, v_to_bonus),
                     (CASE WHEN v_to_funding > 0 THEN wallet_system_ledger_account('bonus_funding', p_currency, 'main') END, v_to_funding))
             AS x(account_id, amount)
        WHERE x.amount <> 0;
      o_ok := true;
      v_status := CASE WHEN p_round_closed THEN 'closed' ELSE 'ok' END;
      o_body := json_build_object('transaction_id', p_tx, 'currency', p_currency, 'status', 'OK', 'balance', o_balance,
        'reference', o_ledger)::text;
    END IF;
  END IF;
  INSERT INTO wallet_requests (provider, tx_id, action, status, round_id, user_id, currency, amount, payload_hash,
                               response_status, response_body, ledger_transaction_id, created_at, game)
    VALUES (p_provider, p_tx, 'win', v_status, p_round, p_user, p_currency, p_amount, p_hash, o_http, o_body, o_ledger, p_now, p_game);
END;
$$;
