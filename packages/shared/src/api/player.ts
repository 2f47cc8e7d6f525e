/**
 * Wire contract of the player calls (docs/player-app.md#data-objects User info and Account, §7; docs/api-shapes.md#player): the player
 * object, profile edit, locale, settings and wallets. Requests are validated on the server with
 * these schemas (see `api/auth.ts` for how shape and rule failures are answered).
 */
import { z } from 'zod';
import { LOCALES } from '../locales.ts';
import { text } from './primitives.ts';
import {
  AddressSchema,
  CitySchema,
  CountrySchema,
  CurrencySchema,
  DateOfBirthSchema,
  GenderSchema,
  MobilePhoneSchema,
  NameSchema,
  NicknameSchema,
  oneOf,
  PostalCodeSchema,
  ProfessionSchema,
  REGISTRATION_VARIANTS,
} from './auth.ts';

/** A level (`level_3`) or a group (`"543"`) the player belongs to. */
export const PlayerStatusSchema = z.strictObject({ id: z.string(), name: z.string() });

/**
 * The player object (docs/api-shapes.md#player-object), returned by `GET /api/player`, sign-in, sign-up,
 * confirmation and password reset. Dates are ISO-8601 strings; `date_of_birth` is `YYYY-MM-DD`.
 */
export const PlayerSchema = z.strictObject({
  id: z.number().int(),
  user_id: z.number().int(),
  email: z.string(),
  nickname: z.string().nullable(),
  nick_name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  gender: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  postal_code: z.string().nullable(),
  mobile_phone: z.string().nullable(),
  currency: z.string(),
  language: z.string(),
  locale: z.string(),
  statuses: z.array(PlayerStatusSchema),
  /** Loyalty level number from the highest `level_N` status, or null. */
  level: z.number().int().nullable(),
  /** Fields sign-in needs but the player has not given yet, e.g. `terms_acceptance`. */
  auth_fields_missed: z.array(z.string()),
  verified: z.boolean(),
  two_factor_enabled: z.boolean(),
  receive_promos: z.boolean(),
  receive_sms_promos: z.boolean(),
  deposit_bonus_code: z.string().nullable(),
  can_issue_bonuses: z.boolean(),
  profession: z.string().nullable(),
  autoregistered: z.boolean(),
  autologin_link: z.string().nullable(),
  license_name: z.string(),
  sow_questionnaire_expires_at: z.string().nullable(),
  created_at: z.string(),
  current_sign_in_at: z.string().nullable(),
  /** The sign-in before this one, so the player can spot a login that was not theirs (docs/reliability.md#a7-sign-in-notices). */
  last_sign_in_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  /** Opaque per-player hash for third-party widgets that need a stable identity (chat). */
  hash: z.string(),
  /** True once the player has saved every field of `REQUIRED_PROFILE_FIELDS` (docs/player-app.md#required-profile-data). */
  saved: z.boolean(),
  registration_variant: z.enum(REGISTRATION_VARIANTS),
});
export type Player = z.infer<typeof PlayerSchema>;

/** docs/player-app.md#required-profile-data: the player "lacks required data" while any of these is empty. */
export const REQUIRED_PROFILE_FIELDS = [
  'mobile_phone',
  'first_name',
  'last_name',
  'date_of_birth',
  'country',
  'city',
  'address',
  'postal_code',
] as const;

export function missingRequiredFields(
  player: Partial<Record<(typeof REQUIRED_PROFILE_FIELDS)[number], string | null>>,
): string[] {
  return REQUIRED_PROFILE_FIELDS.filter((f) => !player[f]);
}

/**
 * `PATCH /api/player` (docs/api-shapes.md#profile-edit). Only profile fields are editable; anything else (balances,
 * e-mail, verification, …) is refused with 400 and nothing changes. Absent fields stay as they are;
 * `nickname`, `gender` and `profession` may be sent empty or null to clear them.
 */
export const PlayerUpdateRequestSchema = z.strictObject({
  /** Form context from `/api/info/player_fields`, e.g. `edition`. */
  context: text()
    .max(50)
    .regex(/^[a-z_]*$/, 'is invalid')
    .optional(),
  player: z.strictObject({
    nickname: NicknameSchema,
    first_name: NameSchema.optional(),
    last_name: NameSchema.optional(),
    gender: GenderSchema,
    date_of_birth: DateOfBirthSchema.optional(),
    country: CountrySchema.optional(),
    city: CitySchema.optional(),
    address: AddressSchema.optional(),
    postal_code: PostalCodeSchema.optional(),
    mobile_phone: MobilePhoneSchema.optional(),
    receive_promos: z.boolean().optional(),
    receive_sms_promos: z.boolean().optional(),
    profession: ProfessionSchema,
  }),
});
export type PlayerUpdateRequest = z.input<typeof PlayerUpdateRequestSchema>;

/** `PATCH /api/player/update_locale` (docs/api-shapes.md#profile-edit). */
export const UpdateLocaleRequestSchema = z.strictObject({
  locale: oneOf(LOCALES),
});
export type UpdateLocaleRequest = z.input<typeof UpdateLocaleRequestSchema>;

/** A wallet (docs/api-shapes.md#wallets). Amounts are integers in the currency's minor unit. */
export const AccountSchema = z.strictObject({
  currency: z.string(),
  active: z.boolean(),
  amount_cents: z.number().int(),
  available_to_cashout_cents: z.number().int(),
  available_to_bet_with_locked_cent: z.number().int(),
  deposit_available: z.boolean(),
  hidden_at: z.string().nullable(),
  selected_lottery_id: z.number().int().nullable(),
  /**
   * Goes up by one with every change of this wallet (Croupier extension): the realtime `balance`
   * channel and polling both carry it, so a client never shows an older balance over a newer one.
   */
  version: z.number().int(),
});
export type Account = z.infer<typeof AccountSchema>;

/** `GET /api/player/accounts?compatibility=false`. Both values give the full shape above. */
export const AccountsQuerySchema = z.strictObject({
  compatibility: z.enum(['true', 'false']).optional(),
});

/** `POST /api/player/accounts` selects or creates the wallet and makes it the player's currency. */
export const CreateAccountRequestSchema = z.strictObject({ currency: CurrencySchema });
export type CreateAccountRequest = z.input<typeof CreateAccountRequestSchema>;

/** `GET /api/player/settings` (docs/api-shapes.md#settings, docs/player-app.md#data-objects Settings). Answers guests too. */
export const PlayerSettingsSchema = z.strictObject({
  /** Realtime connection (Centrifugo v1 style): an empty `user` means public channels only. */
  cent: z.strictObject({ url: z.string(), user: z.string(), timestamp: z.string(), token: z.string() }),
  recaptcha: z.string(),
  recaptcha_version: z.number().int(),
  captcha: z.strictObject({ site_key: z.string(), enabled_register: z.boolean() }),
  registrationConfig: z.strictObject({ skipNickname: z.boolean() }),
  abTests: z.strictObject({ registration_variant: z.enum(REGISTRATION_VARIANTS) }),
  webPushKey: z.string(),
});
export type PlayerSettings = z.infer<typeof PlayerSettingsSchema>;

/** `GET /api/player/accounts`: every wallet of the player. */
export const AccountListSchema = z.array(AccountSchema);
