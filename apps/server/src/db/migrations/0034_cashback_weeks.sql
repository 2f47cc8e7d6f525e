CREATE TABLE "cashback_weeks" (
	"campaign_id" integer NOT NULL,
	"week" text NOT NULL,
	"issued" integer NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cashback_weeks_campaign_id_week_pk" PRIMARY KEY("campaign_id","week")
);
--> statement-breakpoint
ALTER TABLE "cashback_weeks" ADD CONSTRAINT "cashback_weeks_campaign_id_bonus_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."bonus_campaigns"("id") ON DELETE no action ON UPDATE no action;