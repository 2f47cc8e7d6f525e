import { describe, expect, it } from 'vitest';
import deBonuses from '../../../i18n/locales/de/bonuses.json';
import deCommon from '../../../i18n/locales/de/common.json';
import { createI18n } from '../../../i18n/create-i18n';
import { ApiError } from '../../../lib/api-client';
import { bonus, cashbackBonus, offer, pack } from '../testing/fixtures';
import {
  announceOnce,
  bonusErrorMessage,
  cashbackWeek,
  daysLeft,
  giftsOfTab,
  keepPushedCounter,
  majorToMinor,
  meterFigures,
  mergeWageringPush,
  isClaimableCashback,
  packsForGame,
  reachesToastMinimum,
  visibleOffers,
  wagerFreeCents,
} from './bonuses-logic';

describe('bonus rules of the pages (docs/bonuses.md#what-the-player-sees)', () => {
  it('puts each gift in the tab of its stage, and never a pack that is over', () => {
    const bonuses = [
      bonus({ id: 1, stage: 'handle_bets' }),
      bonus({ id: 2, stage: 'wait' }),
      bonus({ id: 3, stage: 'issued' }),
      ...(['finished', 'canceled', 'expired', 'wager_done', 'lost'] as const).map((stage, i) =>
        bonus({ id: 10 + i, stage }),
      ),
    ];
    const packs = [
      pack({ id: 1, stage: 'issued' }),
      pack({ id: 2, stage: 'handle_bets' }),
      pack({ id: 3, stage: 'finished' }),
    ];
    const ids = (tab: 'active' | 'available' | 'history') => {
      const shown = giftsOfTab(tab, bonuses, packs);
      return { bonuses: shown.bonuses.map((b) => b.id), packs: shown.packs.map((p) => p.id) };
    };
    expect(ids('active')).toEqual({ bonuses: [1, 2], packs: [2] });
    expect(ids('available')).toEqual({ bonuses: [3], packs: [1] });
    expect(ids('history')).toEqual({ bonuses: [10, 11, 12, 13, 14], packs: [] });
  });

  it('never shows the random_manual deposit gift', () => {
    expect(visibleOffers([offer({ id: 'random_manual' }), offer({ id: 'WELCOME100' })]).map((o) => o.id)).toEqual([
      'WELCOME100',
    ]);
    expect(visibleOffers(undefined)).toEqual([]);
  });

  it('reads cancel_info’s major-unit strings exactly, in the currency’s minor units', () => {
    expect(majorToMinor('45.00', 'EUR')).toBe(4500);
    expect(majorToMinor('0.1', 'EUR')).toBe(10);
    expect(majorToMinor('12', 'JPY')).toBe(1200);
    expect(majorToMinor('0.00012345', 'BTC')).toBe(12345);
    expect(majorToMinor('1.10', 'BTC')).toBe(110_000_000);
    expect(majorToMinor('1.005', 'EUR')).toBeNull();
    expect(majorToMinor('1.000', 'EUR')).toBe(100);
    expect(majorToMinor('abc', 'EUR')).toBeNull();
  });

  it('counts the days left as started days, never below zero', () => {
    const now = Date.parse('2027-03-01T10:00:00Z');
    expect(daysLeft('2027-03-13T10:00:00Z', now)).toBe(12);
    expect(daysLeft('2027-03-01T11:00:00Z', now)).toBe(1);
    expect(daysLeft('2027-02-28T10:00:00Z', now)).toBe(0);
    expect(daysLeft(null, now)).toBeNull();
  });

  it('gives the meter the bonus being wagered in the wallet’s currency only', () => {
    const now = Date.parse('2027-03-01T10:00:00Z');
    const game = { identifier: 'croupier/fruit-party', weight_percent: 10, excluded: false };
    expect(meterFigures({ bonus: bonus(), game }, 'EUR', now)).toMatchObject({
      wageredCents: 3_450,
      requiredCents: 35_000,
      game: 10,
      maxBetCents: 500,
      daysLeft: 12,
    });
    expect(meterFigures({ bonus: bonus(), game }, 'USD', now)).toBeNull();
    expect(meterFigures({ bonus: bonus({ stage: 'wait' }), game }, 'EUR', now)).toBeNull();
    expect(meterFigures({ bonus: bonus(), game: { ...game, excluded: true } }, 'EUR', now)?.game).toBe('excluded');
  });

  it('applies a push to the meter: replaces the bonus shown, empties it once it ends and asks to read again', () => {
    const cached = { bonus: bonus(), game: null };
    expect(mergeWageringPush(cached, bonus({ amount_wager_cents: 9_000 }))).toEqual({
      next: { bonus: bonus({ amount_wager_cents: 9_000 }), game: null },
      refetch: false,
    });
    expect(mergeWageringPush(cached, bonus({ stage: 'wager_done' }))).toEqual({
      next: { bonus: null, game: null },
      refetch: true,
    });
    // Another bonus ending, or another wallet's, changes nothing here.
    expect(mergeWageringPush(cached, bonus({ id: 5, stage: 'canceled' })).next).toBe(cached);
    expect(mergeWageringPush(cached, bonus({ id: 5, currency: 'USD' })).next).toBe(cached);
    // A bonus promoted while the meter showed none.
    expect(mergeWageringPush({ bonus: null, game: null }, bonus({ id: 6 })).next?.bonus?.id).toBe(6);
    expect(mergeWageringPush(undefined, bonus()).next).toBeUndefined();
  });

  it('keeps a pushed counter against an older answer read over REST', () => {
    const pushed = { bonus: bonus({ amount_wager_cents: 5_000 }), game: null };
    expect(keepPushedCounter(pushed, { bonus: bonus({ amount_wager_cents: 3_450 }), game: null }).bonus).toBe(
      pushed.bonus,
    );
    expect(
      keepPushedCounter(pushed, { bonus: bonus({ amount_wager_cents: 6_000 }), game: null }).bonus?.amount_wager_cents,
    ).toBe(6_000);
    expect(keepPushedCounter(pushed, { bonus: bonus({ id: 2, amount_wager_cents: 0 }), game: null }).bonus?.id).toBe(2);
    expect(keepPushedCounter(pushed, { bonus: null, game: null }).bonus).toBeNull();
  });

  it('names the money a push frees: a conversion’s cash or a wager-free credit', () => {
    expect(wagerFreeCents(bonus({ stage: 'wager_done', converted_cents: 7_000 }))).toBe(7_000);
    expect(wagerFreeCents(bonus({ stage: 'finished', amount_cents: 1_000 }))).toBe(1_000);
    expect(wagerFreeCents(bonus({ stage: 'handle_bets' }))).toBeNull();
    expect(wagerFreeCents(bonus({ stage: 'canceled' }))).toBeNull();
  });

  it('shows the wager-free toast from each currency’s minimum', () => {
    expect(reachesToastMinimum(499, 'EUR')).toBe(false);
    expect(reachesToastMinimum(500, 'EUR')).toBe(true);
    expect(reachesToastMinimum(749, 'CAD')).toBe(false);
    expect(reachesToastMinimum(750, 'CAD')).toBe(true);
    expect(reachesToastMinimum(62_500, 'JPY')).toBe(true);
    expect(reachesToastMinimum(9_999, 'BTC')).toBe(false);
    expect(reachesToastMinimum(10_000, 'BTC')).toBe(true);
    expect(reachesToastMinimum(139_999, 'ETH')).toBe(false);
    expect(reachesToastMinimum(140_000, 'ETH')).toBe(true);
    expect(reachesToastMinimum(100_000, 'XYZ')).toBe(false);
    expect(reachesToastMinimum(0, 'EUR')).toBe(false);
  });
});

describe('the cashback popup and the game page’s free spins', () => {
  it('names the ISO week before the one a cashback was issued in, in UTC', () => {
    // Issued just after the week ended (Monday 00:10 UTC), or any later day of the next week.
    expect(cashbackWeek('2027-03-08T00:10:00Z')).toEqual({ from: '2027-03-01', to: '2027-03-07' });
    expect(cashbackWeek('2027-03-14T23:59:59Z')).toEqual({ from: '2027-03-01', to: '2027-03-07' });
    // Across a year's end, and a local time that is still Sunday elsewhere.
    expect(cashbackWeek('2027-01-04T03:00:00+05:00')).toEqual({ from: '2026-12-21', to: '2026-12-27' });
    expect(cashbackWeek('not a date')).toBeNull();
  });

  it('knows a claimable cashback: issued, of kind cashback', () => {
    expect(isClaimableCashback(cashbackBonus())).toBe(true);
    expect(isClaimableCashback(cashbackBonus({ stage: 'finished' }))).toBe(false);
    expect(isClaimableCashback(bonus({ stage: 'issued' }))).toBe(false);
  });

  it('announces a bonus stage once per tab', () => {
    expect(announceOnce('77:finished')).toBe(true);
    expect(announceOnce('77:finished')).toBe(false);
    expect(announceOnce('77:wager_done')).toBe(true);
  });

  it('tells the game page about its open packs in the player’s currency, the one ending first first', () => {
    const game = 'croupier/fruit-party';
    const packs = [
      pack({ id: 1, valid_until: '2027-03-09T00:00:00Z' }),
      pack({ id: 2, valid_until: '2027-03-08T00:00:00Z' }),
      pack({ id: 3, stage: 'issued', activatable: true, activatable_until: '2027-03-07T00:00:00Z' }),
      pack({ id: 4, stage: 'issued', activatable: false }),
      pack({ id: 5, freespins_performed: 20 }),
      pack({ id: 6, stage: 'finished' }),
      pack({ id: 7, currency: 'USD' }),
      pack({ id: 8, games: ['croupier/other'] }),
    ];
    expect(packsForGame(packs, game, 'EUR').map((p) => p.id)).toEqual([3, 2, 1]);
    expect(packsForGame(undefined, game, 'EUR')).toEqual([]);
  });
});

describe('bonusErrorMessage', () => {
  it('says an unconfirmed address in the player’s language, not the server’s English', () => {
    const i18n = createI18n('de', { bonuses: deBonuses, common: deCommon });
    const error = new ApiError(403, { code: 'email_not_confirmed', error: 'Confirm your e-mail address…' }, '/');
    expect(bonusErrorMessage(error, i18n)).toBe(deBonuses.errors.email_not_confirmed);
    expect(bonusErrorMessage(error, i18n)).not.toMatch(/Confirm/);
  });
});
