-- wallet_bet as in 0032, its GAMBLING_BLOCKED answer carrying the check's refusal (`block`).
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
      -- `block`: what refused, for a client to say it in the player's language (the room a limit
      -- leaves, docs/limits.md#enforcement); `message` stays the plain-English summary.
      o_body := json_build_object('transaction_id', p_tx, 'currency', p_currency, 'status', 'GAMBLING_BLOCKED',
        'message', coalesce(v_refusal ->> 'message', 'Betting is blocked'), 'block', v_refusal - 'message')::text;
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
$$;
