/**
 * Wire contract of sign-up, sign-in, password reset, e-mail confirmation and two-factor set-up
 * (docs/player-app.md#server-calls "Auth and user", docs/api-shapes.md#accounts). The server validates every request with these schemas;
 * the web imports the same schemas for its forms and the inferred types for its calls.
 *
 * Two kinds of failure come out of them, and the server answers them differently:
 * - the request has the wrong *shape* (unknown key, wrong type, missing key): 400 `validation_error`
 *   with full field paths (`user.email`);
 * - a field breaks a *rule* (blank, too short, not in the list, …): 422 `validation_error` with
 *   SoftSwiss/Devise-style messages under the bare field name (`{ errors: { email: ["is invalid"] } }`),
 *   which is what the forms show next to the field (docs/api-shapes.md#error-bodies).
 */
import { z } from 'zod';
import { type CountryCode, isCountryCode } from '../countries.ts';
import { CURRENCY_CODES, type CurrencyCode } from '../currencies.ts';
import { text } from './primitives.ts';

export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome (docs/reliability.md#a2-password-policy asks for ≥ 64); 128 bounds the hashing work. */
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const MINIMUM_AGE_YEARS = 18;
export const REGISTRATION_VARIANTS = ['A', 'B'] as const;
export type RegistrationVariant = (typeof REGISTRATION_VARIANTS)[number];
/** SoftSwiss player_fields spell gender as a one-letter code. */
export const GENDERS = ['m', 'f'] as const;

/** Field messages in the SoftSwiss/Devise wording; the web maps them to translated texts. */
export const FIELD_MESSAGES = {
  blank: "can't be blank",
  invalid: 'is invalid',
  taken: 'has already been taken',
  notIncluded: 'is not included in the list',
  accepted: 'must be accepted',
  confirmation: "doesn't match Password",
  tooCommon: 'is too common',
  tooYoung: `must be at least ${MINIMUM_AGE_YEARS} years old`,
  cannotChange: "can't be changed",
  tooShort: (n: number) => `is too short (minimum is ${n} characters)`,
  tooLong: (n: number) => `is too long (maximum is ${n} characters)`,
} as const;

const M = FIELD_MESSAGES;

const NAME_PATTERN = /^[\p{L}\p{M}' .-]+$/u;
const NICKNAME_PATTERN = /^[\p{L}\p{N}_.-]+$/u;
const POSTAL_CODE_PATTERN = /^[\p{L}\p{N} -]+$/u;
/** E.164: a leading plus sign (docs/player-app.md#required-profile-data) and 7 to 15 digits. */
const PHONE_PATTERN = /^\+[1-9]\d{6,14}$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Affiliate tag `<affiliate id>_<visit>` (docs/player-app.md#category-slugs). */
const STAG_PATTERN = /^[A-Za-z0-9_-]*$/;
/** A required single-line text: trimmed, not blank, bounded; `text()` refuses control characters. */
export function requiredText(max: number) {
  return text().trim().min(1, M.blank).max(max, M.tooLong(max));
}

export const EmailSchema = text()
  .trim()
  .toLowerCase()
  .min(1, M.blank)
  .max(EMAIL_MAX_LENGTH, M.tooLong(EMAIL_MAX_LENGTH))
  .pipe(z.email(M.invalid));

/** Length only: no composition rules (docs/reliability.md#a2-password-policy). The breached-password check is server-side. */
export const PasswordSchema = text()
  .min(PASSWORD_MIN_LENGTH, M.tooShort(PASSWORD_MIN_LENGTH))
  .max(PASSWORD_MAX_LENGTH, M.tooLong(PASSWORD_MAX_LENGTH));

// Empty values already failed as blank; the pattern only judges what was typed.
export const NameSchema = requiredText(100).refine((v) => v === '' || NAME_PATTERN.test(v), M.invalid);
export const CitySchema = requiredText(100);
export const AddressSchema = requiredText(200);
export const PostalCodeSchema = requiredText(16).refine((v) => v === '' || POSTAL_CODE_PATTERN.test(v), M.invalid);

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Whole years between a `YYYY-MM-DD` birth date and `today` (UTC calendar). */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** `YYYY-MM-DD`. The age rule needs today's date, so the server applies it (see `ageOn`). */
export const DateOfBirthSchema = text()
  .trim()
  .min(1, M.blank)
  .max(10, M.invalid)
  .refine((v) => v === '' || isIsoDate(v), M.invalid);

/** Spaces, dashes and brackets people type are dropped; the stored form is `+<digits>`. */
export const MobilePhoneSchema = text()
  .max(32, M.invalid)
  .transform((v) => v.replace(/[\s().-]/g, ''))
  .pipe(text().min(1, M.blank).regex(PHONE_PATTERN, M.invalid));

/** The phone is optional at sign-up: empty or null means "not given". */
export const OptionalMobilePhoneSchema = text()
  .max(32, M.invalid)
  .transform((v) => v.replace(/[\s().-]/g, ''))
  .refine((v) => v === '' || PHONE_PATTERN.test(v), M.invalid)
  .nullish();

export const CountrySchema = text()
  .trim()
  .toUpperCase()
  .min(1, M.blank)
  .max(2, M.notIncluded)
  .refine((v) => v === '' || isCountryCode(v), M.notIncluded)
  .transform((v) => v as CountryCode);

export const CurrencySchema = text()
  .trim()
  .toUpperCase()
  .refine((v): v is CurrencyCode => (CURRENCY_CODES as string[]).includes(v), M.notIncluded)
  .transform((v) => v as CurrencyCode);

/** Optional text that may be sent empty or null to mean "none". */
function optionalText(max: number, pattern?: RegExp, min = 1) {
  return text()
    .trim()
    .max(max, M.tooLong(max))
    .refine((v) => v === '' || v.length >= min, M.tooShort(min))
    .refine((v) => v === '' || !pattern || pattern.test(v), M.invalid)
    .nullish();
}

export const NicknameSchema = optionalText(32, NICKNAME_PATTERN, 2);
export const ProfessionSchema = optionalText(100);
/**
 * A string that must be one of `values`. Unlike z.enum, a value of the wrong type is a shape error
 * (400) and only a string outside the list is a rule error (422 "is not included in the list").
 */
export function oneOf<const T extends readonly string[]>(values: T) {
  return text()
    .refine((v): v is T[number] => (values as readonly string[]).includes(v), M.notIncluded)
    .transform((v) => v as T[number]);
}

export const GenderSchema = oneOf([...GENDERS, ''] as const).nullish();

const opaque = (max: number) => text().max(max, M.tooLong(max));

// ---------------------------------------------------------------------------------------------
// POST /api/users (sign-up). The four sign-up steps (account, currency, personal, address) are
// sent together in one final submit.

export const SignUpUserSchema = z
  .strictObject({
    email: EmailSchema,
    password: PasswordSchema,
    password_confirmation: text().max(1024).optional(),
    currency: CurrencySchema,
    nickname: NicknameSchema,
    first_name: NameSchema,
    last_name: NameSchema,
    gender: GenderSchema,
    date_of_birth: DateOfBirthSchema,
    mobile_phone: OptionalMobilePhoneSchema,
    country: CountrySchema,
    city: CitySchema,
    address: AddressSchema,
    postal_code: PostalCodeSchema,
    receive_promos: z.boolean().optional(),
    receive_sms_promos: z.boolean().optional(),
    terms_acceptance: z.boolean().refine((v) => v, M.accepted),
    /** Device fingerprint from the anti-fraud script (may be empty). */
    dfpc: opaque(1000).optional(),
    /** Captcha token, when the captcha service made one. */
    captcha: opaque(5000).optional(),
    /** Affiliate tag `<affiliate id>_<visit>`. */
    stag: text().trim().max(100, M.tooLong(100)).regex(STAG_PATTERN, M.invalid).optional(),
    /** The registration form variant the visitor was shown (from `/api/player/settings`). */
    variant: oneOf(REGISTRATION_VARIANTS).optional(),
  })
  .superRefine((user, ctx) => {
    if (user.password_confirmation !== undefined && user.password_confirmation !== user.password) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: M.confirmation });
    }
  });

export const SignUpRequestSchema = z.strictObject({ user: SignUpUserSchema });
export type SignUpRequest = z.input<typeof SignUpRequestSchema>;
export type SignUpUser = z.output<typeof SignUpUserSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/users/sign_in: the password step `{ email, password }`, or the two-factor step
// `{ otp_attempt }` (docs/api-shapes.md#sign-in). Blank or malformed credentials are not a 422: they
// get the same 401 as wrong ones, so the answer never hints at what exists.

export const SignInUserSchema = z.strictObject({
  email: text().max(1024).optional(),
  password: text().max(1024).optional(),
  otp_attempt: text().max(32).optional(),
  dfpc: opaque(1000).optional(),
  captcha: opaque(5000).optional(),
  /** `"yes"` when the client signs in by itself right after registration. */
  custom_login_reg: opaque(10).optional(),
});
export const SignInRequestSchema = z.strictObject({ user: SignInUserSchema });
export type SignInRequest = z.input<typeof SignInRequestSchema>;

/** Body of the 401 that asks for the second factor (docs/api-shapes.md#sign-in, open question 1). */
export const TwoFactorRequiredBodySchema = z.strictObject({
  code: z.literal('two_factor_required'),
  error: z.string(),
  two_factor: z.literal(true),
});
export type TwoFactorRequiredBody = z.infer<typeof TwoFactorRequiredBodySchema>;

/** `POST /api/users/password` and `POST /api/users/confirmation`: always 201 `{}`, whoever asked. */
export const EmptyBodySchema = z.strictObject({});

// ---------------------------------------------------------------------------------------------
// Password reset (docs/api-shapes.md#password-reset) and e-mail confirmation (docs/api-shapes.md#confirmation).

/** `POST /api/users/password` and `POST /api/users/confirmation` (resend). Always 201 `{}`. */
export const EmailRequestSchema = z.strictObject({
  user: z.strictObject({ email: EmailSchema, captcha: opaque(5000).optional() }),
});
export type EmailRequest = z.input<typeof EmailRequestSchema>;

/**
 * `POST /api/users/check_email`: sign-up asks whether an address is still free as soon as its step
 * is done. 204 when it is; 422 `errors.email: ["has already been taken"]` as the sign-up answers.
 */
export const EmailCheckRequestSchema = z.strictObject({ user: z.strictObject({ email: EmailSchema }) });
export type EmailCheckRequest = z.input<typeof EmailCheckRequestSchema>;

export const PasswordUpdateRequestSchema = z.strictObject({
  user: z
    .strictObject({
      reset_password_token: text().trim().min(1, M.invalid).max(200, M.invalid),
      password: PasswordSchema,
      password_confirmation: text().max(1024),
    })
    .superRefine((user, ctx) => {
      if (user.password_confirmation !== user.password) {
        ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: M.confirmation });
      }
    }),
});
export type PasswordUpdateRequest = z.input<typeof PasswordUpdateRequestSchema>;

/**
 * Answer of `PUT /api/users/password` when the player has two-factor authentication: the password
 * is changed but nobody is signed in, so a mailbox alone never gets past the second factor.
 */
export const PasswordResetTwoFactorBodySchema = z.strictObject({ two_factor: z.literal(true) });
export type PasswordResetTwoFactorBody = z.infer<typeof PasswordResetTwoFactorBodySchema>;

export const ConfirmationQuerySchema = z.strictObject({
  confirmation_token: text().trim().min(1, M.invalid).max(200, M.invalid),
});

/**
 * Answer of a confirmation link opened by a guest (or by another player): the address is confirmed,
 * nobody is signed in; `two_factor` when the account has two-factor authentication.
 */
export const ConfirmedBodySchema = z.strictObject({
  confirmed: z.literal(true),
  two_factor: z.literal(true).optional(),
});
export type ConfirmedBody = z.infer<typeof ConfirmedBodySchema>;

// ---------------------------------------------------------------------------------------------
// Two-factor management, `/api/v2/player/two_factor` and `/api/player/two_factor` (docs/api-shapes.md#two-factor-management).

const OtpCodeSchema = text().max(32);

export const TwoFactorEnableRequestSchema = z.strictObject({
  two_factor: z.strictObject({ otp_secret: text().max(256), authentication_code: OtpCodeSchema }),
});
export type TwoFactorEnableRequest = z.input<typeof TwoFactorEnableRequestSchema>;

export const TwoFactorDisableRequestSchema = z.strictObject({
  two_factor: z.strictObject({ authentication_code: OtpCodeSchema }),
});
export type TwoFactorDisableRequest = z.input<typeof TwoFactorDisableRequestSchema>;

/**
 * `otp_secret` is Base32; `data` is the `otpauth://totp/…` URI; `qr_svg` is that URI as a QR code,
 * an SVG document (show it as an image, `data:image/svg+xml,…`, never as markup).
 */
export const TwoFactorSetupSchema = z.strictObject({ otp_secret: z.string(), data: z.string(), qr_svg: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

/** How many recovery codes a set holds (docs/auth.md#recovery-codes). */
export const RECOVERY_CODE_COUNT = 10;

/**
 * Answer of turning two-factor on: the set-up, plus the recovery codes. They are shown this once;
 * the server keeps only their hashes.
 */
export const TwoFactorEnabledSchema = TwoFactorSetupSchema.extend({ recovery_codes: z.array(z.string()) });
export type TwoFactorEnabled = z.infer<typeof TwoFactorEnabledSchema>;

/** `GET /api/v2/player/two_factor/recovery_codes`: how many unused codes are left, and since when the set exists. */
export const RecoveryCodesStatusSchema = z.strictObject({
  remaining: z.number().int().nonnegative(),
  created_at: z.string().nullable(),
});
export type RecoveryCodesStatus = z.infer<typeof RecoveryCodesStatusSchema>;

/** `POST /api/v2/player/two_factor/recovery_codes`: a new set, replacing the old one; shown this once. */
export const RecoveryCodesSchema = z.strictObject({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

// ---------------------------------------------------------------------------------------------
// Active sessions (docs/auth.md#active-sessions): the player's signed-in browsers and devices.

/**
 * One session. `id` is a public number, never the cookie or its hash; `ip`, `country` and
 * `user_agent` are those of the sign-in ('' when unknown); `current` marks the session asking.
 */
export const PlayerSessionSchema = z.strictObject({
  id: z.number().int().positive(),
  ip: z.string(),
  country: z.string(),
  user_agent: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export type PlayerSession = z.infer<typeof PlayerSessionSchema>;
export const PlayerSessionListSchema = z.array(PlayerSessionSchema);

// ---------------------------------------------------------------------------------------------
// Step-up (decision 015): sensitive actions need the password, plus the two-factor code when it is
// on, proven in this session within STEP_UP_WINDOW_MINUTES. Without it they answer 403
// `reauth_required`; the web then asks, posts `POST /api/auth/step_up` and retries once.

/** Stable code of the 403 that asks the client to confirm it is the player. */
export const REAUTH_REQUIRED = 'reauth_required';
/** How long a step-up (or a sign-in) lets sensitive actions through. */
export const STEP_UP_WINDOW_MINUTES = 5;

/** Body of the 403 `reauth_required`; `two_factor`: the step-up must carry the code too. */
export const ReauthRequiredBodySchema = z.strictObject({
  code: z.literal(REAUTH_REQUIRED),
  error: z.string(),
  two_factor: z.boolean(),
});
export type ReauthRequiredBody = z.infer<typeof ReauthRequiredBodySchema>;

/** `POST /api/auth/step_up`. Blank values are checked like wrong ones (422), never as a shape error. */
export const StepUpRequestSchema = z.strictObject({
  user: z.strictObject({
    password: text().max(1024),
    otp_attempt: text().max(32).optional(),
  }),
});
export type StepUpRequest = z.input<typeof StepUpRequestSchema>;

/** Answer of a successful step-up: sensitive actions pass until then. */
export const StepUpBodySchema = z.strictObject({ valid_until: z.string() });
export type StepUpBody = z.infer<typeof StepUpBodySchema>;

/**
 * `PUT /api/users` (docs/api-shapes.md#account-update, the Devise account update): a new password, a new e-mail
 * address, or both, always with the current password. A new address takes effect once its
 * confirmation link is opened.
 */
export const AccountUpdateRequestSchema = z.strictObject({
  user: z
    .strictObject({
      current_password: text().max(1024),
      password: PasswordSchema.optional(),
      password_confirmation: text().max(1024).optional(),
      email: EmailSchema.optional(),
    })
    .superRefine((user, ctx) => {
      if (user.password === undefined && user.email === undefined) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: M.blank });
      }
      if (user.password !== undefined && user.password_confirmation !== user.password) {
        ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: M.confirmation });
      }
    }),
});
export type AccountUpdateRequest = z.input<typeof AccountUpdateRequestSchema>;

/**
 * Error body of every failed call (the server's `ErrorBody`): a stable `code`, a human `error` and
 * optional field errors. Some codes add members of their own (`two_factor`, `round`, …).
 */
export const ApiErrorBodySchema = z.looseObject({
  code: z.string(),
  error: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
