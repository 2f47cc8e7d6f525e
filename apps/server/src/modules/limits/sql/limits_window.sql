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
$$;
