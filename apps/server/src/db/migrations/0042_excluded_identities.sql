CREATE TABLE "excluded_identities" (
	"identity_hash" text PRIMARY KEY NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "events_deposits_by_user_idx" ON "events" USING btree ("user_id","tx","id") WHERE type = 'payment.deposit.succeeded';