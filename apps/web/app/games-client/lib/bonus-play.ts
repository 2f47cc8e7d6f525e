/**
 * What the game frame reads of the player's bonuses (docs/bonuses.md#what-the-player-sees): the
 * free-spin pack it may play on this game, and the stake cap of the bonus being wagered. Both are
 * advice for the screen; the games host and the bet check decide.
 */
import type { FreespinPack, PlayerBonus, WageringResponse } from '@croupier/shared/api/bonuses';
import type { BetLimits, RoundResponse } from '../api/types';
import { snapBet } from './bet-amount';

/** A free spin's pack after the spin, as the games host answers it. */
export type PackSpin = NonNullable<RoundResponse['freespins']>;

/**
 * The pack this frame plays: one being played (`handle_bets`) in the session's currency that
 * covers this game and has spins left; of several, the one whose time runs out first (then the
 * oldest), so no spin is lost to an expiry the player could have avoided.
 */
export function playablePack(
  packs: readonly FreespinPack[] | null,
  game: string,
  currency: string,
): FreespinPack | null {
  const open = (packs ?? []).filter(
    (pack) =>
      pack.stage === 'handle_bets' &&
      pack.currency === currency &&
      pack.games.includes(game) &&
      pack.freespins_performed < pack.freespins_total,
  );
  const end = (pack: FreespinPack) => (pack.valid_until ? Date.parse(pack.valid_until) : Number.POSITIVE_INFINITY);
  open.sort((a, b) => end(a) - end(b) || a.id - b.id);
  return open[0] ?? null;
}

/** A `freespins_changes` push (the whole pack) into the list the frame holds. */
export function packsAfterPush(packs: readonly FreespinPack[] | null, pushed: FreespinPack): FreespinPack[] {
  const list = packs ?? [];
  return list.some((pack) => pack.id === pushed.id)
    ? list.map((pack) => (pack.id === pushed.id ? pushed : pack))
    : [...list, pushed];
}

/** A spin's answer into the list: the pack's counters as the games host left them. */
export function packsAfterSpin(packs: readonly FreespinPack[] | null, spin: PackSpin): FreespinPack[] | null {
  if (!packs) return null;
  return packs.map((pack) =>
    pack.id === spin.id
      ? {
          ...pack,
          stage: spin.stage,
          freespins_total: spin.freespins_total,
          freespins_performed: spin.freespins_performed,
          win_cents: spin.win_cents,
        }
      : pack,
  );
}

/** The bonus being wagered in the session's currency, from the wagering call's answer. */
export function wageredBonus(data: WageringResponse | null | undefined, currency: string): PlayerBonus | null {
  const bonus = data?.bonus;
  return bonus && bonus.stage === 'handle_bets' && bonus.currency === currency ? bonus : null;
}

/**
 * A `bonuses_changes` push against the bonus the frame caps stakes for: a bonus being wagered in
 * this currency takes its place (a new one, or the same with its counter moved); the shown bonus
 * ending clears it, and asks for a fresh read (a waiting bonus may have been promoted). A push
 * about any other bonus changes nothing, whatever order the pushes of one batch arrive in.
 */
export function bonusAfterPush(
  shown: PlayerBonus | null,
  pushed: PlayerBonus,
  currency: string,
): { bonus: PlayerBonus | null; reload: boolean } {
  if (pushed.currency !== currency) return { bonus: shown, reload: false };
  if (pushed.stage === 'handle_bets') return { bonus: pushed, reload: false };
  if (shown?.id === pushed.id) return { bonus: null, reload: true };
  return { bonus: shown, reload: false };
}

/**
 * The stake selector's limits under a bonus's max bet: the highest stake on the host's grid that
 * the bonus allows becomes the maximum. `advice` is the cap to explain to the player whenever it
 * is below the table's maximum; a cap below the table's minimum cannot be met by any stake, so the
 * limits stay and only the advice shows (the bet check refuses with its own message).
 */
export function bonusLimits(limits: BetLimits, maxBet: number | null): { limits: BetLimits; advice: number | null } {
  if (maxBet === null || maxBet >= limits.max_cents) return { limits, advice: null };
  if (maxBet < limits.min_cents) return { limits, advice: maxBet };
  const max = snapBet(maxBet, limits);
  return { limits: { ...limits, max_cents: max, default_cents: Math.min(limits.default_cents, max) }, advice: maxBet };
}

/** What a finished pack's winnings became, for the sentence after the last spin. */
export type PackOutcome =
  | { kind: 'nothing' }
  | { kind: 'wager' | 'queued'; amountCents: number; multiplier: number }
  | { kind: 'cash' | 'gifts'; amountCents: number };

/**
 * After the last spin: what the pack won, and the bonus it was issued as (docs/bonuses.md#free-spin-packs-codes:
 * a finished pack's winnings become a bonus with the pack's wagering, started at once, queued behind
 * the bonus being wagered, or left to activate during a break). The spin's answer names that bonus
 * (`winnings_bonus_id`). Without it in the list (not read yet, or the read failed) the player is
 * sent to the gifts.
 */
export function packOutcome(spin: PackSpin, currency: string, bonuses: readonly PlayerBonus[] | null): PackOutcome {
  const amountCents = spin.win_cents;
  if (amountCents <= 0) return { kind: 'nothing' };
  const bonus = (bonuses ?? []).find((b) => b.id === spin.winnings_bonus_id && b.currency === currency);
  if (!bonus) return { kind: 'gifts', amountCents };
  const multiplier =
    bonus.terms?.wager_multiplier ??
    (bonus.amount_cents > 0 ? Math.round(bonus.amount_wager_requirement_cents / bonus.amount_cents) : 0);
  if (bonus.stage === 'wager_done' || bonus.stage === 'finished' || multiplier === 0)
    return { kind: 'cash', amountCents };
  if (bonus.stage === 'handle_bets') return { kind: 'wager', amountCents, multiplier };
  if (bonus.stage === 'wait') return { kind: 'queued', amountCents, multiplier };
  return { kind: 'gifts', amountCents };
}
