-- One action at a time on a round (decision 013): an action claims the round row, and commits the
-- claim, before it calls the wallet; a concurrent action finds the claim and is refused with 409.
-- `claim` is the holder's random token (NULL: free); `claimed_at` is when the round was last
-- claimed, so the abandoned-round sweeper can tell a round still being played from a stale claim.
ALTER TABLE "game_rounds" ADD COLUMN "claim" text;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "claimed_at" timestamp with time zone;
