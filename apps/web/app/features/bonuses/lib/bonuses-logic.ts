/**
 * The bonus rules the pages apply (docs/bonuses.md#what-the-player-sees): which gifts a tab shows,
 * which offers are never shown, the figures of a cancel, the meter's parts and when freed money
 * earns the wager-free toast.
 */
import type { BonusOffer, FreespinPack, PlayerBonus, WageringResponse } from '@croupier/shared/api/bonuses';
import { bonusGroupOf, type CurrencyTerms } from '@croupier/shared/bonus-terms';
import { WAGER_FREE_TOAST_MIN } from '../../../config/constants';
import { subunitsOf } from '../../../lib/amount-input';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { serverErrorText } from '../../../lib/server-errors';
import type { I18n } from '../../../i18n/runtime';

export type GiftTab = 'active' | 'available' | 'history';
export const GIFT_TABS: readonly GiftTab[] = ['active', 'available', 'history'];

/** Offers never shown to a player: SoftSwiss-style back offices keep a deposit gift `random_manual` for their own use. */
const HIDDEN_OFFER_IDS = new Set(['random_manual']);

export function visibleOffers(offers: readonly BonusOffer[] | undefined): BonusOffer[] {
  return (offers ?? []).filter((offer) => !HIDDEN_OFFER_IDS.has(offer.id));
}

/** The terms an offer has in `currency`, or null when it offers nothing there. */
export function offerTerms(offer: BonusOffer, currency: string): CurrencyTerms | null {
  return offer.terms.find((terms) => terms.currency === currency) ?? null;
}

/** Every currency the offers can be shown in, in the order they first appear. */
export function offerCurrencies(offers: readonly BonusOffer[]): string[] {
  return [...new Set(offers.flatMap((offer) => offer.terms.map((terms) => terms.currency)))];
}

/**
 * The gifts of one tab: bonuses by their stage's group; packs the same way, except that lists never
 * show a pack that is over (docs/bonuses.md#free-spin-packs-codes).
 */
export function giftsOfTab(
  tab: GiftTab,
  bonuses: readonly PlayerBonus[],
  packs: readonly FreespinPack[],
): { bonuses: PlayerBonus[]; packs: FreespinPack[] } {
  return {
    bonuses: bonuses.filter((bonus) => bonusGroupOf(bonus.stage) === tab),
    packs: packs.filter((pack) => tab !== 'history' && bonusGroupOf(pack.stage) === tab),
  };
}

/**
 * A decimal string in major units (`cancel_info`'s amounts) as integer minor units, by string so no
 * float rounding creeps in; null when it is not a plain decimal.
 */
export function majorToMinor(decimal: string, currency: string): number | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) return null;
  const digits = Math.round(Math.log10(subunitsOf(currency)));
  const fraction = (match[3] ?? '').padEnd(digits, '0');
  if (fraction.length > digits && /[^0]/.test(fraction.slice(digits))) return null;
  const value = Number(`${match[2]}${fraction.slice(0, digits)}`);
  return match[1] ? -value : value;
}

/** The figures of a cancel or a withdrawal that cancels, in minor units. */
export interface CancelFigures {
  currency: string;
  bonusCents: number;
  winningsCents: number;
  cashCents: number;
}

export function cancelFigures(info: {
  currency: string;
  bonus_balance: string;
  bonus_winnings: string;
  cash_balance: string;
}): CancelFigures | null {
  const bonusCents = majorToMinor(info.bonus_balance, info.currency);
  const winningsCents = majorToMinor(info.bonus_winnings, info.currency);
  const cashCents = majorToMinor(info.cash_balance, info.currency);
  if (bonusCents === null || winningsCents === null || cashCents === null) return null;
  return { currency: info.currency, bonusCents, winningsCents, cashCents };
}

/** Whole days left until `until` (a started day counts), never below 0. */
export function daysLeft(until: string | null, now: number): number | null {
  if (!until) return null;
  const end = Date.parse(until);
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - now) / 86_400_000));
}

/** The meter's figures for the bonus being wagered in `currency`, or null when there is none. */
export interface MeterFigures {
  bonus: PlayerBonus;
  wageredCents: number;
  requiredCents: number;
  /** 0–1, for the bar. */
  progress: number;
  /** How much this game counts, or 'excluded'; null without a game. */
  game: number | 'excluded' | null;
  maxBetCents: number | null;
  daysLeft: number | null;
}

export function meterFigures(data: WageringResponse | undefined, currency: string, now: number): MeterFigures | null {
  const bonus = data?.bonus;
  if (!bonus || bonus.stage !== 'handle_bets' || bonus.currency !== currency) return null;
  const required = bonus.amount_wager_requirement_cents;
  const wagered = Math.min(bonus.amount_wager_cents, required);
  return {
    bonus,
    wageredCents: bonus.amount_wager_cents,
    requiredCents: required,
    progress: required > 0 ? wagered / required : 1,
    game: data.game ? (data.game.excluded ? 'excluded' : data.game.weight_percent) : null,
    maxBetCents: bonus.max_bet_cents,
    daysLeft: daysLeft(bonus.valid_until, now),
  };
}

/**
 * A `bonuses_changes` push into the meter's cached answer: the pushed bonus replaces the one shown
 * while it is being wagered in the same currency; once it ends, the meter empties (and is read
 * again, since a waiting bonus may have been promoted in its place).
 */
export function mergeWageringPush(
  cached: WageringResponse | undefined,
  bonus: PlayerBonus,
): { next: WageringResponse | undefined; refetch: boolean } {
  if (!cached) return { next: cached, refetch: false };
  const shown = cached.bonus;
  if (bonus.stage === 'handle_bets') {
    if (shown && shown.currency !== bonus.currency) return { next: cached, refetch: false };
    return { next: { ...cached, bonus }, refetch: false };
  }
  if (shown?.id === bonus.id) return { next: { ...cached, bonus: null }, refetch: true };
  return { next: cached, refetch: false };
}

/**
 * A wagering answer read over REST against what the cache holds: a request that left before a push
 * may answer after it, so an answer never lowers the counter of the bonus the cache shows (a
 * rollback's lower figure arrives with the next push, which always applies).
 */
export function keepPushedCounter(cached: WageringResponse | undefined, fetched: WageringResponse): WageringResponse {
  const shown = cached?.bonus;
  const read = fetched.bonus;
  if (!shown || !read || shown.id !== read.id || read.stage !== 'handle_bets') return fetched;
  return shown.amount_wager_cents > read.amount_wager_cents ? { ...fetched, bonus: shown } : fetched;
}

/**
 * Money a push made freely withdrawable: what a conversion paid out, or a wager-free gift or
 * cashback credited as cash; null for any other change.
 */
export function wagerFreeCents(bonus: PlayerBonus): number | null {
  if (bonus.stage === 'wager_done') return bonus.converted_cents;
  if (bonus.stage === 'finished') return bonus.amount_cents;
  return null;
}

/** Whether freed money reaches the currency's toast minimum (`WAGER_FREE_TOAST_MIN`, major units). */
export function reachesToastMinimum(cents: number, currency: string): boolean {
  const minimum = (WAGER_FREE_TOAST_MIN as Readonly<Record<string, number>>)[currency];
  if (minimum === undefined || cents <= 0) return false;
  return cents >= Math.round(minimum * subunitsOf(currency));
}

/**
 * Announcements already made in this tab, by bonus and stage: the layout's listener and the
 * cashback popup both may say that money became withdrawable; whichever comes first says it once.
 */
const announced = new Set<string>();

/** True the first time `key` is announced in this tab, false afterwards. */
export function announceOnce(key: string): boolean {
  if (announced.has(key)) return false;
  announced.add(key);
  return true;
}

/** An issued cashback bonus waits for the player's claim (docs/bonuses.md#what-the-player-sees: the cashback popup). */
export function isClaimableCashback(bonus: PlayerBonus): boolean {
  return bonus.kind === 'cashback' && bonus.stage === 'issued';
}

/**
 * The ISO week (Monday to Sunday, UTC) a cashback bonus pays back: the cashback job issues it after
 * the week has ended (docs/bonuses.md#leased-jobs), so it is the week before the one it was issued
 * in. Dates as `YYYY-MM-DD`; null for an unreadable time.
 */
export function cashbackWeek(createdAt: string): { from: string; to: string } | null {
  const issued = Date.parse(createdAt);
  if (Number.isNaN(issued)) return null;
  const day = new Date(issued);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  const monday = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - sinceMonday - 7);
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: iso(monday), to: iso(monday + 6 * 86_400_000) };
}

/**
 * The free-spin packs of one game the game page tells about: being played with spins left, or
 * issued and still activatable, in the player's currency; the pack ending first comes first.
 */
export function packsForGame(
  packs: readonly FreespinPack[] | undefined,
  game: string,
  currency: string,
): FreespinPack[] {
  const end = (pack: FreespinPack) => {
    const until = pack.stage === 'issued' ? pack.activatable_until : pack.valid_until;
    return until ? Date.parse(until) : Number.POSITIVE_INFINITY;
  };
  return (packs ?? [])
    .filter(
      (pack) =>
        pack.currency === currency &&
        pack.games.includes(game) &&
        ((pack.stage === 'handle_bets' && pack.freespins_performed < pack.freespins_total) ||
          (pack.stage === 'issued' && pack.activatable)),
    )
    .sort((a, b) => end(a) - end(b) || a.id - b.id);
}

const KNOWN_CODES = [
  'bonus_not_activatable',
  'bonuses_blocked',
  'balance_limit',
  'bonus_code_unknown',
  'email_not_confirmed',
] as const;

/** A refusal of a bonus action in the player's words: known codes translated, else the server's text. */
export function bonusErrorMessage(error: unknown, i18n: I18n): string {
  if (error instanceof NetworkError) return i18n.t('common:errors.network');
  if (!(error instanceof ApiError)) return i18n.t('common:errors.generic');
  const code = error.code;
  if (code && (KNOWN_CODES as readonly string[]).includes(code)) return i18n.t(`bonuses:errors.${code}`);
  return serverErrorText(error, i18n.language) ?? i18n.t('common:errors.generic');
}

/** One open bonus a withdrawal would end, and the bonus money it takes with it (minor units). */
export interface WithdrawalForfeit {
  bonus: PlayerBonus;
  /** `handle_bets`: the wallet's bonus money, winnings included; `wait`: the amount it would have granted. */
  cents: number;
}

/**
 * What a withdrawal from the `currency` wallet would forfeit (docs/bonuses.md#limits-withdrawals-privacy):
 * the bonus being wagered with all the wallet's bonus money, and the deposit bonuses queued behind it,
 * which would never be granted. The cashbox says so before the player commits to anything; a recall
 * of the withdrawal brings none of them back.
 */
export function withdrawalForfeits(bonuses: readonly PlayerBonus[], currency: string): WithdrawalForfeit[] {
  return bonuses
    .filter((b) => b.currency === currency && (b.stage === 'handle_bets' || b.stage === 'wait'))
    .sort((a, b) => (a.stage === b.stage ? 0 : a.stage === 'handle_bets' ? -1 : 1))
    .map((bonus) => ({ bonus, cents: bonus.stage === 'handle_bets' ? bonus.bonus_balance_cents : bonus.amount_cents }));
}
