-- How much a bet on a game counts towards a bonus's wagering, in percent (docs/bonuses.md#inside-the-bet-atomic-with-it):
-- NULL when one of the game's collections is excluded (bonus money may not be staked on it); else
-- the lowest weight among its collections that have one; else the bonus's default. A game missing
-- from the catalogue counts 0. The bet check, the counter and the meter all ask this one function.
CREATE OR REPLACE FUNCTION bonuses_game_weight(p_weights jsonb, p_default integer, p_excluded text[], p_game text)
RETURNS integer LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_games integer;
  v_excluded boolean;
  v_lowest integer;
BEGIN
  SELECT count(DISTINCT g.id), bool_or(gc.category_id = ANY (p_excluded)), min((p_weights ->> gc.category_id)::integer)
    INTO v_games, v_excluded, v_lowest
    FROM games g LEFT JOIN game_categories gc ON gc.game_id = g.id
   WHERE g.identifier = p_game;
  IF v_games = 0 THEN
    RETURN 0;
  ELSIF v_excluded THEN
    RETURN NULL;
  END IF;
  RETURN coalesce(v_lowest, p_default);
END;
$$;
