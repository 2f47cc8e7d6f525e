ALTER TABLE "payments" ADD COLUMN "confirmations" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "confirmations_required" integer;