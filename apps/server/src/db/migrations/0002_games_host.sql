CREATE TABLE "demo_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"balance" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fairness_seeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "game_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"user_id" integer,
	"demo_session" text,
	"game_id" integer NOT NULL,
	"model" text NOT NULL,
	"currency" text NOT NULL,
	"seed_id" integer,
	"nonce" integer,
	"shared_round_id" bigint,
	"bet" jsonb NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" jsonb NOT NULL,
	"rng_position" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"stake" bigint DEFAULT 0 NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"bet_count" integer DEFAULT 0 NOT NULL,
	"balance_after" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shared_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game" text NOT NULL,
	"phase" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"result" jsonb,
	"betting_ends_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fairness_seeds_active_owner_idx" ON "fairness_seeds" USING btree ("owner") WHERE "fairness_seeds"."active";--> statement-breakpoint
CREATE INDEX "fairness_seeds_owner_idx" ON "fairness_seeds" USING btree ("owner");--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_seed_nonce_idx" ON "game_rounds" USING btree ("seed_id","nonce");--> statement-breakpoint
CREATE INDEX "game_rounds_user_idx" ON "game_rounds" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "game_rounds_shared_idx" ON "game_rounds" USING btree ("shared_round_id");--> statement-breakpoint
CREATE INDEX "game_rounds_finished_idx" ON "game_rounds" USING btree ("finished_at");--> statement-breakpoint
CREATE INDEX "shared_rounds_game_idx" ON "shared_rounds" USING btree ("game","id");--> statement-breakpoint
-- A settled round is history (docs/reliability.md#g4-settled-rounds-are-final): it can no longer change.
CREATE FUNCTION game_rounds_refuse_settled_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status IN ('finished', 'void') THEN
    RAISE EXCEPTION 'game round % is settled and cannot change', OLD.id USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER game_rounds_settled_immutable BEFORE UPDATE OR DELETE ON "game_rounds" FOR EACH ROW EXECUTE FUNCTION game_rounds_refuse_settled_change();
