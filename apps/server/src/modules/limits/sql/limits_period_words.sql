-- A limit's period as the refusal messages say it: "day", "3 days", "6 months", "whole time".
CREATE OR REPLACE FUNCTION limits_period_words(p_period text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_period WHEN 'day' THEN 'day' WHEN 'day_3' THEN '3 days' WHEN 'week' THEN 'week'
                       WHEN 'month' THEN 'month' WHEN 'forever' THEN 'whole time'
                       ELSE replace(p_period, 'month_', '') || ' months' END
$$;
