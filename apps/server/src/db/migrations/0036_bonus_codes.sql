CREATE TABLE "bonus_code_redemptions" (
	"code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"bonus_id" integer,
	"pack_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bonus_code_redemptions_code_id_user_id_pk" PRIMARY KEY("code_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "bonus_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"campaign_id" integer NOT NULL,
	"user_id" integer,
	"max_redemptions" integer NOT NULL,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'issued' NOT NULL,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bonus_codes_redemptions_check" CHECK ("bonus_codes"."redemptions" >= 0 AND "bonus_codes"."redemptions" <= "bonus_codes"."max_redemptions"),
	CONSTRAINT "bonus_codes_state_check" CHECK ("bonus_codes"."state" IN ('issued', 'activated', 'canceled', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "bonus_code_redemptions" ADD CONSTRAINT "bonus_code_redemptions_code_id_bonus_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."bonus_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_code_redemptions" ADD CONSTRAINT "bonus_code_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_code_redemptions" ADD CONSTRAINT "bonus_code_redemptions_bonus_id_player_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."player_bonuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_code_redemptions" ADD CONSTRAINT "bonus_code_redemptions_pack_id_freespin_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."freespin_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_codes" ADD CONSTRAINT "bonus_codes_campaign_id_bonus_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."bonus_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_codes" ADD CONSTRAINT "bonus_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_code_redemptions_user_idx" ON "bonus_code_redemptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_codes_code_idx" ON "bonus_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "bonus_codes_user_idx" ON "bonus_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bonus_codes_state_valid_until_idx" ON "bonus_codes" USING btree ("state","valid_until");