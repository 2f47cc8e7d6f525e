import { describe, expect, it } from 'vitest';
import type { FreespinPack, PlayerBonus } from '@croupier/shared/api/bonuses';
import {
  bonusAfterPush,
  bonusLimits,
  packOutcome,
  packsAfterPush,
  packsAfterSpin,
  playablePack,
  wageredBonus,
} from './bonus-play';
import { testBonus, testPack } from '../../testing/bonuses';

const GAME = 'croupier/fruit-party';

const pack = (over: Partial<FreespinPack>) =>
  testPack({
    id: 1,
    title: '',
    freespins_total: 10,
    freespins_performed: 0,
    provider: 'Croupier',
    created_at: '2027-03-01T00:00:00Z',
    valid_until: '2027-03-10T00:00:00Z',
    win_cents: 0,
    ...over,
  });

const bonus = (over: Partial<PlayerBonus>) =>
  testBonus({
    title: '',
    amount_cents: 1_000,
    amount_wager_requirement_cents: 30_000,
    amount_wager_cents: 0,
    strategy: 'coupon',
    created_at: '2027-03-01T00:00:00Z',
    valid_until: null,
    kind: 'freespins',
    type: 'fs',
    bonus_balance_cents: 1_000,
    max_bet_cents: null,
    ...over,
  });

const LIMITS = { min_cents: 10, max_cents: 10_000, default_cents: 1_000, step_cents: 20 };

describe('the pack a frame plays', () => {
  it('is one being played, in the currency, for this game, with spins left; the one ending first', () => {
    const packs = [
      pack({ id: 1, stage: 'issued' }),
      pack({ id: 2, currency: 'USD' }),
      pack({ id: 3, games: ['croupier/other'] }),
      pack({ id: 4, freespins_performed: 10 }),
      pack({ id: 5, valid_until: '2027-03-09T00:00:00Z' }),
      pack({ id: 6, valid_until: '2027-03-08T00:00:00Z' }),
      pack({ id: 7, valid_until: null }),
    ];
    expect(playablePack(packs, GAME, 'EUR')?.id).toBe(6);
    expect(playablePack(packs.slice(0, 4), GAME, 'EUR')).toBeNull();
    expect(
      playablePack([pack({ id: 9, valid_until: null }), pack({ id: 8, valid_until: null })], GAME, 'EUR')?.id,
    ).toBe(8);
    expect(playablePack(null, GAME, 'EUR')).toBeNull();
  });

  it('follows pushes (replaced or added) and each spin’s counters', () => {
    const list = [pack({ id: 1 }), pack({ id: 2 })];
    expect(packsAfterPush(list, pack({ id: 2, freespins_performed: 4 })).map((p) => p.freespins_performed)).toEqual([
      0, 4,
    ]);
    expect(packsAfterPush(null, pack({ id: 3 })).map((p) => p.id)).toEqual([3]);
    const after = packsAfterSpin(list, {
      id: 1,
      freespins_total: 10,
      freespins_performed: 10,
      win_cents: 55,
      stage: 'finished',
      winnings_bonus_id: 9,
    });
    expect(after?.[0]).toMatchObject({ freespins_performed: 10, win_cents: 55, stage: 'finished' });
    expect(after?.[1]).toBe(list[1]);
    expect(
      packsAfterSpin(null, {
        id: 1,
        freespins_total: 1,
        freespins_performed: 1,
        win_cents: 0,
        stage: 'finished',
        winnings_bonus_id: null,
      }),
    ).toBeNull();
  });
});

describe('the bonus cap on stakes', () => {
  it('reads the bonus being wagered in the session currency only', () => {
    expect(wageredBonus({ bonus: bonus({ max_bet_cents: 500 }), game: null }, 'EUR')?.max_bet_cents).toBe(500);
    expect(wageredBonus({ bonus: bonus({ currency: 'USD' }), game: null }, 'EUR')).toBeNull();
    expect(wageredBonus({ bonus: bonus({ stage: 'wait' }), game: null }, 'EUR')).toBeNull();
    expect(wageredBonus(null, 'EUR')).toBeNull();
  });

  it('takes a wagered bonus from a push, clears only the shown one when it ends, whatever the order', () => {
    const shown = bonus({ id: 1 });
    expect(bonusAfterPush(shown, bonus({ id: 1, amount_wager_cents: 50 }), 'EUR')).toEqual({
      bonus: bonus({ id: 1, amount_wager_cents: 50 }),
      reload: false,
    });
    expect(bonusAfterPush(shown, bonus({ id: 1, stage: 'wager_done' }), 'EUR')).toEqual({ bonus: null, reload: true });
    // The promoted one arrived first: the end of the previous one must not clear it.
    const promoted = bonus({ id: 2 });
    expect(bonusAfterPush(promoted, bonus({ id: 1, stage: 'wager_done' }), 'EUR')).toEqual({
      bonus: promoted,
      reload: false,
    });
    expect(bonusAfterPush(shown, bonus({ id: 3, currency: 'USD' }), 'EUR').bonus).toBe(shown);
    expect(bonusAfterPush(null, bonus({ id: 4, stage: 'issued' }), 'EUR')).toEqual({ bonus: null, reload: false });
  });

  it('lowers the maximum to the highest grid stake the bonus allows, and explains it', () => {
    expect(bonusLimits(LIMITS, 500)).toEqual({
      limits: { ...LIMITS, max_cents: 490, default_cents: 490 },
      advice: 500,
    });
    expect(bonusLimits(LIMITS, 5_000).limits).toEqual({ ...LIMITS, max_cents: 4_990 });
    expect(bonusLimits(LIMITS, null)).toEqual({ limits: LIMITS, advice: null });
    expect(bonusLimits(LIMITS, 10_000)).toEqual({ limits: LIMITS, advice: null });
    // No stake meets a cap under the table minimum: the limits stay, the reason shows.
    expect(bonusLimits(LIMITS, 5)).toEqual({ limits: LIMITS, advice: 5 });
  });
});

describe('what a finished pack left', () => {
  // The spin names the bonus its pack's winnings became (id 4 below).
  const spin = (win: number, winningsBonusId: number | null = 4) => ({
    id: 9,
    freespins_total: 10,
    freespins_performed: 10,
    win_cents: win,
    stage: 'finished' as const,
    winnings_bonus_id: winningsBonusId,
  });

  it('is nothing without a win', () => {
    expect(packOutcome(spin(0, null), 'EUR', null)).toEqual({ kind: 'nothing' });
  });

  it('is the bonus the spin names: wagered, queued, cash or waiting in the gifts', () => {
    const other = bonus({ id: 3, amount_wager_requirement_cents: 10_000 });
    const named = bonus({ id: 4, amount_wager_requirement_cents: 30_000 });
    expect(packOutcome(spin(1_000), 'EUR', [named, other])).toEqual({
      kind: 'wager',
      amountCents: 1_000,
      multiplier: 30,
    });
    expect(
      packOutcome(spin(1_000), 'EUR', [
        bonus({ id: 4, stage: 'wait', terms: null, amount_wager_requirement_cents: 40_000 }),
      ]),
    ).toEqual({ kind: 'queued', amountCents: 1_000, multiplier: 40 });
    expect(packOutcome(spin(1_000), 'EUR', [bonus({ id: 4, amount_wager_requirement_cents: 0 })])).toEqual({
      kind: 'cash',
      amountCents: 1_000,
    });
    expect(packOutcome(spin(1_000), 'EUR', [bonus({ id: 4, stage: 'issued' })])).toEqual({
      kind: 'gifts',
      amountCents: 1_000,
    });
    // A bonus the spin does not name is not this pack's, and without the list the gifts say it.
    expect(packOutcome(spin(1_000), 'EUR', [other])).toEqual({ kind: 'gifts', amountCents: 1_000 });
    expect(packOutcome(spin(1_000), 'EUR', null)).toEqual({ kind: 'gifts', amountCents: 1_000 });
  });
});
