ALTER TABLE "user_limits" ADD COLUMN "minutes" integer;--> statement-breakpoint
ALTER TABLE "user_limits" ADD COLUMN "pending_minutes" integer;