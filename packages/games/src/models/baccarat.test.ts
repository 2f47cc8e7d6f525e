import { describe, expect, it } from 'vitest';
import { createSimulationRng, WordRng } from '../rng.ts';
import { insideCi } from '../testing.ts';
import { baccaratFigures, bankerDraws, cardValue, createBaccaratModel, payoutHundredths } from './baccarat.ts';

const LIMITS = { min: 1, max: 1_000_000 };

/** Deals the given cards (0–51) in order. */
class Cards extends WordRng {
  constructor(private readonly cards: number[]) {
    super();
  }
  protected word(): number {
    return this.cards[this.consumed - 1]! * Math.floor(2 ** 32 / 52);
  }
}

describe('baccarat rules', () => {
  it('card values and the banker tableau', () => {
    expect([0, 8, 9, 12].map(cardValue)).toEqual([1, 9, 0, 0]);
    expect(bankerDraws(3, 8)).toBe(false);
    expect(bankerDraws(3, 9)).toBe(true);
    expect(bankerDraws(6, 6)).toBe(true);
    expect(bankerDraws(6, null)).toBe(false);
    expect(bankerDraws(5, null)).toBe(true);
    expect(bankerDraws(7, 2)).toBe(false);
  });

  it('a natural stands; ties push player and banker bets; commission and no-commission pay as documented', () => {
    // Player 8 (3♠ 5♠), banker 7 (2♠ 5♥): natural, player wins.
    const model = createBaccaratModel('commission');
    const step = model.open({ amount: 100, side: 'player' }, new Cards([2, 1, 4, 17]));
    expect(step.state).toMatchObject({ playerTotal: 8, bankerTotal: 7, outcome: 'player', win: 200 });
    expect(step.state.player).toHaveLength(2);
    expect(payoutHundredths('commission', 'banker', 'banker', 6)).toBe(195);
    expect(payoutHundredths('no-commission', 'banker', 'banker', 6)).toBe(150);
    expect(payoutHundredths('no-commission', 'banker', 'banker', 7)).toBe(200);
    expect(payoutHundredths('commission', 'player', 'tie', 5)).toBe(100);
    expect(payoutHundredths('commission', 'tie', 'tie', 5)).toBe(900);
  });

  it('exact figures match the published infinite-deck values', () => {
    const f = baccaratFigures('commission');
    expect(f.banker.rtp).toBeCloseTo(0.98936, 5);
    expect(f.player.rtp).toBeCloseTo(0.98772, 5);
    expect(f.tie.hitRate).toBeCloseTo(0.09543, 5);
    expect(baccaratFigures('no-commission').banker.rtp).toBeCloseTo(0.98532, 5);
  });

  it('pinned-seed simulation of each bet lands in the 99 % interval', () => {
    for (const variant of ['commission', 'no-commission'] as const) {
      const model = createBaccaratModel(variant);
      const exact = baccaratFigures(variant);
      for (const side of ['player', 'banker', 'tie'] as const) {
        const rng = createSimulationRng(7);
        const n = 100_000;
        let sum = 0;
        let sumSq = 0;
        for (let i = 0; i < n; i++) {
          const r = model.open(model.parseBet({ amount: 100, side }, LIMITS), rng).win / 100;
          sum += r;
          sumSq += r * r;
        }
        const ci = insideCi(sum, sumSq, n, exact[side].rtp);
        expect(ci.inside, `${variant}/${side}: ${ci.mean} vs ${exact[side].rtp}`).toBe(true);
      }
    }
  });
});

describe('an interrupted round (G8)', () => {
  it('pays the outcome decided at open, a win as much as a loss, never a refund of the stake', () => {
    const model = createBaccaratModel('commission');
    const rng = createSimulationRng(8);
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const step = model.open({ amount: 100, side: 'player' as const }, rng);
      expect(model.abandon(step.state, step.stake)).toBe(step.win);
      seen.add(step.win > step.stake ? 'more' : step.win < step.stake ? 'less' : 'same');
    }
    expect(seen).toContain('more');
    expect(seen).toContain('less');
  });
});
