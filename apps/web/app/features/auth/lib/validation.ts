import { MIN_PASSWORD_LENGTH, MIN_PLAYER_AGE } from '../../../config/constants';

/** Client-side checks of the auth forms. Each returns an `auth:validation.*` key, or null when valid. */

export const isEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim());

/** docs/player-app.md#phone: the phone is sent with a leading plus; spaces, dashes, dots and brackets are dropped. */
export function normalizePhone(value: string): string {
  const digits = value.replace(/[\s\-().]/g, '');
  if (!digits) return '';
  return digits.startsWith('+') ? digits : `+${digits}`;
}

/** Whole years between `dob` (YYYY-MM-DD) and `today`. */
export function ageOn(dob: string, today: Date): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < mo || (today.getUTCMonth() + 1 === mo && today.getUTCDate() < d)) age -= 1;
  return age;
}

export type Values = Record<string, string | boolean>;

const str = (v: string | boolean | undefined) => (typeof v === 'string' ? v.trim() : '');

/** Validation of one field; `required` fields report 'required' when empty. */
export function validateField(field: string, values: Values, today = new Date()): string | null {
  const value = values[field];
  switch (field) {
    case 'email':
      return !str(value) ? 'required' : isEmail(str(value)) ? null : 'email';
    case 'password':
      return !str(value) ? 'required' : str(value).length < MIN_PASSWORD_LENGTH ? 'password_length' : null;
    case 'password_confirmation':
      return !str(value) ? 'required' : value !== values.password ? 'password_match' : null;
    case 'nickname':
      return !str(value) ? 'required' : /^[A-Za-z0-9_]{3,20}$/.test(str(value)) ? null : 'nickname';
    case 'date_of_birth': {
      if (!str(value)) return 'required';
      const age = ageOn(str(value), today);
      return age === null ? 'invalid' : age < MIN_PLAYER_AGE ? 'age' : null;
    }
    case 'mobile_phone':
      return !str(value) ? 'required' : /^\+\d{7,15}$/.test(normalizePhone(str(value))) ? null : 'phone';
    case 'terms_acceptance':
      return value === true ? null : 'terms';
    case 'receive_promos':
      return null;
    case 'otp':
      return /^\d{6}$/.test(str(value)) ? null : 'otp';
    default:
      return str(value) ? null : 'required';
  }
}

/** Errors (field → validation key) for the given fields. */
export function validateFields(fields: readonly string[], values: Values, today = new Date()): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const error = validateField(field, values, today);
    if (error) errors[field] = error;
  }
  return errors;
}

/** Validation keys → translated messages (`auth:validation.*`). */
export function translateValidation(
  errors: Record<string, string>,
  t: (key: string, options?: Record<string, unknown>) => string,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, key]) => [field, t(`auth:validation.${key}`, { min: MIN_PASSWORD_LENGTH })]),
  );
}
