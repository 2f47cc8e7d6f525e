-- At most one unfinished round per shared game: if several api instances run the shared-round
-- cycle, only one of them can open the next round (the others' INSERT fails and they re-read it).
CREATE UNIQUE INDEX "shared_rounds_one_open_idx" ON "shared_rounds" ("game") WHERE "phase" <> 'ended';
