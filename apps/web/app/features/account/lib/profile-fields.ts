/** Personal fields a player edits on /users (docs/player-app.md#data-objects, #input-rules). */
export const PROFILE_FIELDS = [
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
] as const;

type Values = Record<string, string | boolean>;

const phone = (v: string) => {
  const digits = v.replace(/[\s\-().]/g, '');
  return digits && !digits.startsWith('+') ? `+${digits}` : digits;
};

/** Only what changed, trimmed; the phone with its leading + (docs/player-app.md#phone). */
export function changedFields(initial: Values, values: Values): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const field of PROFILE_FIELDS) {
    const value = values[field];
    const next =
      typeof value === 'string' ? (field === 'mobile_phone' ? phone(value.trim()) : value.trim()) : Boolean(value);
    if (next !== initial[field]) out[field] = next;
  }
  return out;
}

/** Client checks before the PATCH; keys of `auth:validation`. Empty optional fields are fine. */
export function validateProfile(values: Values, today = new Date()): Record<string, string> {
  const errors: Record<string, string> = {};
  const phoneValue = typeof values.mobile_phone === 'string' ? phone(values.mobile_phone.trim()) : '';
  if (phoneValue && !/^\+\d{7,15}$/.test(phoneValue)) errors.mobile_phone = 'phone';
  const dob = typeof values.date_of_birth === 'string' ? values.date_of_birth : '';
  if (dob) {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob);
    if (!m) errors.date_of_birth = 'invalid';
    else {
      const eighteen = new Date(Date.UTC(Number(m[1]) + 18, Number(m[2]) - 1, Number(m[3])));
      if (eighteen.getTime() > today.getTime()) errors.date_of_birth = 'age';
    }
  }
  return errors;
}
