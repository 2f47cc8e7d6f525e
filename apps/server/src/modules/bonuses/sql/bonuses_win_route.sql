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
$$;
