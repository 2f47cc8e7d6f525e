CREATE TABLE "player_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"document_type" text NOT NULL,
	"status" text NOT NULL,
	"description" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "player_documents_status_check" CHECK ("player_documents"."status" IN ('not_approved', 'approved', 'rejected')),
	CONSTRAINT "player_documents_type_check" CHECK ("player_documents"."document_type" IN ('identity', 'address', 'deposit', 'payment_method')),
	CONSTRAINT "player_documents_review_check" CHECK (("player_documents"."status" = 'not_approved') = ("player_documents"."reviewed_at" IS NULL) AND ("player_documents"."status" = 'rejected') = ("player_documents"."rejection_reason" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "verification_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"verified" boolean NOT NULL,
	"source" text NOT NULL,
	"changed_by" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player_documents" ADD CONSTRAINT "player_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_changes" ADD CONSTRAINT "verification_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_documents_user_idx" ON "player_documents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "player_documents_status_idx" ON "player_documents" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "verification_changes_user_idx" ON "verification_changes" USING btree ("user_id","created_at");