-- One action at a time on a round (decision 013): an action claims the round row, and commits the
-- claim, before it calls the wallet; a concurrent action finds the claim and is refused with 409.
-- `claim` is the holder's random token (NULL: free); `claimed_at` is when the round was last
-- claimed (its last activity, which the abandoned-round sweeper measures from); `claim_bet` is the
-- number of the bet the holder has sent to the wallet and not yet recorded (NULL: none), so a claim
-- left behind by a stopped process can be undone by rolling that bet back.
ALTER TABLE "game_rounds" ADD COLUMN "claim" text;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "claim_bet" integer;--> statement-breakpoint
CREATE INDEX "game_rounds_claimed_idx" ON "game_rounds" ("claimed_at") WHERE "claim" IS NOT NULL;
