-- One unfinished round per player and game (and per demo session and game): two deals sent at once
-- (a double click, two tabs) both pass the host's "is a round open?" read; the second insert then
-- conflicts here and is answered 409 round_open, so a click has one effect (decision 013).
-- Rounds that exist already are left out (id above the watermark only): a database that met the
-- race before this migration may hold two open rounds of one game, and the abandoned-round sweeper
-- settles those as usual instead of this index refusing to build and the server to start.
DO $$
DECLARE watermark bigint;
BEGIN
  SELECT coalesce(max(id), 0) INTO watermark FROM game_rounds;
  EXECUTE format('CREATE UNIQUE INDEX "game_rounds_one_open_real_idx" ON "game_rounds" ("user_id", "game_id") WHERE "status" = ''open'' AND "shared_round_id" IS NULL AND "mode" = ''real'' AND "id" > %s', watermark);
  EXECUTE format('CREATE UNIQUE INDEX "game_rounds_one_open_demo_idx" ON "game_rounds" ("demo_session", "game_id") WHERE "status" = ''open'' AND "shared_round_id" IS NULL AND "mode" = ''demo'' AND "id" > %s', watermark);
END $$;
