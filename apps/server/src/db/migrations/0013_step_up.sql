-- Step-up authentication (decision 015). `step_up_at`: when the player behind this session last
-- proved it is them (password, plus the two-factor code when it is on); sensitive actions need it
-- within the step-up window.
ALTER TABLE "sessions" ADD COLUMN "step_up_at" timestamp with time zone;--> statement-breakpoint
-- An e-mail change waits here until the new address is confirmed by its link; the sign-in
-- address stays the old one until then.
ALTER TABLE "users" ADD COLUMN "unconfirmed_email" text;--> statement-breakpoint
-- Where money came from or went to (SHA-256 of the normalised destination, never the details
-- themselves), so a withdrawal can tell a destination the player already used from a new one.
ALTER TABLE "payments" ADD COLUMN "destination" text;--> statement-breakpoint
CREATE INDEX "payments_user_destination_idx" ON "payments" USING btree ("user_id","destination") WHERE "destination" IS NOT NULL;
