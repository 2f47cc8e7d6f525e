CREATE TABLE "bonus_wagers" (
	"provider" text NOT NULL,
	"tx_id" text NOT NULL,
	"round_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"bonus_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"bonus_part" bigint NOT NULL,
	"weight" integer NOT NULL,
	"contribution" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "bonus_wagers_provider_tx_id_pk" PRIMARY KEY("provider","tx_id")
);
--> statement-breakpoint
ALTER TABLE "bonus_wagers" ADD CONSTRAINT "bonus_wagers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_wagers" ADD CONSTRAINT "bonus_wagers_bonus_id_player_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."player_bonuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_wagers_round_idx" ON "bonus_wagers" USING btree ("provider","round_id");--> statement-breakpoint
CREATE INDEX "bonus_wagers_bonus_idx" ON "bonus_wagers" USING btree ("bonus_id");