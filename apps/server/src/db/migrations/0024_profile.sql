CREATE TABLE "player_phones" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"verified_at" timestamp with time zone,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"send_window_started_at" timestamp with time zone,
	"sends_in_window" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "receive_promos_via_phone_calls" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "agreed_to_partner_promotions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "player_phones" ADD CONSTRAINT "player_phones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "player_phones_verified_number_idx" ON "player_phones" USING btree ("number") WHERE "player_phones"."verified_at" IS NOT NULL;