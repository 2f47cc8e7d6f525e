CREATE TABLE "user_limit_accounts" (
	"limit_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"pending_amount_cents" bigint,
	CONSTRAINT "user_limit_accounts_limit_id_currency_pk" PRIMARY KEY("limit_id","currency")
);
--> statement-breakpoint
CREATE TABLE "user_limits" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"period" text NOT NULL,
	"anchor_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"pending_change" text,
	"requested_at" timestamp with time zone,
	"confirmable_at" timestamp with time zone,
	"confirm_until" timestamp with time zone,
	"confirm_token_hash" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_limit_accounts" ADD CONSTRAINT "user_limit_accounts_limit_id_user_limits_id_fk" FOREIGN KEY ("limit_id") REFERENCES "public"."user_limits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_limits" ADD CONSTRAINT "user_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_limits_user_idx" ON "user_limits" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wallet_requests_user_window_idx" ON "wallet_requests" USING btree ("user_id","currency","created_at");--> statement-breakpoint
-- Hand-written: the closed lists of docs/limits.md, and one limit per type and period.
ALTER TABLE "user_limits" ADD CONSTRAINT "user_limits_type_check"
  CHECK ("type" IN ('loss', 'wager', 'deposit', 'session', 'coolingoff', 'selfexclusion'));--> statement-breakpoint
ALTER TABLE "user_limits" ADD CONSTRAINT "user_limits_period_check"
  CHECK ("period" IN ('day', 'day_3', 'week', 'month', 'month_3', 'month_6', 'month_9', 'month_12', 'forever'));--> statement-breakpoint
ALTER TABLE "user_limits" ADD CONSTRAINT "user_limits_pending_check"
  CHECK ("pending_change" IS NULL OR "pending_change" IN ('raise', 'remove'));--> statement-breakpoint
ALTER TABLE "user_limit_accounts" ADD CONSTRAINT "user_limit_accounts_amount_check" CHECK ("amount_cents" > 0);--> statement-breakpoint
CREATE UNIQUE INDEX "user_limits_one_per_period_idx" ON "user_limits" ("user_id", "type", "period");