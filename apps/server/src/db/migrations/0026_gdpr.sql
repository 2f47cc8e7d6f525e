CREATE TABLE "gdpr_erasures" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "gdpr_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"token_hash" text,
	"mailed_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	"content" text
);
--> statement-breakpoint
ALTER TABLE "gdpr_erasures" ADD CONSTRAINT "gdpr_erasures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gdpr_reports" ADD CONSTRAINT "gdpr_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gdpr_reports_user_idx" ON "gdpr_reports" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gdpr_reports_token_idx" ON "gdpr_reports" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "gdpr_reports_status_idx" ON "gdpr_reports" USING btree ("status");