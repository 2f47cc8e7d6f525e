-- Session ids the player sees are random, not a sequence (docs/auth.md#active-sessions): the app
-- draws each from the CSPRNG, so the column loses its sequence.
ALTER TABLE "sessions" ALTER COLUMN "public_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "public_id" SET DATA TYPE bigint;--> statement-breakpoint
DROP SEQUENCE IF EXISTS "sessions_public_id_seq";--> statement-breakpoint
-- Sessions already open get random ids too: 52 random bits of a version 4 UUID (hex digits 18–30,
-- past the version and variant digits), which PostgreSQL draws from its CSPRNG.
UPDATE "sessions"
   SET "public_id" = ('x' || substr(replace(gen_random_uuid()::text, '-', ''), 18, 13))::bit(52)::bigint + 1;
