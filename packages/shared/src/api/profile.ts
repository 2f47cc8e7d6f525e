/**
 * Wire contract of the player's profile data beyond the player object (docs/player-profile.md): the
 * verified phone (`/api/player/phone`), promotional subscriptions (`/api/subscriptions`), the form
 * description (`/api/info/player_fields`), filling missing sign-in fields
 * (`/api/auth_providers/update_details`) and joining groups (`/api/player/groups`).
 */
import { z } from 'zod';
import { CountrySchema, FIELD_MESSAGES, MobilePhoneSchema } from './auth.ts';
import { text } from './primitives.ts';

// ---------------------------------------------------------------------------------------------
// Phone (docs/player-profile.md#phone)

/** Digits in a one-time phone code. */
export const PHONE_CODE_LENGTH = 6;

/** `POST /api/player/phone`: `{ phone: { number } }`, the number with a leading plus (E.164). */
export const PhoneAddRequestSchema = z.strictObject({
  phone: z.strictObject({ number: MobilePhoneSchema }),
});
export type PhoneAddRequest = z.input<typeof PhoneAddRequestSchema>;

/** `POST /api/player/phone/confirm`: `{ phone: { code } }`, the code the SMS carried. */
export const PhoneConfirmRequestSchema = z.strictObject({
  phone: z.strictObject({
    code: text()
      .trim()
      .min(1, FIELD_MESSAGES.blank)
      .max(16, FIELD_MESSAGES.invalid)
      .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), FIELD_MESSAGES.invalid),
  }),
});
export type PhoneConfirmRequest = z.input<typeof PhoneConfirmRequestSchema>;

/**
 * The player's phone. `verified` is false while a code is pending; `code_expires_at` and
 * `resend_available_at` tell the form when the code stops working and when another may be sent.
 */
export const PhoneSchema = z.strictObject({
  number: z.string(),
  verified: z.boolean(),
  confirmed_at: z.string().nullable(),
  code_expires_at: z.string().nullable(),
  resend_available_at: z.string().nullable(),
});
export type Phone = z.infer<typeof PhoneSchema>;

// ---------------------------------------------------------------------------------------------
// Subscriptions (docs/player-profile.md#subscriptions)

export const SUBSCRIPTION_FIELDS = [
  'receive_promos',
  'receive_sms_promos',
  'receive_promos_via_phone_calls',
  'agreed_to_partner_promotions',
] as const;
export type SubscriptionField = (typeof SUBSCRIPTION_FIELDS)[number];

/** `GET /api/subscriptions` and the answer of `PUT`: the four consents, flat. */
export const SubscriptionsSchema = z.strictObject({
  receive_promos: z.boolean(),
  receive_sms_promos: z.boolean(),
  receive_promos_via_phone_calls: z.boolean(),
  agreed_to_partner_promotions: z.boolean(),
});
export type Subscriptions = z.infer<typeof SubscriptionsSchema>;

const SubscriptionsPatchSchema = z.strictObject({
  receive_promos: z.boolean().optional(),
  receive_sms_promos: z.boolean().optional(),
  receive_promos_via_phone_calls: z.boolean().optional(),
  agreed_to_partner_promotions: z.boolean().optional(),
});

/**
 * `PUT /api/subscriptions`: any of the four booleans, flat or wrapped in `subscriptions` (clients
 * send either). Fields left out keep their value; the server refuses an empty body and a body that
 * mixes both forms (422).
 */
export const SubscriptionsUpdateRequestSchema = SubscriptionsPatchSchema.extend({
  subscriptions: SubscriptionsPatchSchema.optional(),
});
export type SubscriptionsUpdateRequest = z.input<typeof SubscriptionsUpdateRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Player fields (docs/player-profile.md#player-fields)

export const PlayerFieldSchema = z.strictObject({
  field: z.string(),
  type: z.string(),
  length: z.strictObject({ minimum: z.number().int(), maximum: z.number().int() }).optional(),
  once_set: z.boolean().optional(),
  age: z.strictObject({ min: z.strictObject({ default: z.number().int() }) }).optional(),
  inclusion: z.strictObject({ in: z.array(z.string()) }).optional(),
  /** Our addition: the contexts in which the server refuses the field blank. */
  required_in: z.array(z.string()),
});
export type PlayerField = z.infer<typeof PlayerFieldSchema>;

/** `GET /api/info/player_fields`: every field and, per form context, the fields it shows. */
export const PlayerFieldsSchema = z.strictObject({
  fields: z.array(PlayerFieldSchema),
  contexts: z.strictObject({
    registration: z.array(z.string()),
    edition: z.array(z.string()),
    deposit: z.array(z.string()),
    cashout: z.array(z.string()),
    update_details: z.array(z.string()),
    payment_systems: z.record(z.string(), z.unknown()),
  }),
});
export type PlayerFields = z.infer<typeof PlayerFieldsSchema>;

// ---------------------------------------------------------------------------------------------
// update_details (docs/player-profile.md#filling-missing-fields)

/**
 * `POST /api/auth_providers/update_details`: `{ user: { … } }` with the fields the player object's
 * `auth_fields_missed` names. `terms_acceptance` must be `true`; `country` only fills an empty one.
 */
export const UpdateDetailsRequestSchema = z.strictObject({
  user: z.strictObject({
    terms_acceptance: z
      .boolean()
      .refine((v) => v, FIELD_MESSAGES.accepted)
      .optional(),
    country: CountrySchema.optional(),
    receive_promos: z.boolean().optional(),
    receive_sms_promos: z.boolean().optional(),
  }),
});
export type UpdateDetailsRequest = z.input<typeof UpdateDetailsRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Groups (docs/player-profile.md#groups)

/** A group id as clients send it: a number or a numeric string. */
const GroupIdSchema = z
  .union([z.number().int().nonnegative().max(2_147_483_647), text().trim().max(32)])
  .transform((v) => String(v));

/** `POST /api/player/groups`: `{ groups: { add: [id], remove: [id] } }`. */
export const PlayerGroupsRequestSchema = z.strictObject({
  groups: z.strictObject({
    add: z.array(GroupIdSchema).max(20).optional(),
    remove: z.array(GroupIdSchema).max(20).optional(),
  }),
});
export type PlayerGroupsRequest = z.input<typeof PlayerGroupsRequestSchema>;
