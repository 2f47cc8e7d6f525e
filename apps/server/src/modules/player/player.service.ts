import { FIELD_MESSAGES, type RegistrationVariant, ageOn, MINIMUM_AGE_YEARS } from '@croupier/shared/api/auth';
import type { Account, Player, PlayerSettings, PlayerUpdateRequestSchema } from '@croupier/shared/api/player';
import type { Locale } from '@croupier/shared/locales';
import type { CurrencyCode } from '@croupier/shared/currencies';
import type { z } from 'zod';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { unauthorized, unprocessable } from '../../lib/errors.ts';
import { hasRequiredData, presentAccount, presentPlayer } from './player.presenter.ts';
import {
  accountsOf,
  findUserById,
  statusesOf,
  updateUser,
  upsertActiveAccount,
  type User,
  type UserPatch,
} from './player.repository.ts';
import { realtimeToken } from './realtime-token.ts';
import { variantFromStag } from './registration-variant.ts';

export type PlayerUpdate = z.output<typeof PlayerUpdateRequestSchema>['player'];

export interface PlayerDeps {
  db: Db;
  env: Pick<Env, 'appSecret' | 'TERMS_UPDATED_AT'>;
  clock: Clock;
}

/** Oldest birth date we accept as real, in years. */
const MAXIMUM_AGE_YEARS = 120;

/**
 * Birth-date rules that need today's date: at least 18 (players are adults: docs/player-app.md#required-profile-data) and not
 * absurdly old. Returns the field errors, empty when fine.
 */
export function dateOfBirthErrors(dateOfBirth: string | undefined, today: Date): Record<string, string[]> {
  if (dateOfBirth === undefined) return {};
  const age = ageOn(dateOfBirth, today);
  if (age < 0 || age > MAXIMUM_AGE_YEARS) return { date_of_birth: [FIELD_MESSAGES.invalid] };
  if (age < MINIMUM_AGE_YEARS) return { date_of_birth: [FIELD_MESSAGES.tooYoung] };
  return {};
}

/** Fields that identify the person: frozen once the account is verified (KYC), so they match the documents. */
const FROZEN_WHEN_VERIFIED = ['first_name', 'last_name', 'date_of_birth'] as const;

export function createPlayerService({ db, env, clock }: PlayerDeps) {
  async function present(user: User): Promise<Player> {
    return presentPlayer(user, await statusesOf(db, user.id), env.appSecret, env.TERMS_UPDATED_AT);
  }

  async function getPlayer(userId: number): Promise<Player> {
    const user = await findUserById(db, userId);
    if (!user || user.disabledAt) throw unauthorized();
    return present(user);
  }

  /** PATCH /api/player: only the fields sent change; `saved` follows the required data (docs/player-app.md#required-profile-data). */
  async function updateProfile(user: User, input: PlayerUpdate): Promise<Player> {
    const errors: Record<string, string[]> = { ...dateOfBirthErrors(input.date_of_birth, clock.now()) };
    if (user.verified) {
      const current = { first_name: user.firstName, last_name: user.lastName, date_of_birth: user.dateOfBirth };
      for (const field of FROZEN_WHEN_VERIFIED) {
        const next = input[field];
        if (next !== undefined && next !== current[field]) (errors[field] ??= []).push(FIELD_MESSAGES.cannotChange);
      }
    }
    if (Object.keys(errors).length > 0) throw unprocessable('validation_error', 'Some fields are not valid.', errors);

    // Empty text clears the optional fields; absent keys are left alone.
    const clear = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v === '' ? null : v);
    const patch: UserPatch = {
      nickname: clear(input.nickname),
      firstName: input.first_name,
      lastName: input.last_name,
      gender: clear(input.gender),
      dateOfBirth: input.date_of_birth,
      country: input.country,
      city: input.city,
      address: input.address,
      postalCode: input.postal_code,
      mobilePhone: input.mobile_phone,
      receivePromos: input.receive_promos,
      receiveSmsPromos: input.receive_sms_promos,
      profession: clear(input.profession),
    };
    for (const key of Object.keys(patch) as Array<keyof UserPatch>) if (patch[key] === undefined) delete patch[key];
    const merged = { ...user, ...patch } as User;
    patch.saved = user.saved || hasRequiredData(merged);
    const updated = await updateUser(db, user.id, patch, clock.now());
    if (!updated) throw unauthorized();
    return present(updated);
  }

  async function updateLocale(user: User, locale: Locale): Promise<Player> {
    const updated = await updateUser(db, user.id, { language: locale }, clock.now());
    if (!updated) throw unauthorized();
    return present(updated);
  }

  async function listAccounts(user: User): Promise<Account[]> {
    return (await accountsOf(db, user.id, user.currency)).map(presentAccount);
  }

  /** Selects (or creates) the wallet in `currency` and makes it the player's currency, in one transaction. */
  async function openAccount(user: User, currency: CurrencyCode): Promise<Account> {
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      const account = await upsertActiveAccount(tx, user.id, currency, now);
      await updateUser(tx, user.id, { currency }, now);
      return account;
    });
    return presentAccount(row);
  }

  /**
   * GET /api/player/settings, for guests too (docs/player-app.md#server-side-start). Captcha is off until a
   * captcha service is configured (empty site key: the client goes on without a token).
   */
  function settings(user: User | null, guestStag: string | null): PlayerSettings {
    const timestamp = String(Math.floor(clock.now().getTime() / 1000));
    const centUser = user ? String(user.id) : '';
    const variant: RegistrationVariant = user
      ? user.registrationVariant === 'B'
        ? 'B'
        : 'A'
      : (variantFromStag(guestStag) ?? 'A');
    return {
      cent: { url: '/sock', user: centUser, timestamp, token: realtimeToken(env.appSecret, centUser, timestamp) },
      recaptcha: '',
      recaptcha_version: 3,
      captcha: { site_key: '', enabled_register: false },
      registrationConfig: { skipNickname: false },
      abTests: { registration_variant: variant },
      webPushKey: '',
    };
  }

  return { present, getPlayer, updateProfile, updateLocale, listAccounts, openAccount, settings };
}

export type PlayerService = ReturnType<typeof createPlayerService>;
