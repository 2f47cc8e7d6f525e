CREATE TABLE "bonus_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text,
	"kind" text NOT NULL,
	"trigger" text NOT NULL,
	"group_key" text,
	"titles" jsonb,
	"terms" jsonb NOT NULL,
	"groups_any" text[],
	"groups_none" text[],
	"countries" text[],
	"deposit_number" integer,
	"default_offer" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_bonuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"campaign_id" integer,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"stage" text NOT NULL,
	"cancel_reason" text,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"max_bet_cents" bigint,
	"weights" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_weight" integer DEFAULT 100 NOT NULL,
	"excluded_collections" text[] DEFAULT '{}' NOT NULL,
	"max_conversion_cents" bigint,
	"wager_multiplier" integer NOT NULL,
	"wager_requirement_cents" bigint NOT NULL,
	"wagered_cents" bigint DEFAULT 0 NOT NULL,
	"converted_cents" bigint DEFAULT 0 NOT NULL,
	"validity_days" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"activatable_until" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_campaign_id_bonus_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."bonus_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_campaigns_code_idx" ON "bonus_campaigns" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_campaigns_default_offer_idx" ON "bonus_campaigns" USING btree ("default_offer") WHERE default_offer;--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_source_idx" ON "player_bonuses" USING btree ("source","source_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_one_active_idx" ON "player_bonuses" USING btree ("user_id","currency") WHERE stage = 'handle_bets';--> statement-breakpoint
CREATE INDEX "player_bonuses_user_stage_idx" ON "player_bonuses" USING btree ("user_id","stage");--> statement-breakpoint
CREATE INDEX "player_bonuses_valid_until_idx" ON "player_bonuses" USING btree ("stage","valid_until");--> statement-breakpoint
CREATE INDEX "player_bonuses_activatable_until_idx" ON "player_bonuses" USING btree ("stage","activatable_until");