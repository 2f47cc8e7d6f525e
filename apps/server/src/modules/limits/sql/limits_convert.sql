-- An amount in minor units of p_from as minor units of p_to, exact (not rounded), by the rates in
-- `limit_rates` (docs/limits.md#one-limit-every-wallet). The same currency never needs a rate; a
-- currency without one (demo play's FUN) converts to NULL, which the sums that call this skip.
CREATE OR REPLACE FUNCTION limits_convert(p_amount numeric, p_from text, p_to text)
RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN p_from = p_to THEN p_amount ELSE (
    -- One division, last, so nothing is lost to an intermediate scale.
    SELECT p_amount * f.eur * t.units * t.subunits / (f.subunits * f.units * t.eur)
      FROM limit_rates f, limit_rates t WHERE f.currency = p_from AND t.currency = p_to) END
$$;
