-- An amount in words for the bet check's messages: "5.00 EUR". Crypto currencies have 8 decimals, the
-- others 2 (packages/shared/src/currencies.ts; bonuses-sql.test.ts compares every currency with
-- toMajorString, so a new currency with other decimals fails CI until it is added here).
CREATE OR REPLACE FUNCTION bonuses_money(p_cents bigint, p_currency text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(p_cents::numeric / power(10, d), 'FM999999999999990' || rpad('.', d + 1, '0')) || ' ' || p_currency
    FROM (SELECT CASE WHEN p_currency IN ('BTC', 'ETH', 'BCH', 'LTC', 'DOG', 'USDT') THEN 8 ELSE 2 END AS d) x
$$;
