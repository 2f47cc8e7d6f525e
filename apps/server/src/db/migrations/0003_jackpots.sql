CREATE TABLE "jackpot_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"jackpot_id" integer NOT NULL,
	"identifier" text NOT NULL,
	"index" integer NOT NULL,
	"name" text NOT NULL,
	"contribution_bp" integer NOT NULL,
	"seed_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"drop_at" bigint NOT NULL,
	"cycle" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jackpot_wins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"jackpot_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"ledger_transaction_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jackpots" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jackpot_levels" ADD CONSTRAINT "jackpot_levels_jackpot_id_jackpots_id_fk" FOREIGN KEY ("jackpot_id") REFERENCES "public"."jackpots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jackpot_levels_jackpot_index_idx" ON "jackpot_levels" USING btree ("jackpot_id","index");--> statement-breakpoint
CREATE INDEX "jackpot_wins_created_idx" ON "jackpot_wins" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jackpots_identifier_idx" ON "jackpots" USING btree ("identifier");