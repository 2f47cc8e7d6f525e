/**
 * Bonuses (docs/bonuses.md#the-calls): the player's bonuses and free-spin packs, the offers, the
 * actions on them, coupons, the deposit bonus code, the wagering meter's call, the realtime pushes
 * and the operator's campaigns. Shapes of SoftSwiss-style clients where they exist
 * (docs/bonuses.md#the-calls); money in integer minor units unless said.
 */
import { z } from 'zod';
import {
  BONUS_KINDS,
  BONUS_STAGES,
  BONUS_STATUSES,
  BONUS_TRIGGERS,
  CODE_STATES,
  COUPON_OUTCOMES,
  PACK_STAGES,
  WAGER_BASES,
} from '../bonus-terms.ts';
import { currencyCode, recordId, text } from './primitives.ts';

export {
  BONUS_KINDS,
  BONUS_STAGES,
  BONUS_STATUSES,
  BONUS_TRIGGERS,
  bonusGroupOf,
  CODE_STATES,
  COUPON_OUTCOMES,
  DEFAULT_WEIGHT,
  depositBonusAmount,
  PACK_STAGES,
  termsForCurrency,
  WAGER_BASES,
} from '../bonus-terms.ts';
export type { BonusKind, BonusStage, BonusTerms, CurrencyTerms, PerCurrency } from '../bonus-terms.ts';

/** The highest wagering multiplier a campaign may have unless configuration lowers it. */
export const BONUS_WAGER_MULTIPLIER_CEILING = 100;

const Cents = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const PerCurrencySchema = z.record(currencyCode, Cents);
const Percent = z.number().int().min(0).max(100);
const Days = z.number().int().min(1).max(3650);
const CollectionId = text().min(1).max(100);

/** A campaign's terms (validated by the admin API; the type is `BonusTerms` of `bonus-terms.ts`). */
export const BonusTermsSchema = z.strictObject({
  percent: z.number().int().min(1).max(1000).optional(),
  min_deposit_cents: PerCurrencySchema.optional(),
  max_bonus_cents: PerCurrencySchema.optional(),
  amount_cents: PerCurrencySchema.optional(),
  max_bet_cents: PerCurrencySchema.optional(),
  max_conversion_cents: PerCurrencySchema.optional(),
  wager_multiplier: z.number().int().min(0).max(BONUS_WAGER_MULTIPLIER_CEILING),
  wager_base: z.enum(WAGER_BASES).optional(),
  weights: z.record(CollectionId, Percent).optional(),
  default_weight: Percent.optional(),
  excluded_collections: z.array(CollectionId).max(50).optional(),
  activation_days: Days.nullable().optional(),
  validity_days: Days,
  auto_activate: z.boolean().optional(),
  freespins: z
    .strictObject({
      count: z.number().int().min(1).max(1000),
      games: z.array(text().min(1).max(200)).min(1).max(50),
      bet_level_cents: PerCurrencySchema,
      winnings_wager_multiplier: z.number().int().min(0).max(BONUS_WAGER_MULTIPLIER_CEILING),
      winnings_max_conversion_cents: PerCurrencySchema.optional(),
    })
    .optional(),
  cashback: z
    .strictObject({
      percent: z.number().int().min(1).max(100),
      max_cents: PerCurrencySchema,
      min_loss_cents: PerCurrencySchema,
    })
    .optional(),
});

/** One currency's terms, frozen on a bonus (`CurrencyTerms`), sent so the page can show every rule. */
export const CurrencyTermsSchema = z.strictObject({
  kind: z.enum(BONUS_KINDS),
  currency: z.string(),
  percent: z.number().nullable(),
  min_deposit_cents: z.number().int().nullable(),
  max_bonus_cents: z.number().int().nullable(),
  amount_cents: z.number().int().nullable(),
  max_bet_cents: z.number().int().nullable(),
  max_conversion_cents: z.number().int().nullable(),
  wager_multiplier: z.number().int(),
  wager_base: z.enum(WAGER_BASES),
  weights: z.record(z.string(), z.number().int()),
  default_weight: z.number().int(),
  excluded_collections: z.array(z.string()),
  activation_days: z.number().int().nullable(),
  validity_days: z.number().int(),
  auto_activate: z.boolean(),
  freespins: z
    .strictObject({
      count: z.number().int(),
      games: z.array(z.string()),
      bet_level_cents: z.number().int(),
      winnings_wager_multiplier: z.number().int(),
      winnings_max_conversion_cents: z.number().int().nullable(),
    })
    .nullable(),
  cashback: z
    .strictObject({ percent: z.number().int(), max_cents: z.number().int(), min_loss_cents: z.number().int() })
    .nullable(),
});

/** The bonus object: lists, activation, cancel and `bonuses_changes` (docs/bonuses.md#the-calls). */
export const PlayerBonusSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  /**
   * True when the campaign has no title of its own and `title` was generated in English from the
   * kind, amount and terms: a client that can should build it in the reader's language instead
   * (`issuedBonusTitle`, docs/bonuses.md#the-calls).
   */
  title_generated: z.boolean(),
  amount_cents: z.number().int(),
  currency: z.string(),
  stage: z.enum(BONUS_STAGES),
  /** The requirement and the counter (the counter moves while the stage is `handle_bets`). */
  amount_wager_requirement_cents: z.number().int(),
  amount_wager_cents: z.number().int(),
  /** The trigger that issued it. */
  strategy: z.enum(BONUS_TRIGGERS),
  created_at: z.string(),
  valid_until: z.string().nullable(),
  activatable_until: z.string().nullable(),
  activatable: z.boolean(),
  cancelable: z.boolean(),
  group_key: z.string().nullable(),
  kind: z.enum(BONUS_KINDS),
  /** Which gift list shows it. */
  type: z.enum(['deposit', 'registration', 'fs', 'bonus']),
  status: z.enum(BONUS_STATUSES),
  /** The wallet's bonus money while this bonus is being wagered; 0 otherwise. */
  bonus_balance_cents: z.number().int(),
  max_bet_cents: z.number().int().nullable(),
  max_conversion_cents: z.number().int().nullable(),
  /** What it has converted to cash (a `wager_done` bonus). */
  converted_cents: z.number().int(),
  /** A cashback: the net cash loss of the week it pays a share of; null for other kinds. */
  cashback_loss_cents: z.number().int().nullable(),
  terms: CurrencyTermsSchema.nullable(),
});
export type PlayerBonus = z.infer<typeof PlayerBonusSchema>;
export const PlayerBonusListSchema = z.array(PlayerBonusSchema);

/** A free-spin pack: `GET /api/player/freespins`, its actions and `freespins_changes`. */
export const FreespinPackSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  stage: z.enum(PACK_STAGES),
  freespins_total: z.number().int(),
  freespins_performed: z.number().int(),
  /** Stake per spin, minor units. */
  bet_level: z.number().int(),
  games: z.array(z.string()),
  games_info: z.array(z.never()),
  activation_path: z.string(),
  provider: z.string(),
  currency: z.string(),
  created_at: z.string(),
  activatable_until: z.string().nullable(),
  valid_until: z.string().nullable(),
  activatable: z.boolean(),
  activation_condition: z.null(),
  cancelable: z.boolean(),
  group_key: z.string().nullable(),
  /** What the pack's spins have won so far (issued as a bonus when the pack finishes). */
  win_cents: z.number().int(),
});
export type FreespinPack = z.infer<typeof FreespinPackSchema>;
export const FreespinPackListSchema = z.array(FreespinPackSchema);

const OfferConditionSchema = z.union([
  z.strictObject({
    field: z.literal('amount'),
    type: z.literal('min'),
    value: z.array(z.strictObject({ currency: z.string(), amount_cents: z.number().int() })),
  }),
  z.strictObject({ field: z.literal('groups'), type: z.literal('pick'), value: z.array(z.string()) }),
]);

/** An offer (`GET /api/bonuses/deposit`, `…/registration`): `bonuses` holds at least one element. */
export const BonusOfferSchema = z.strictObject({
  /** The campaign's code. */
  id: z.string(),
  title: z.string(),
  /** True when `title` was generated in English from the terms (`bonusTitle`), as on the bonus object. */
  title_generated: z.boolean(),
  group_key: z.string().nullable(),
  bonuses: z
    .array(
      z.strictObject({
        title: z.string(),
        type: z.string(),
        conditions: z.array(OfferConditionSchema),
        attributes: z.array(z.never()),
        result_bonus: z.array(z.never()),
      }),
    )
    .min(1),
  kind: z.enum(BONUS_KINDS),
  /** The campaign's terms for each currency it offers. */
  terms: z.array(CurrencyTermsSchema),
  /** Whether this is the player's chosen deposit bonus code (false when signed out). */
  selected: z.boolean(),
});
export type BonusOffer = z.infer<typeof BonusOfferSchema>;
export const BonusOfferListSchema = z.array(BonusOfferSchema);

/** `GET /api/player/bonuses/{id}/cancel_info`: decimal strings in major units. */
export const BonusCancelInfoSchema = z.strictObject({
  id: z.number().int(),
  total_withdrawal_amount: z.string(),
  current_balance: z.string(),
  cash_balance: z.string(),
  bonus_balance: z.string(),
  bonus_winnings: z.string(),
  currency: z.string(),
});
export type BonusCancelInfo = z.infer<typeof BonusCancelInfoSchema>;

/**
 * One bonus a withdrawal would forfeit (`forfeits` of its 409 `bonus_active`,
 * docs/bonuses.md#withdrawals-and-bonuses): the bonus being wagered (`handle_bets`, with the bonus
 * money it holds) or a deposit bonus not started yet (`wait`, `issued`: `bonus_balance_cents` 0,
 * `amount_cents` what it would have granted). Minor units.
 */
export const WithdrawalForfeitSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  stage: z.enum(['handle_bets', 'wait', 'issued']),
  currency: z.string(),
  amount_cents: z.number().int(),
  bonus_balance_cents: z.number().int(),
});
export type WithdrawalForfeit = z.infer<typeof WithdrawalForfeitSchema>;

/**
 * The 409 `bonus_active` body of `POST /api/payments/withdrawals`: `error` says in plain words what
 * would be forfeited and that a recall does not bring it back; `cancel_info` keeps the figures of
 * the first bonus (the one being wagered, if any); `forfeits` lists every bonus the withdrawal
 * cancels, wagered one first; `recall_restores_bonus` is always false. Sent again with
 * `forfeit_bonus: true`, the withdrawal cancels exactly these (or, had something changed meanwhile,
 * what it would then forfeit).
 */
export const WithdrawalBonusRefusalSchema = z.strictObject({
  code: z.literal('bonus_active'),
  error: z.string(),
  cancel_info: BonusCancelInfoSchema,
  forfeits: z.array(WithdrawalForfeitSchema).min(1),
  recall_restores_bonus: z.literal(false),
});
export type WithdrawalBonusRefusal = z.infer<typeof WithdrawalBonusRefusalSchema>;

export const CouponRequestSchema = z.strictObject({ coupon_code: text().min(1).max(64) });
/** Always a 200: SoftSwiss-style clients read the outcome from a 2xx body only. */
export const CouponResponseSchema = z.strictObject({ status: z.enum(COUPON_OUTCOMES) });
export type CouponResponse = z.infer<typeof CouponResponseSchema>;

export const SetBonusCodeRequestSchema = z.strictObject({ deposit_bonus_code: text().min(1).max(64) });
export const UpdateBonusSettingsRequestSchema = z.strictObject({ can_issue: z.boolean() });
export const AvailableBonusesSchema = z.strictObject({ available_bonuses: z.boolean() });

/** `GET /api/player/bonuses/wagering?game=`: the meter's figures. */
export const WageringQuerySchema = z.strictObject({ game: text().min(1).max(200).optional() });
export const WageringResponseSchema = z.strictObject({
  bonus: PlayerBonusSchema.nullable(),
  game: z.strictObject({ identifier: z.string(), weight_percent: z.number().int(), excluded: z.boolean() }).nullable(),
});
export type WageringResponse = z.infer<typeof WageringResponseSchema>;

/** A player's coupon and promo codes (`/users/promocode`). */
export const PlayerBonusCodeSchema = z.strictObject({
  code: z.string(),
  state: z.enum(CODE_STATES),
  title: z.string(),
  valid_until: z.string().nullable(),
  redeemed_at: z.string().nullable(),
});
export type PlayerBonusCode = z.infer<typeof PlayerBonusCodeSchema>;
export const PlayerBonusCodeListSchema = z.array(PlayerBonusCodeSchema);

/** A coupon or promo code as an operator writes it: upper-case letters, digits, `_` and `-`. */
const CouponCode = text().regex(/^[A-Z0-9_-]{4,32}$/);

/**
 * `POST /api/admin/bonus-campaigns/{id}/codes`: personal codes, one for each listed player, or else
 * one shared code (named by `code`, or generated) that `max_redemptions` players may redeem (1 unless
 * said). A personal code is used once, by its player; it takes no `code` and no `max_redemptions`.
 */
export const AdminBonusCodesRequestSchema = z.strictObject({
  code: CouponCode.optional(),
  max_redemptions: z.number().int().min(1).max(1_000_000).optional(),
  valid_until: z.iso.datetime({ offset: true }).nullable().optional(),
  user_ids: z.array(recordId).min(1).max(1000).optional(),
});
export type AdminBonusCodesRequest = z.infer<typeof AdminBonusCodesRequestSchema>;

/** A code as the operator sees it. */
export const AdminBonusCodeSchema = z.strictObject({
  id: z.number().int(),
  code: z.string(),
  campaign_id: z.number().int(),
  /** The player of a personal code; null: shared. */
  user_id: z.number().int().nullable(),
  max_redemptions: z.number().int(),
  redemptions: z.number().int(),
  state: z.enum(CODE_STATES),
  valid_until: z.string().nullable(),
  created_at: z.string(),
});
export type AdminBonusCode = z.infer<typeof AdminBonusCodeSchema>;
export const AdminBonusCodeListSchema = z.array(AdminBonusCodeSchema);

/** `bonuses_changes` carries the bonus after each change; `freespins_changes` the pack. */
export const BonusesChangesEventSchema = PlayerBonusSchema;
export const FreespinsChangesEventSchema = FreespinPackSchema;

/** An operator's campaign (`/api/admin/bonus-campaigns`). */
export const BonusCampaignRequestSchema = z.strictObject({
  code: text()
    .regex(/^[A-Z0-9_-]{2,32}$/)
    .nullable()
    .optional(),
  kind: z.enum(BONUS_KINDS),
  trigger: z.enum(BONUS_TRIGGERS),
  group_key: text().max(64).nullable().optional(),
  titles: z.record(text().min(2).max(5), text().min(1).max(120)).optional(),
  terms: BonusTermsSchema,
  groups_any: z.array(text().max(64)).max(50).optional(),
  groups_none: z.array(text().max(64)).max(50).optional(),
  countries: z
    .array(text().regex(/^[A-Z]{2}$/))
    .max(250)
    .optional(),
  deposit_number: z.number().int().min(1).max(1000).nullable().optional(),
  default_offer: z.boolean().optional(),
  starts_at: z.iso.datetime({ offset: true }).nullable().optional(),
  ends_at: z.iso.datetime({ offset: true }).nullable().optional(),
  active: z.boolean().optional(),
});
export type BonusCampaignRequest = z.infer<typeof BonusCampaignRequestSchema>;

export const BonusCampaignSchema = z.strictObject({
  id: z.number().int(),
  code: z.string().nullable(),
  kind: z.enum(BONUS_KINDS),
  trigger: z.enum(BONUS_TRIGGERS),
  group_key: z.string().nullable(),
  titles: z.record(z.string(), z.string()),
  terms: BonusTermsSchema,
  groups_any: z.array(z.string()),
  groups_none: z.array(z.string()),
  countries: z.array(z.string()),
  deposit_number: z.number().int().nullable(),
  default_offer: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
});
export type BonusCampaign = z.infer<typeof BonusCampaignSchema>;
export const BonusCampaignListSchema = z.array(BonusCampaignSchema);

/**
 * `PATCH /api/admin/bonus-campaigns/{id}`: the fields to change (`terms` whole); the campaign they
 * make is validated as a new one would be.
 */
export const BonusCampaignPatchSchema = BonusCampaignRequestSchema.partial();

/** The code in `DELETE /api/bonuses/deposit/{id}` and `…/registration/{id}`: an offer's id. */
export const OfferIdParamsSchema = z.strictObject({ id: text().min(1).max(64) });

/** `POST /api/admin/players/{id}/bonuses`: a campaign issued to a player, once per key. */
export const AdminIssueBonusRequestSchema = z.strictObject({
  campaign_id: recordId,
  currency: currencyCode,
  /** The operator's idempotency key: issued once per key (source `manual`, ref the key). */
  key: text()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9._:-]+$/),
});

/** What the operator's issue answers: the bonus as issued, and whether this call issued it. */
export const AdminIssuedBonusSchema = z.strictObject({
  id: z.number().int(),
  user_id: z.number().int(),
  campaign_id: z.number().int(),
  kind: z.enum(BONUS_KINDS),
  currency: z.string(),
  stage: z.enum(BONUS_STAGES),
  amount_cents: z.number().int(),
  wager_requirement_cents: z.number().int(),
  /** False: the key had issued it before (nothing new). */
  created: z.boolean(),
});
export type AdminIssuedBonus = z.infer<typeof AdminIssuedBonusSchema>;

/** `PUT /api/admin/players/{id}/bonus-restriction`: the operator's "no bonuses" and why. */
export const BonusRestrictionRequestSchema = z.strictObject({ reason: text().min(1).max(500) });
export const BonusRestrictionSchema = z.strictObject({
  user_id: z.number().int(),
  reason: z.string(),
  created_at: z.string(),
});
