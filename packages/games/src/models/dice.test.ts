import { describe, expect, it } from 'vitest';
import { GameInputError, mulDivFloor } from '../model.ts';
import { createSimulationRng, uniformFromWord, WordRng } from '../rng.ts';
import { DICE_OUTCOMES, diceModel, diceRtp, MAX_WINNING, MIN_WINNING, multiplierBp, winningRolls } from './dice.ts';

const LIMITS = { min: 1, max: 1_000_000 };

/** Replays fixed words, so a test can pick the exact roll. */
class FixedRng extends WordRng {
  constructor(private readonly words: number[]) {
    super();
  }
  protected word(): number {
    const w = this.words[this.consumed - 1];
    if (w === undefined) throw new Error('FixedRng ran out of words');
    return w;
  }
}

describe('bets', () => {
  it('accepts targets whose win chance is 1–98 % and refuses the rest', () => {
    expect(diceModel.parseBet({ amount: 100, target: 4950, direction: 'under' }, LIMITS)).toEqual({
      amount: 100,
      target: 4950,
      direction: 'under',
    });
    expect(diceModel.parseBet({ amount: 100, target: 9899, direction: 'over' }, LIMITS).target).toBe(9899);
    for (const bad of [
      { amount: 100, target: 99, direction: 'under' },
      { amount: 100, target: 9801, direction: 'under' },
      { amount: 100, target: 9900, direction: 'over' },
      { amount: 100, target: 49.5, direction: 'under' },
      { amount: 100, target: 5000, direction: 'sideways' },
      { amount: 100, target: '5000', direction: 'under' },
      { amount: 0, target: 5000, direction: 'under' },
      { amount: 2 ** 53, target: 5000, direction: 'under' },
    ]) {
      expect(() => diceModel.parseBet(bad, LIMITS), JSON.stringify(bad)).toThrow(GameInputError);
    }
    expect(() => diceModel.parseBet({ amount: 2_000_000, target: 5000, direction: 'under' }, LIMITS)).toThrow(
      /maximum/,
    );
  });
});

describe('rules', () => {
  it('counts winning rolls strictly under / over the target', () => {
    expect(winningRolls(4950, 'under')).toBe(4950);
    expect(winningRolls(4950, 'over')).toBe(5049);
    expect(multiplierBp(4950)).toBe(20_000);
    expect(multiplierBp(5000)).toBe(19_800);
    expect(multiplierBp(3333)).toBe(29_702);
  });

  it('settles at the boundary rolls and floors the win to a minor unit', () => {
    const bucket = Math.floor(2 ** 32 / DICE_OUTCOMES);
    // The word that `rng.int(10000)` maps to `roll`, so the model itself plays the chosen roll.
    const rollOf = (roll: number) => new FixedRng([roll * bucket]);
    const under = { amount: 333, target: 5000, direction: 'under' as const };
    expect(diceModel.open(under, rollOf(4999)).win).toBe(659); // 333 × 1.98 = 659.34
    expect(diceModel.open(under, rollOf(5000)).win).toBe(0);
    const over = { amount: 333, target: 5000, direction: 'over' as const };
    expect(diceModel.open(over, rollOf(5000)).win).toBe(0);
    expect(diceModel.open(over, rollOf(5001)).state.roll).toBe(5001);
    expect(diceModel.open(over, rollOf(5001)).win).toBe(mulDivFloor(333, multiplierBp(4999), 10_000));
  });

  it('every target returns at most 99 %, and describe() reports the 49.50-under figures', () => {
    let worst = 0;
    let best = 1;
    for (let target = 0; target < DICE_OUTCOMES; target++) {
      for (const direction of ['under', 'over'] as const) {
        const w = winningRolls(target, direction);
        if (w < MIN_WINNING || w > MAX_WINNING) continue;
        const rtp = diceRtp(target, direction);
        worst = Math.max(worst, rtp);
        best = Math.min(best, rtp);
      }
    }
    expect(worst).toBeLessThanOrEqual(0.99 + 1e-12);
    expect(best).toBeGreaterThan(0.9898);
    const d = diceModel.describe();
    expect(d.rtp).toBe(0.99);
    expect(d.hitRate).toBe(0.495);
    expect(d.maxMultiplier).toBe(99);
  });
});

describe('randomness', () => {
  it('every roll 0–9999 has the same pre-image count (G2) and the 99× roll is reachable (G4)', () => {
    const bucket = Math.floor(2 ** 32 / DICE_OUTCOMES);
    for (const roll of [0, 1, 99, 5000, 9999]) {
      expect(uniformFromWord(roll * bucket, DICE_OUTCOMES)).toBe(roll);
      expect(uniformFromWord((roll + 1) * bucket - 1, DICE_OUTCOMES)).toBe(roll);
    }
    expect(uniformFromWord(DICE_OUTCOMES * bucket, DICE_OUTCOMES)).toBe(-1);
  });

  it('the roll does not depend on the stake', () => {
    const a = diceModel.open({ amount: 10, target: 5000, direction: 'under' }, createSimulationRng(9));
    const b = diceModel.open({ amount: 100_000, target: 5000, direction: 'under' }, createSimulationRng(9));
    expect(a.state.roll).toBe(b.state.roll);
  });

  it('a pinned-seed simulation lands in the 99 % interval of the exact RTP', () => {
    for (const bet of [
      { amount: 10_000, target: 4950, direction: 'under' as const },
      { amount: 10_000, target: 9000, direction: 'over' as const },
    ]) {
      const w = winningRolls(bet.target, bet.direction);
      const p = w / DICE_OUTCOMES;
      const pay = mulDivFloor(bet.amount, multiplierBp(w), 10_000) / bet.amount;
      const mu = p * pay;
      const sigma = pay * Math.sqrt(p * (1 - p));
      const N = 300_000;
      const rng = createSimulationRng(bet.target);
      let won = 0;
      let minRoll = DICE_OUTCOMES;
      let maxRoll = -1;
      for (let i = 0; i < N; i++) {
        const step = diceModel.open(bet, rng);
        won += step.win;
        minRoll = Math.min(minRoll, step.state.roll);
        maxRoll = Math.max(maxRoll, step.state.roll);
      }
      expect(mu).toBeCloseTo(diceRtp(bet.target, bet.direction), 12);
      expect(Math.abs(won / (N * bet.amount) - mu)).toBeLessThanOrEqual((2.576 * sigma) / Math.sqrt(N));
      expect(minRoll).toBe(0);
      expect(maxRoll).toBe(DICE_OUTCOMES - 1);
    }
  });
});

describe('an interrupted round (G8)', () => {
  it('pays the outcome decided at open, a win as much as a loss, never a refund of the stake', () => {
    const rng = createSimulationRng(8);
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const step = diceModel.open({ amount: 100, target: 5000, direction: 'under' as const }, rng);
      expect(diceModel.abandon(step.state, step.stake)).toBe(step.win);
      seen.add(step.win > step.stake ? 'more' : step.win < step.stake ? 'less' : 'same');
    }
    expect(seen).toContain('more');
    expect(seen).toContain('less');
  });
});
