-- One unfinished round per player and game (and per demo session and game): two deals sent at once
-- (a double click, two tabs) both pass the host's "is a round open?" read; the second insert then
-- conflicts here and is answered 409 round_open, so a click has one effect (decision 013).
CREATE UNIQUE INDEX "game_rounds_one_open_real_idx" ON "game_rounds" ("user_id", "game_id") WHERE "status" = 'open' AND "shared_round_id" IS NULL AND "mode" = 'real';--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_one_open_demo_idx" ON "game_rounds" ("demo_session", "game_id") WHERE "status" = 'open' AND "shared_round_id" IS NULL AND "mode" = 'demo';
