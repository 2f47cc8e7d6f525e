/**
 * Wire contract of the progressive jackpots (docs/api-shapes.md#provider-jackpots, §7.1, §7.2): the pools, their totals
 * per currency, recent awards, and the realtime payloads of changes and of a player's own award.
 * Amounts are integer minor units of the jackpot's currency.
 */
import { z } from 'zod';

/** One level of a progressive jackpot. */
export const JackpotLevelSchema = z.strictObject({
  id: z.number().int(),
  identifier: z.string(),
  index: z.number().int(),
  name: z.string(),
  state: z.string(),
  amount_cents: z.number().int(),
  available_amount_cents: z.number().int(),
  total_amount_cents: z.number().int(),
  current_award_value: z.number().int(),
  periods: z.array(z.unknown()),
  /** Always null: our levels drop at any time. */
  working_days: z.null(),
});
export type JackpotLevel = z.infer<typeof JackpotLevelSchema>;

/** `GET /api/jackpots` item and the `public:jackpots_changes` payload (the client replaces by `id`). */
export const JackpotSchema = z.strictObject({
  id: z.number().int(),
  identifier: z.string(),
  name: z.string(),
  state: z.string(),
  currency: z.string(),
  allowed_currencies: z.array(z.string()),
  external_id: z.string(),
  games: z.array(z.string()),
  levels: z.array(JackpotLevelSchema),
});
export type Jackpot = z.infer<typeof JackpotSchema>;
export const JackpotListSchema = z.array(JackpotSchema);

/** `GET /api/games/jackpots`: `{ CUR: { provider: total } }` in minor units. */
export const JackpotTotalsSchema = z.record(z.string(), z.record(z.string(), z.number().int()));
export type JackpotTotals = z.infer<typeof JackpotTotalsSchema>;

/** `GET /api/jackpot_wins` item, newest first; the winner's name is masked. */
export const JackpotWinSchema = z.strictObject({
  amount_cents: z.number().int(),
  jackpot_name: z.string(),
  jackpot_level_name: z.string(),
  approved_at: z.string(),
  created_at: z.string(),
  jackpot_level_external_code: z.string(),
  jackpot_external_code: z.string(),
  user_name: z.string(),
  jackpot_original_currency: z.string(),
  jackpot_original_amount_cents: z.number().int(),
});
export type JackpotWin = z.infer<typeof JackpotWinSchema>;
export const JackpotWinListSchema = z.array(JackpotWinSchema);

/** `jackpot_win_award`: the player's own jackpot win, for the win pop-up. */
export const JackpotWinAwardSchema = z.strictObject({
  jackpot: z.strictObject({
    id: z.number().int(),
    name: z.string(),
    level_name: z.string(),
    amount_cents: z.number().int(),
    currency: z.string(),
  }),
});
export type JackpotWinAward = z.infer<typeof JackpotWinAwardSchema>;
