-- Decision 016, wallet protocol: BALANCE_LIMIT is a definite business answer, so it goes out as
-- HTTP 200 like NOT_ENOUGH_MONEY. A provider that retries every non-2xx answer would otherwise send
-- a refused win again forever. `wallet_win` no longer answers 422 (o_http stays: every answer is
-- recorded with its status), and answers recorded as 422 replay as 200 from now on.
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
    -- Until the bonus issue's wagering engine decides otherwise, a win splits between cash and bonus
    -- money in the proportion the round's stakes were taken (floored, exact in numeric).
    v_cash := CASE WHEN v_staked = 0 THEN p_amount ELSE div(p_amount::numeric * v_staked_cash, v_staked)::bigint END;
    -- Guarded like a debit: the maximum is re-checked on the latest row version, so two wins at
    -- once cannot together pass it.
    UPDATE player_accounts p SET
        amount_cents = p.amount_cents + p_amount,
        available_to_cashout_cents = p.available_to_cashout_cents + v_cash,
        version = p.version + 1
      WHERE p.user_id = p_user AND p.currency = p_currency AND p.amount_cents <= p_max_balance - p_amount
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
      v_cash_id := wallet_player_ledger_account('player_cash', p_currency, p_user, o_account);
      v_bonus_id := wallet_player_ledger_account('player_bonus', p_currency, p_user, o_account);
      INSERT INTO ledger_transactions (kind, idempotency_key, payload_hash, user_id, currency, metadata)
        VALUES ('win', 'wallet:' || p_provider || ':' || p_tx, p_hash, p_user, p_currency,
                jsonb_build_object('provider', p_provider, 'game', p_game, 'round_id', p_round))
        RETURNING id INTO o_ledger;
      INSERT INTO ledger_postings (transaction_id, account_id, amount)
        SELECT o_ledger, x.account_id, x.amount
        FROM (VALUES (p_clearing, -p_amount), (v_cash_id, v_cash), (v_bonus_id, p_amount - v_cash)) AS x(account_id, amount)
        WHERE x.amount <> 0;
      o_ok := true;
      v_status := CASE WHEN p_round_closed THEN 'closed' ELSE 'ok' END;
      o_body := json_build_object('transaction_id', p_tx, 'currency', p_currency, 'status', 'OK', 'balance', o_balance,
        'reference', o_ledger)::text;
    END IF;
  END IF;
  INSERT INTO wallet_requests (provider, tx_id, action, status, round_id, user_id, currency, amount, payload_hash,
                               response_status, response_body, ledger_transaction_id, created_at)
    VALUES (p_provider, p_tx, 'win', v_status, p_round, p_user, p_currency, p_amount, p_hash, o_http, o_body, o_ledger, p_now);
END;
$$;--> statement-breakpoint

UPDATE wallet_requests SET response_status = 200
  WHERE response_status = 422 AND (response_body::jsonb ->> 'status') = 'BALANCE_LIMIT';
