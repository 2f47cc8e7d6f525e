CREATE TABLE "crypto_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_chain_txs" (
	"id" text PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"address" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"confirmations" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crypto_addresses" ADD CONSTRAINT "crypto_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_addresses_user_currency_idx" ON "crypto_addresses" USING btree ("user_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_addresses_address_idx" ON "crypto_addresses" USING btree ("address");