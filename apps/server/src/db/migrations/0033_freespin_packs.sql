CREATE TABLE "freespin_packs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"campaign_id" integer,
	"currency" text NOT NULL,
	"stage" text NOT NULL,
	"games" text[] NOT NULL,
	"bet_level_cents" bigint NOT NULL,
	"spins_total" integer NOT NULL,
	"spins_performed" integer DEFAULT 0 NOT NULL,
	"win_cents" bigint DEFAULT 0 NOT NULL,
	"winnings_wager_multiplier" integer NOT NULL,
	"winnings_max_conversion_cents" bigint,
	"validity_days" integer NOT NULL,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"title" text,
	"issued_at" timestamp with time zone NOT NULL,
	"activatable_until" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"winnings_bonus_id" integer
);
--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "freespin_pack_id" integer;--> statement-breakpoint
ALTER TABLE "freespin_packs" ADD CONSTRAINT "freespin_packs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freespin_packs" ADD CONSTRAINT "freespin_packs_campaign_id_bonus_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."bonus_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freespin_packs" ADD CONSTRAINT "freespin_packs_winnings_bonus_id_player_bonuses_id_fk" FOREIGN KEY ("winnings_bonus_id") REFERENCES "public"."player_bonuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "freespin_packs_source_idx" ON "freespin_packs" USING btree ("source","source_ref");--> statement-breakpoint
CREATE INDEX "freespin_packs_user_stage_idx" ON "freespin_packs" USING btree ("user_id","stage");--> statement-breakpoint
CREATE INDEX "freespin_packs_valid_until_idx" ON "freespin_packs" USING btree ("stage","valid_until");