CREATE TABLE "bonus_offer_dismissals" (
	"user_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bonus_offer_dismissals_user_id_campaign_id_pk" PRIMARY KEY("user_id","campaign_id")
);
--> statement-breakpoint
CREATE TABLE "bonus_restrictions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "can_issue_bonuses" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bonus_code" text;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD COLUMN "terms" jsonb;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD COLUMN "deposit_cents" bigint;--> statement-breakpoint
ALTER TABLE "bonus_offer_dismissals" ADD CONSTRAINT "bonus_offer_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_offer_dismissals" ADD CONSTRAINT "bonus_offer_dismissals_campaign_id_bonus_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."bonus_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_restrictions" ADD CONSTRAINT "bonus_restrictions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;