-- Minor units of a currency as refusal messages say them: "3.00 EUR", "0.0004 BTC" (a coin's
-- trailing zeros dropped, a fiat amount always with its two decimals).
CREATE OR REPLACE FUNCTION limits_money(p_amount bigint, p_currency text)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN coalesce(r.subunits, 100) <= 100
              THEN to_char(p_amount::numeric / coalesce(r.subunits, 100), 'FM999999999999990.00')
              ELSE rtrim(rtrim(to_char(p_amount::numeric / r.subunits, 'FM999999999999990.99999999'), '0'), '.') END
         || ' ' || p_currency
    FROM (SELECT 1) one LEFT JOIN limit_rates r ON r.currency = p_currency
$$;
