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
$$;
