-- The start of the window of a limit's period that holds p_now (docs/limits.md#windows). Windows
-- follow one another from the limit's anchor — its creation — so a daily limit set at 18:00 runs
-- 18:00 to 18:00: the period rolls over by the clock, with no job and no timer. Months are calendar
-- months in UTC (a limit set on 31 January rolls over on the last day of shorter months).
CREATE OR REPLACE FUNCTION limits_window_start(p_anchor timestamptz, p_period text, p_now timestamptz)
RETURNS timestamptz LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  v_step interval;
  v_months integer;
  v_anchor timestamp := p_anchor AT TIME ZONE 'UTC';
  v_now timestamp := p_now AT TIME ZONE 'UTC';
  v_age interval;
  v_k integer;
BEGIN
  IF p_period = 'forever' OR p_now <= p_anchor THEN
    RETURN p_anchor;
  END IF;
  v_step := CASE p_period WHEN 'day' THEN interval '1 day' WHEN 'day_3' THEN interval '3 days'
                          WHEN 'week' THEN interval '7 days' END;
  IF v_step IS NOT NULL THEN
    v_k := floor(extract(epoch FROM (p_now - p_anchor)) / extract(epoch FROM v_step));
    RETURN p_anchor + v_k * v_step;
  END IF;
  v_months := CASE p_period WHEN 'month' THEN 1 WHEN 'month_3' THEN 3 WHEN 'month_6' THEN 6
                            WHEN 'month_9' THEN 9 WHEN 'month_12' THEN 12 END;
  IF v_months IS NULL THEN
    RAISE EXCEPTION 'unknown limit period %', p_period;
  END IF;
  v_age := age(v_now, v_anchor);
  v_k := ((extract(year FROM v_age) * 12 + extract(month FROM v_age))::integer / v_months) * v_months;
  RETURN (v_anchor + make_interval(months => v_k)) AT TIME ZONE 'UTC';
END;
$$;
