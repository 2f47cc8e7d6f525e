import { FEATURES, REGISTRATION_AB_GROUPS } from '../../../config/constants';

/**
 * The sign-up step machine and its A/B variant (docs/player-app.md#sign-up-steps, #registration-variant).
 *
 * Variant A (control, the documented order): 1 account (email, password, nickname) → 2 currency →
 * 3 personal (first/last name, date of birth, gender, mobile phone) → 4 address (country, city,
 * address, postal code, terms, promos).
 * Variant B (test): the same fields in two steps — 1 account + currency, 2 personal + address —
 * for a shorter path to the submit button. Both send one identical POST /api/users.
 */
export type SignUpVariant = 'A' | 'B';

export interface SignUpStep {
  id: 'account' | 'currency' | 'personal' | 'address' | 'details';
  fields: readonly string[];
}

const ACCOUNT = ['email', 'password', 'nickname'] as const;
const CURRENCY = ['currency'] as const;
const PERSONAL = ['first_name', 'last_name', 'date_of_birth', 'gender', 'mobile_phone'] as const;
const ADDRESS = ['country', 'city', 'address', 'postal_code', 'terms_acceptance', 'receive_promos'] as const;

const STEPS: Record<SignUpVariant, readonly SignUpStep[]> = {
  A: [
    { id: 'account', fields: ACCOUNT },
    { id: 'currency', fields: CURRENCY },
    { id: 'personal', fields: PERSONAL },
    { id: 'address', fields: ADDRESS },
  ],
  B: [
    { id: 'account', fields: [...ACCOUNT, ...CURRENCY] },
    { id: 'details', fields: [...PERSONAL, ...ADDRESS] },
  ],
};

/** Steps of a variant, without the nickname when settings.registrationConfig.skipNickname. */
export function signUpSteps(variant: SignUpVariant, skipNickname = false): SignUpStep[] {
  return STEPS[variant].map((s) => ({
    ...s,
    fields: skipNickname ? s.fields.filter((f) => f !== 'nickname') : s.fields,
  }));
}

/** Steps are 1-based: forward stops at the last step, back at the first. */
export const nextStep = (step: number, total: number) => Math.min(step + 1, total);
export const prevStep = (step: number) => Math.max(step - 1, 1);

/** The step (1-based) holding `field`, or null. */
export function stepOfField(steps: readonly SignUpStep[], field: string): number | null {
  const index = steps.findIndex((s) => s.fields.includes(field));
  return index === -1 ? null : index + 1;
}

/** The step to show after a failed submit: the one with the first (earliest) errored field. */
export function firstErrorStep(steps: readonly SignUpStep[], errorFields: readonly string[]): number | null {
  const found = errorFields.map((f) => stepOfField(steps, f)).filter((s): s is number => s !== null);
  return found.length ? Math.min(...found) : null;
}

/** `stag=<affiliate id>_<visit>` (docs/player-app.md#affiliate-tag): the affiliate id part. */
export function affiliateIdFromStag(stag: string | null | undefined): string | null {
  const id = stag?.split('_')[0]?.trim();
  return id ? id : null;
}

/**
 * docs/player-app.md#registration-variant: groups 614/615 decide when the player has one; otherwise the parity of the affiliate
 * id's last hex digit (even → A, odd → B). No affiliate id, or the flag off → A.
 */
export function registrationVariant({
  affiliateId,
  groups = [],
}: {
  affiliateId?: string | null;
  groups?: readonly (string | number)[];
}): SignUpVariant {
  if (!FEATURES.abRegistration) return 'A';
  const ids = groups.map(Number);
  if (ids.includes(REGISTRATION_AB_GROUPS.B)) return 'B';
  if (ids.includes(REGISTRATION_AB_GROUPS.A)) return 'A';
  const last = affiliateId?.trim().slice(-1);
  const digit = last ? parseInt(last, 16) : Number.NaN;
  if (Number.isNaN(digit)) return 'A';
  return digit % 2 === 1 ? 'B' : 'A';
}
