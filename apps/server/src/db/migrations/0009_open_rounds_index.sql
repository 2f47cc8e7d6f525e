-- The abandoned-round sweeper (every minute) looks only at open rounds: a partial index keeps that
-- query small however many finished rounds the table holds.
CREATE INDEX "game_rounds_open_idx" ON "game_rounds" ("created_at") WHERE "status" = 'open' AND "shared_round_id" IS NULL;
