import { describe, expect, it } from 'vitest';
import { GameInputError } from '../model.ts';
import { createProvablyFairRng } from '../provably-fair.ts';
import { createSimulationRng, WordRng, type Rng } from '../rng.ts';
import { insideCi } from '../testing.ts';
import {
  basicStrategy,
  blackjackFigures,
  createBlackjackModel,
  dealerDistribution,
  handTotal,
  type BlackjackState,
} from './blackjack.ts';

const LIMITS = { min: 1, max: 1_000_000 };
// Card ids: rank + 13·suit; rank 0 = ace, 9–12 = ten-value.
const A = 0;
const c = (value: number) => (value === 1 ? A : value === 10 ? 9 : value - 1);

/** Deals the given cards in order (player, dealer up, player, dealer hole, then draws). */
class Deck extends WordRng {
  constructor(private readonly cards: number[]) {
    super();
  }
  protected word(): number {
    const card = this.cards[this.consumed - 1];
    if (card === undefined) throw new Error('deck ran out');
    return card * Math.floor(2 ** 32 / 52);
  }
}

const model = createBlackjackModel('standard');
const play = (cards: number[], actions: string[], m = model) => {
  const rng: Rng = new Deck(cards);
  let step = m.open({ amount: 100 }, rng);
  for (const type of actions) step = m.act!(step.state, { type }, rng);
  return step;
};

describe('blackjack rules', () => {
  it('totals count aces soft', () => {
    expect(handTotal([A, c(6)])).toEqual({ total: 17, soft: true });
    expect(handTotal([A, c(6), c(10)])).toEqual({ total: 17, soft: false });
    expect(handTotal([A, A, c(9)])).toEqual({ total: 21, soft: true });
  });

  it('blackjack pays 3:2; the dealer peeks and a dealer blackjack beats 20 but pushes a blackjack', () => {
    expect(play([A, c(9), c(10), c(7)], [])).toMatchObject({ finished: true, win: 250 });
    expect(play([c(10), A, c(10), c(10)], [])).toMatchObject({ finished: true, win: 0, stake: 100 });
    expect(play([A, A, c(10), c(10)], [])).toMatchObject({ finished: true, win: 100 });
  });

  it('dealer stands on soft 17 and hits 16', () => {
    // Player 10+9 stands; dealer A+6 (soft 17) stands: 19 beats 17.
    expect(play([c(10), A, c(9), c(6)], ['stand'])).toMatchObject({ win: 200 });
    // Dealer 10+6 hits a 5 → 21.
    const s = play([c(10), c(10), c(9), c(6), c(5)], ['stand']);
    expect(s.state.dealer).toHaveLength(3);
    expect(s.win).toBe(0);
  });

  it('double takes one card and doubles the stake', () => {
    const s = play([c(6), c(10), c(5), c(7), c(10)], ['double']);
    expect(s).toMatchObject({ finished: true, stake: 200, win: 400 });
    expect(s.state.hands[0]!.cards).toHaveLength(3);
  });

  it('split once: two hands, stake grows, no resplit, split aces get one card and 21 is not a blackjack', () => {
    let step = play([c(8), c(6), c(8), c(10), c(8), c(3)], ['split']);
    expect(step.stake).toBe(200);
    expect(step.state.hands).toHaveLength(2);
    expect(step.state.hands[0]!.cards).toEqual([c(8), c(8)]);
    expect(() => model.act!(step.state, { type: 'split' }, createSimulationRng(1))).toThrow(GameInputError);
    const aces = play([A, c(7), A, c(10), c(10), c(9), c(9)], ['split']);
    expect(aces.finished).toBe(true);
    expect(aces.state.hands.map((h) => h.cards.length)).toEqual([2, 2]);
    // 21 and 20 against the dealer's 7 + 10 = 17: both win 1:1 (the 21 is not a 3:2 blackjack).
    expect(aces.win).toBe(400);
    // 8,8 stands on 16; 8,3 doubles to 21; the dealer's 16 draws a ten and busts.
    step = play([c(8), c(6), c(8), c(10), c(8), c(3), c(10), c(10)], ['split', 'stand', 'double']);
    expect(step).toMatchObject({ finished: true, stake: 300, win: 600 });
  });

  it('late surrender returns half, only in the surrender variant and only as the first decision', () => {
    const surrender = createBlackjackModel('surrender');
    expect(play([c(10), c(10), c(6), c(7)], ['surrender'], surrender)).toMatchObject({ finished: true, win: 50 });
    expect(() => play([c(10), c(10), c(6), c(7)], ['surrender'])).toThrow(/Allowed now/);
    expect(() => play([c(2), c(10), c(3), c(7), c(2)], ['hit', 'surrender'], surrender)).toThrow(GameInputError);
  });

  it('hides the hole card until the round ends', () => {
    const step = play([c(10), c(9), c(6), c(7)], []);
    expect((model.view(step.state, false) as { dealer: number[] }).dealer).toEqual([c(9)]);
    expect(step.win).toBe(0);
  });

  it('the outcome does not depend on the stake (G4)', () => {
    for (let nonce = 0; nonce < 30; nonce++) {
      const rng = () => createProvablyFairRng({ serverSeed: 's', clientSeed: 'c', nonce });
      const a = model.open({ amount: 10 }, rng());
      const b = model.open({ amount: 100_000 }, rng());
      expect(a.state.dealer).toEqual(b.state.dealer);
      expect(a.state.hands.map((h) => h.cards)).toEqual(b.state.hands.map((h) => h.cards));
    }
  });
});

describe('blackjack exact analysis', () => {
  it('dealer distributions sum to 1 and match known infinite-deck bust rates (S17, after the peek)', () => {
    for (let up = 1; up <= 10; up++) expect(dealerDistribution(up).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(dealerDistribution(6)[22]).toBeCloseTo(0.4228, 3);
    // Unconditional 21.22 % with a ten up; given no blackjack (probability 12/13): 0.2122 · 13/12.
    expect(dealerDistribution(10)[22]).toBeCloseTo(0.2298, 3);
  });

  it('basic strategy from the analysis makes the textbook plays', () => {
    const at = (p: number[], up: number, variant: 'standard' | 'surrender' = 'standard'): BlackjackState => ({
      variant,
      bet: { amount: 100 },
      dealer: [c(up), c(5)],
      hands: [{ cards: p.map(c), stake: 100, doubled: false, splitAces: false, done: false, win: null, result: null }],
      active: 0,
      split: false,
      finished: false,
      win: 0,
    });
    expect(basicStrategy(at([10, 6], 10))).toBe('hit');
    expect(basicStrategy(at([10, 6], 10, 'surrender'))).toBe('surrender');
    expect(basicStrategy(at([10, 2], 4))).toBe('stand');
    expect(basicStrategy(at([6, 5], 6))).toBe('double');
    expect(basicStrategy(at([8, 8], 10))).toBe('split');
    expect(basicStrategy(at([1, 1], 6))).toBe('split');
    expect(basicStrategy(at([10, 10], 6))).toBe('stand');
    expect(basicStrategy(at([1, 7], 9))).toBe('hit');
  });

  it('exact RTP: house edge near the published ~0.5–0.6 % for these rules; surrender helps', () => {
    const std = blackjackFigures('standard');
    const sur = blackjackFigures('surrender');
    expect(std.houseEdge).toBeGreaterThan(0.004);
    expect(std.houseEdge).toBeLessThan(0.007);
    expect(sur.rtp).toBeGreaterThan(std.rtp);
  });

  it('pinned-seed simulation with basic strategy lands in the 99 % interval (per original stake)', () => {
    for (const variant of ['standard', 'surrender'] as const) {
      const m = createBlackjackModel(variant);
      const exact = blackjackFigures(variant);
      const rng = createSimulationRng(99);
      const n = 150_000;
      let sum = 0;
      let sumSq = 0;
      let hits = 0;
      for (let i = 0; i < n; i++) {
        let step = m.open(m.parseBet({ amount: 100 }, LIMITS), rng);
        while (!step.finished) step = m.act!(step.state, { type: basicStrategy(step.state) }, rng);
        const r = (step.win - step.stake + 100) / 100;
        sum += r;
        sumSq += r * r;
        if (step.win > step.stake) hits++;
      }
      const ci = insideCi(sum, sumSq, n, exact.rtp);
      expect(ci.inside, `${variant}: ${ci.mean} vs ${exact.rtp} ± ${ci.halfWidth}`).toBe(true);
      expect(Math.abs(hits / n - exact.hitRate)).toBeLessThanOrEqual(
        2.576 * Math.sqrt((exact.hitRate * (1 - exact.hitRate)) / n),
      );
    }
  });
});

describe('an abandoned hand (G8)', () => {
  it('refunds every stake mid-hand and pays the settled win once finished', () => {
    for (let seed = 1; seed < 50; seed++) {
      const step = model.open(model.parseBet({ amount: 100 }, { min: 1, max: 10_000 }), createSimulationRng(seed));
      if (step.finished) {
        expect(model.abandon!(step.state, step.stake)).toBe(step.win);
        continue;
      }
      expect(model.abandon!(step.state, step.stake)).toBe(100);
      const stood = model.act!(step.state, { type: 'stand' }, createSimulationRng(seed));
      if (stood.finished) expect(model.abandon!(stood.state, stood.stake)).toBe(stood.win);
    }
  });
});
