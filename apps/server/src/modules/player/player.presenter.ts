import type { Account, Player } from '@croupier/shared/api/player';
import { missingRequiredFields } from '@croupier/shared/api/player';
import { deriveKeyHex } from '../../config/secrets.ts';
import { hmacSha256 } from '../../lib/crypto.ts';
import type { AccountRow, PlayerStatusRow, User } from './player.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** True when every required field (docs/player-app.md#required-profile-data) is filled in. */
export function hasRequiredData(user: User): boolean {
  return (
    missingRequiredFields({
      mobile_phone: user.mobilePhone,
      first_name: user.firstName,
      last_name: user.lastName,
      date_of_birth: user.dateOfBirth,
      country: user.country,
      city: user.city,
      address: user.address,
      postal_code: user.postalCode,
    }).length === 0
  );
}

/** The player object (docs/api-shapes.md#player-object, docs/player-app.md#data-objects). */
export function presentPlayer(
  user: User,
  statuses: PlayerStatusRow[],
  appSecret: string,
  termsUpdatedAt?: string,
): Player {
  const levels = statuses
    .map((s) => /^level_(\d+)$/.exec(s.id)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
  const authFieldsMissed: string[] = [];
  // Terms accepted before the current ones were published are owed again (docs/player-profile.md#filling-missing-fields).
  if (!user.termsAcceptedAt || (termsUpdatedAt && user.termsAcceptedAt < new Date(termsUpdatedAt)))
    authFieldsMissed.push('terms_acceptance');
  if (!user.country) authFieldsMissed.push('country');
  return {
    id: user.id,
    user_id: user.id,
    email: user.email,
    nickname: user.nickname,
    nick_name: user.nickname,
    first_name: user.firstName,
    last_name: user.lastName,
    gender: user.gender,
    date_of_birth: user.dateOfBirth,
    country: user.country,
    state: null,
    city: user.city,
    address: user.address,
    postal_code: user.postalCode,
    mobile_phone: user.mobilePhone,
    currency: user.currency,
    language: user.language,
    locale: user.language,
    statuses: statuses.map((s) => ({ id: s.id, name: s.name })),
    level: levels.length > 0 ? Math.max(...levels) : null,
    auth_fields_missed: authFieldsMissed,
    verified: user.verified,
    two_factor_enabled: user.twoFactorEnabled,
    receive_promos: user.receivePromos,
    receive_sms_promos: user.receiveSmsPromos,
    deposit_bonus_code: user.depositBonusCode,
    can_issue_bonuses: user.canIssueBonuses,
    profession: user.profession,
    autoregistered: false,
    autologin_link: null,
    license_name: '',
    sow_questionnaire_expires_at: null,
    created_at: user.createdAt.toISOString(),
    current_sign_in_at: iso(user.currentSignInAt),
    last_sign_in_at: iso(user.lastSignInAt),
    confirmed_at: iso(user.confirmedAt),
    // Stable per player, not guessable from the id: lets a chat widget trust who the visitor is.
    hash: hmacSha256(deriveKeyHex(appSecret, 'player-hash'), String(user.id)),
    saved: user.saved,
    registration_variant: user.registrationVariant === 'B' ? 'B' : 'A',
  };
}

/**
 * A wallet (docs/api-shapes.md#wallets). Minor units go out as JSON numbers: credits stop at the currency's
 * maximum balance, far below 2^53 (decision 016), so they are exact for every balance the wallet can
 * reach; a row beyond 2^53 (from before that rule, or written by hand) shows as the nearest number
 * rather than failing every read of the player's wallets.
 */
export function presentAccount(row: AccountRow): Account {
  const amount = Number(row.amountCents);
  return {
    currency: row.currency,
    active: row.active,
    amount_cents: amount,
    available_to_cashout_cents: Number(row.availableToCashoutCents),
    // Nothing is locked yet (no pending bets are held apart), so all of the balance can be bet.
    available_to_bet_with_locked_cent: amount,
    deposit_available: row.active,
    hidden_at: null,
    selected_lottery_id: null,
    version: row.version,
  };
}
