import {
  EMAIL_MAX_LENGTH,
  GENDERS,
  MINIMUM_AGE_YEARS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@croupier/shared/api/auth';
import { REQUIRED_PROFILE_FIELDS } from '@croupier/shared/api/player';
import type { PlayerField, PlayerFields } from '@croupier/shared/api/profile';
import { CURRENCY_CODES } from '@croupier/shared/currencies';

/** The forms of our player app and the fields each shows (docs/player-profile.md#player-fields). */
const REGISTRATION = [
  'email',
  'password',
  'password_confirmation',
  'nickname',
  'currency',
  'first_name',
  'last_name',
  'date_of_birth',
  'gender',
  'mobile_phone',
  'country',
  'city',
  'address',
  'postal_code',
  'terms_acceptance',
  'receive_promos',
  'receive_sms_promos',
] as const;
const EDITION = [
  'nickname',
  'first_name',
  'last_name',
  'date_of_birth',
  'gender',
  'mobile_phone',
  'country',
  'city',
  'address',
  'postal_code',
  'receive_promos',
  'receive_sms_promos',
  'profession',
] as const;
/** The cashbox asks for the required profile data first (docs/player-app.md#required-profile-data). */
const CASHBOX = [...REQUIRED_PROFILE_FIELDS];
const UPDATE_DETAILS = ['terms_acceptance', 'country', 'receive_promos', 'receive_sms_promos'] as const;

/** Where the server refuses each field blank: sign-up's schema, the cashbox's required data, update_details. */
const REQUIRED: Record<string, string[]> = {
  email: ['registration'],
  password: ['registration'],
  currency: ['registration'],
  first_name: ['registration', 'deposit', 'cashout'],
  last_name: ['registration', 'deposit', 'cashout'],
  date_of_birth: ['registration', 'deposit', 'cashout'],
  mobile_phone: ['deposit', 'cashout'],
  country: ['registration', 'deposit', 'cashout', 'update_details'],
  city: ['registration', 'deposit', 'cashout'],
  address: ['registration', 'deposit', 'cashout'],
  postal_code: ['registration', 'deposit', 'cashout'],
  terms_acceptance: ['registration', 'update_details'],
};

const field = (f: Omit<PlayerField, 'required_in'>): PlayerField => ({ ...f, required_in: REQUIRED[f.field] ?? [] });

const FIELDS: PlayerField[] = [
  field({ field: 'email', type: 'email', length: { minimum: 1, maximum: EMAIL_MAX_LENGTH } }),
  field({
    field: 'password',
    type: 'password',
    length: { minimum: PASSWORD_MIN_LENGTH, maximum: PASSWORD_MAX_LENGTH },
  }),
  field({ field: 'password_confirmation', type: 'password' }),
  field({ field: 'nickname', type: 'string', length: { minimum: 2, maximum: 32 } }),
  field({ field: 'currency', type: 'select', inclusion: { in: [...CURRENCY_CODES] } }),
  field({ field: 'first_name', type: 'string', length: { minimum: 1, maximum: 100 } }),
  field({ field: 'last_name', type: 'string', length: { minimum: 1, maximum: 100 } }),
  field({ field: 'date_of_birth', type: 'date', age: { min: { default: MINIMUM_AGE_YEARS } } }),
  field({ field: 'gender', type: 'select', inclusion: { in: [...GENDERS] } }),
  // E.164: a plus and 7 to 15 digits (docs/player-app.md#phone).
  field({ field: 'mobile_phone', type: 'phone', length: { minimum: 8, maximum: 16 } }),
  field({ field: 'country', type: 'country', length: { minimum: 2, maximum: 2 } }),
  field({ field: 'city', type: 'string', length: { minimum: 1, maximum: 100 } }),
  field({ field: 'address', type: 'string', length: { minimum: 1, maximum: 200 } }),
  field({ field: 'postal_code', type: 'string', length: { minimum: 1, maximum: 16 } }),
  field({ field: 'terms_acceptance', type: 'boolean' }),
  field({ field: 'receive_promos', type: 'boolean' }),
  field({ field: 'receive_sms_promos', type: 'boolean' }),
  field({ field: 'profession', type: 'string', length: { minimum: 1, maximum: 100 } }),
];

/** `GET /api/info/player_fields`: the same answer for everyone, built once. */
export const PLAYER_FIELDS: PlayerFields = {
  fields: FIELDS,
  contexts: {
    registration: [...REGISTRATION],
    edition: [...EDITION],
    deposit: CASHBOX,
    cashout: CASHBOX,
    update_details: [...UPDATE_DETAILS],
    // No payment method asks for profile fields of its own.
    payment_systems: {},
  },
};
