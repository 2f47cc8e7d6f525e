ALTER TABLE "payments" ADD COLUMN "processing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_psp_payments" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
-- Outcomes decided before this migration were delivered as they were decided (or are settled on the
-- casino side by now): only outcomes from here on are tracked for redelivery.
UPDATE "sandbox_psp_payments" SET "delivered_at" = "created_at" WHERE "status" IN ('succeeded', 'declined');--> statement-breakpoint
-- Withdrawals already being sent count as taken now: the re-drive waits its full delay for them.
UPDATE "payments" SET "processing_at" = now() WHERE "state" = 'processing';
