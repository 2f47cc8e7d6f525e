import type { RegistrationVariant } from '@croupier/shared/api/auth';

/**
 * Groups with a meaning (docs/player-app.md#registration-variant, #groups-and-restrictions):
 * - 543/544: an A/B split by player id parity — even ids go to 543, odd ids to 544;
 * - 614/615: the registration form variant the player signed up with, A and B (docs/player-app.md#registration-variant);
 *   the product only says the variant comes from groups 614/615, so which of the two is A is our choice.
 */
export const AB_GROUP_EVEN = '543';
export const AB_GROUP_ODD = '544';
export const VARIANT_GROUPS: Record<RegistrationVariant, string> = { A: '614', B: '615' };
export const LIVE_CHAT_GROUP = '545';
export const NO_SOFORT_GROUP = '631';

export function abGroupForPlayerId(id: number): string {
  return id % 2 === 0 ? AB_GROUP_EVEN : AB_GROUP_ODD;
}

/**
 * Variant from the affiliate tag `<affiliate id>_<visit>` (docs/player-app.md#affiliate-tag): the parity of the affiliate
 * id's last hex digit, even → A, odd → B. Null when there is no usable affiliate id.
 */
export function variantFromStag(stag: string | null | undefined): RegistrationVariant | null {
  if (!stag) return null;
  const affiliateId = stag.split('_')[0] ?? '';
  const last = affiliateId.at(-1);
  if (!last || !/^[0-9a-f]$/i.test(last)) return null;
  return Number.parseInt(last, 16) % 2 === 0 ? 'A' : 'B';
}

export function variantFromPlayerId(id: number): RegistrationVariant {
  return id % 2 === 0 ? 'A' : 'B';
}

/**
 * The variant recorded for a new player: the affiliate tag decides when there is one; otherwise the
 * form the visitor was actually shown (so the test measures what people saw); otherwise the
 * player id's parity.
 */
export function registrationVariantFor(
  id: number,
  stag: string | null | undefined,
  shown: RegistrationVariant | undefined,
): RegistrationVariant {
  return variantFromStag(stag) ?? shown ?? variantFromPlayerId(id);
}
