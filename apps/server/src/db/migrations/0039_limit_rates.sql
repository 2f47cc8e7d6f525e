CREATE TABLE "limit_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"eur" numeric NOT NULL,
	"units" numeric NOT NULL,
	"subunits" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The shared reference rates (packages/shared/src/currencies.ts REFERENCE_RATES); limits.test.ts checks that they agree.
INSERT INTO "limit_rates" ("currency", "eur", "units", "subunits", "updated_at") VALUES
  ('EUR', 1, 1, 100, '2026-11-28T00:00:00Z'),
  ('USD', 1, 1.08, 100, '2026-11-28T00:00:00Z'),
  ('AUD', 1, 1.65, 100, '2026-11-28T00:00:00Z'),
  ('CAD', 1, 1.47, 100, '2026-11-28T00:00:00Z'),
  ('NZD', 1, 1.8, 100, '2026-11-28T00:00:00Z'),
  ('PLN', 1, 4.3, 100, '2026-11-28T00:00:00Z'),
  ('JPY', 1, 165, 100, '2026-11-28T00:00:00Z'),
  ('NOK', 1, 11.6, 100, '2026-11-28T00:00:00Z'),
  ('BRL', 1, 5.9, 100, '2026-11-28T00:00:00Z'),
  ('BTC', 60000, 1, 100000000, '2026-11-28T00:00:00Z'),
  ('ETH', 3000, 1, 100000000, '2026-11-28T00:00:00Z'),
  ('BCH', 400, 1, 100000000, '2026-11-28T00:00:00Z'),
  ('LTC', 90, 1, 100000000, '2026-11-28T00:00:00Z'),
  ('DOG', 0.15, 1, 100000000, '2026-11-28T00:00:00Z'),
  ('USDT', 0.92, 1, 100000000, '2026-11-28T00:00:00Z');
