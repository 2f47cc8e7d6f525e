import { describe, expect, it } from 'vitest';
import { createSimulationRng } from '../rng.ts';
import { insideCi } from '../testing.ts';
import { createVideoPokerModel, evaluateHand, handPay, HoldTables, PAYTABLES } from './video-poker.ts';

// Cards: rank + 13·suit, rank 0 = ace … 12 = king.
const card = (rank: number, suit: number) => rank + 13 * suit;
const LIMITS = { min: 1, max: 1_000_000 };

describe('video-poker hand ranks', () => {
  it('ranks every category, ace high and low straights, pay thresholds', () => {
    expect(evaluateHand([card(0, 0), card(9, 0), card(10, 0), card(11, 0), card(12, 0)], 10)).toBe('royal-flush');
    expect(evaluateHand([card(0, 1), card(1, 1), card(2, 1), card(3, 1), card(4, 1)], 10)).toBe('straight-flush');
    expect(evaluateHand([card(0, 1), card(1, 2), card(2, 1), card(3, 1), card(4, 1)], 10)).toBe('straight');
    expect(evaluateHand([card(0, 1), card(9, 2), card(10, 1), card(11, 1), card(12, 1)], 10)).toBe('straight');
    expect(evaluateHand([card(10, 1), card(11, 2), card(12, 1), card(0, 1), card(1, 1)], 10)).toBe('nothing');
    expect(evaluateHand([card(0, 0), card(0, 1), card(0, 2), card(0, 3), card(5, 1)], 10)).toBe('four-aces');
    expect(evaluateHand([card(2, 0), card(2, 1), card(2, 2), card(2, 3), card(5, 1)], 10)).toBe('four-2-4');
    expect(evaluateHand([card(7, 0), card(7, 1), card(7, 2), card(7, 3), card(5, 1)], 10)).toBe('four-5-k');
    expect(evaluateHand([card(7, 0), card(7, 1), card(7, 2), card(5, 3), card(5, 1)], 10)).toBe('full-house');
    expect(evaluateHand([card(1, 0), card(3, 0), card(5, 0), card(7, 0), card(11, 0)], 10)).toBe('flush');
    expect(evaluateHand([card(7, 0), card(7, 1), card(7, 2), card(4, 3), card(5, 1)], 10)).toBe('three-of-a-kind');
    expect(evaluateHand([card(7, 0), card(7, 1), card(4, 2), card(4, 3), card(5, 1)], 10)).toBe('two-pair');
    expect(evaluateHand([card(10, 0), card(10, 1), card(4, 2), card(3, 3), card(5, 1)], 10)).toBe('high-pair');
    expect(evaluateHand([card(9, 0), card(9, 1), card(4, 2), card(3, 3), card(5, 1)], 10)).toBe('nothing');
    expect(evaluateHand([card(9, 0), card(9, 1), card(4, 2), card(3, 3), card(5, 1)], 9)).toBe('high-pair');
  });

  it('counts the 2,598,960 hands per category exactly as combinatorics says', () => {
    const tally = new Map<string, number>();
    const h = [0, 0, 0, 0, 0];
    for (let a = 0; a < 52; a++)
      for (let b = a + 1; b < 52; b++)
        for (let c = b + 1; c < 52; c++)
          for (let d = c + 1; d < 52; d++)
            for (let e = d + 1; e < 52; e++) {
              h[0] = a;
              h[1] = b;
              h[2] = c;
              h[3] = d;
              h[4] = e;
              const r = evaluateHand(h, 10);
              tally.set(r, (tally.get(r) ?? 0) + 1);
            }
    expect(tally.get('royal-flush')).toBe(4);
    expect(tally.get('straight-flush')).toBe(36);
    expect((tally.get('four-aces') ?? 0) + (tally.get('four-2-4') ?? 0) + (tally.get('four-5-k') ?? 0)).toBe(624);
    expect(tally.get('full-house')).toBe(3744);
    expect(tally.get('flush')).toBe(5108);
    expect(tally.get('straight')).toBe(10200);
    expect(tally.get('three-of-a-kind')).toBe(54912);
    expect(tally.get('two-pair')).toBe(123552);
    // One pair (1,098,240 hands) is 84,480 per rank; J, Q, K and A pay.
    expect(tally.get('high-pair')).toBe(4 * 84480);
  });
});

describe('video-poker play and exact RTP', () => {
  const tables = new HoldTables(PAYTABLES['jacks-or-better']);

  it('hold values from inclusion–exclusion equal brute-force draws for sample deals', () => {
    const rng = createSimulationRng(4);
    for (let t = 0; t < 3; t++) {
      const deck = Array.from({ length: 52 }, (_, i) => i);
      for (let i = 51; i > 0; i--) {
        const j = rng.int(i + 1);
        [deck[i], deck[j]] = [deck[j]!, deck[i]!];
      }
      const dealt = deck.slice(0, 5);
      const rest = deck.slice(5);
      const { hold, ev } = tables.bestHold(dealt);
      // Brute force the chosen hold and the hold-nothing option.
      const brute = (mask: number) => {
        const kept = dealt.filter((_, i) => mask & (1 << i));
        const need = 5 - kept.length;
        let total = 0;
        let count = 0;
        const pick = (start: number, chosen: number[]) => {
          if (chosen.length === need) {
            total += handPay([...kept, ...chosen], PAYTABLES['jacks-or-better']);
            count++;
            return;
          }
          for (let i = start; i < rest.length; i++) pick(i + 1, [...chosen, rest[i]!]);
        };
        pick(0, []);
        return total / count;
      };
      expect(brute(hold)).toBeCloseTo(ev, 10);
      expect(brute(0)).toBeLessThanOrEqual(ev + 1e-12);
      expect(brute(31)).toBeLessThanOrEqual(ev + 1e-12);
    }
  });

  it('replacements come from the shuffled deck in order; the view hides them until the draw', () => {
    const model = createVideoPokerModel('jacks-or-better');
    const rng = createSimulationRng(8);
    const open = model.open(model.parseBet({ amount: 5 }, LIMITS), rng);
    const view = model.view(open.state, false) as { hand: number[]; deck?: unknown };
    expect(view.deck).toBeUndefined();
    expect(view.hand).toEqual(open.state.deck.slice(0, 5));
    const done = model.act!(open.state, { hold: 0b00101 }, rng);
    expect(done.state.hand).toEqual([
      open.state.deck[0],
      open.state.deck[5],
      open.state.deck[2],
      open.state.deck[6],
      open.state.deck[7],
    ]);
    expect(done.win).toBe(5 * PAYTABLES['jacks-or-better'].pays[done.state.rank!]);
    expect(() => model.act!(done.state, { hold: 0 }, rng)).toThrow(/already/);
    expect(() => model.act!(open.state, { hold: 32 }, rng)).toThrow(/hold/);
  });

  it('pinned-seed simulation with optimal holds lands in the 99 % interval of the stored RTP', () => {
    const model = createVideoPokerModel('jacks-or-better');
    const rng = createSimulationRng(2026);
    const n = 60_000;
    let sum = 0;
    let sumSq = 0;
    for (let i = 0; i < n; i++) {
      const open = model.open({ amount: 1 }, rng);
      const r = model.act!(open.state, { hold: tables.bestHold(open.state.hand).hold }, rng).win;
      sum += r;
      sumSq += r * r;
    }
    const ci = insideCi(sum, sumSq, n, PAYTABLES['jacks-or-better'].rtp);
    expect(ci.inside, `${ci.mean} vs ${PAYTABLES['jacks-or-better'].rtp} ± ${ci.halfWidth}`).toBe(true);
  });

  it(
    're-derives the stored Jacks or Better 9/6 RTP and hit rate exactly (all deals × 32 holds)',
    { timeout: 120_000 },
    () => {
      // The published figure for 9/6 with optimal play is 99.5439 %.
      const exact = tables.exactFigures();
      expect(exact.rtp).toBeCloseTo(PAYTABLES['jacks-or-better'].rtp, 12);
      expect(exact.hitRate).toBeCloseTo(PAYTABLES['jacks-or-better'].hitRate, 12);
      expect(exact.rtp).toBeCloseTo(0.995439, 6);
    },
  );
});

describe('an abandoned hand (G8)', () => {
  const model = createVideoPokerModel('jacks-or-better');
  it('pays the dealt hand as it stands when that beats the stake, else the stake; a drawn hand its win', () => {
    let paying = 0;
    for (let seed = 1; seed < 400; seed++) {
      const { state } = model.open({ amount: 100 }, createSimulationRng(seed));
      const dealtPay = handPay(state.deck.slice(0, 5), PAYTABLES['jacks-or-better']) * 100;
      expect(model.abandon!(state, 100)).toBe(Math.max(dealtPay, 100));
      if (dealtPay > 100) paying++;
      const drawn = model.act!(state, { hold: 0 }, createSimulationRng(seed)).state;
      expect(model.abandon!(drawn, 100)).toBe(drawn.win);
    }
    // Two pair or better is dealt about 1 time in 13: some of these 399 deals pay more than the stake.
    expect(paying).toBeGreaterThan(5);
  });
});
