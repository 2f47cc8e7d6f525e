import { describe, expect, it } from 'vitest';
import { GameInputError, mulDivFloor } from '../model.ts';
import { createSimulationRng } from '../rng.ts';
import { minesFigures, minesModel, minesMultiplier, TILES, type MinesState } from './mines.ts';

const LIMITS = { min: 1, max: 1_000_000 };

function binomial(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 1; i <= k; i++) r = (r * BigInt(n - k + i)) / BigInt(i);
  return r;
}

/** A round with the mines where the test wants them. */
function round(mines: number[], amount = 1000): MinesState {
  return {
    bet: { amount, mines: mines.length },
    mines,
    revealed: [],
    hit: null,
    cashedOut: false,
    multiplier: 100,
    win: 0,
  };
}

describe('bets and actions', () => {
  it('accepts 1–24 mines and refuses the rest', () => {
    expect(minesModel.parseBet({ amount: 100, mines: 3 }, LIMITS)).toEqual({ amount: 100, mines: 3 });
    for (const bad of [
      { amount: 100, mines: 0 },
      { amount: 100, mines: 25 },
      { amount: 100, mines: 2.5 },
      { amount: 100 },
      { amount: '100', mines: 3 },
    ]) {
      expect(() => minesModel.parseBet(bad, LIMITS), JSON.stringify(bad)).toThrow(GameInputError);
    }
    expect(() => minesModel.parseBet({ amount: 2_000_000, mines: 3 }, LIMITS)).toThrow(/maximum/);
  });

  it('places the mines at open and hides them until the round ends', () => {
    const step = minesModel.open({ amount: 100, mines: 5 }, createSimulationRng(3));
    expect(step.finished).toBe(false);
    expect(new Set(step.state.mines).size).toBe(5);
    expect(step.state.mines.every((t) => t >= 0 && t < TILES)).toBe(true);
    expect((minesModel.view(step.state, false) as { mines: unknown }).mines).toBeNull();
    expect(JSON.stringify(minesModel.view(step.state, false))).not.toContain('"mines":[');
    expect((minesModel.view(step.state, true) as { mines: unknown }).mines).toEqual(step.state.mines);
  });

  it('reveals, refuses repeats and early cash-outs, cashes out at the floored multiplier', () => {
    const rng = createSimulationRng(1);
    let s = round([0, 1, 2], 333);
    expect(() => minesModel.act!(s, { type: 'cashout' }, rng)).toThrow(/at least one/);
    let step = minesModel.act!(s, { type: 'reveal', tile: 10 }, rng);
    expect(step.finished).toBe(false);
    s = step.state;
    expect(s.multiplier).toBe(minesMultiplier(3, 1));
    expect(() => minesModel.act!(s, { type: 'reveal', tile: 10 }, rng)).toThrow(
      expect.objectContaining({ code: 'invalid_action' }),
    );
    for (const bad of [
      { type: 'reveal', tile: 25 },
      { type: 'reveal', tile: -1 },
      { type: 'reveal', tile: 1.5 },
      { type: 'dig' },
    ]) {
      expect(() => minesModel.act!(s, bad, rng)).toThrow(expect.objectContaining({ code: 'invalid_action' }));
    }
    step = minesModel.act!(s, { type: 'cashout' }, rng);
    expect(step.finished).toBe(true);
    expect(step.win).toBe(mulDivFloor(333, minesMultiplier(3, 1), 100));
    expect(() => minesModel.act!(step.state, { type: 'reveal', tile: 11 }, rng)).toThrow(GameInputError);
  });

  it('a mine ends the round at 0', () => {
    const step = minesModel.act!(round([7]), { type: 'reveal', tile: 7 }, createSimulationRng(1));
    expect(step).toMatchObject({ finished: true, win: 0 });
    expect(step.state.hit).toBe(7);
  });

  it('revealing the last safe tile cashes out by itself', () => {
    const mines = Array.from({ length: 24 }, (_, i) => i + 1);
    const step = minesModel.act!(round(mines, 100), { type: 'reveal', tile: 0 }, createSimulationRng(1));
    expect(step).toMatchObject({ finished: true, win: 2475 });
    expect(step.state.cashedOut).toBe(true);
    // The largest win clears 12 mines: 0.99 · C(25, 13) / C(13, 13) = 5 148 297×.
    expect(minesModel.describe().maxMultiplier).toBe(5_148_297);
  });
});

describe('exact figures', () => {
  it('multipliers are floor(99·C(25,k)/C(25−m,k)) hundredths, checked in BigInt', () => {
    for (let m = 1; m < TILES; m++) {
      for (let k = 1; k <= TILES - m; k++) {
        expect(BigInt(minesMultiplier(m, k)), `m=${m} k=${k}`).toBe(
          (99n * binomial(TILES, k)) / binomial(TILES - m, k),
        );
      }
    }
  });

  it('no (mines, reveals) pair returns more than 99 %', () => {
    let worst = 0;
    for (let m = 1; m < TILES; m++)
      for (let k = 1; k <= TILES - m; k++) worst = Math.max(worst, minesFigures(m, k).rtp);
    expect(worst).toBeLessThanOrEqual(0.99 + 1e-12);
    expect(worst).toBeGreaterThan(0.9899);
  });
});

describe('simulation (pinned seed)', () => {
  it('3 mines, 5 reveals then cash out: RTP and survival in their 99 % intervals; every tile can hold a mine', () => {
    const mines = 3;
    const k = 5;
    const amount = 100_000;
    const { hitRate: p } = minesFigures(mines, k);
    const pay = mulDivFloor(amount, minesMultiplier(mines, k), 100) / amount;
    const mu = p * pay;
    const sigma = pay * Math.sqrt(p * (1 - p));
    const N = 60_000;
    const rng = createSimulationRng(25);
    const mineCount = new Array<number>(TILES).fill(0);
    let won = 0;
    let survived = 0;
    for (let i = 0; i < N; i++) {
      let step = minesModel.open({ amount, mines }, rng);
      for (const t of step.state.mines) mineCount[t]!++;
      // A player who always opens the same tiles: the placement alone decides the outcome.
      for (let tile = 0; tile < k && !step.finished; tile++)
        step = minesModel.act!(step.state, { type: 'reveal', tile }, rng);
      if (!step.finished) {
        survived++;
        step = minesModel.act!(step.state, { type: 'cashout' }, rng);
      }
      won += step.win;
    }
    expect(Math.abs(survived / N - p)).toBeLessThanOrEqual(2.576 * Math.sqrt((p * (1 - p)) / N));
    expect(Math.abs(won / (N * amount) - mu)).toBeLessThanOrEqual((2.576 * sigma) / Math.sqrt(N));
    // Each tile holds a mine with probability 3/25; a skewed shuffle shows up here.
    const q = mines / TILES;
    for (const c of mineCount) expect(Math.abs(c / N - q)).toBeLessThanOrEqual(3.5 * Math.sqrt((q * (1 - q)) / N));
  });

  it('the placement does not depend on the stake', () => {
    const a = minesModel.open({ amount: 10, mines: 7 }, createSimulationRng(11));
    const b = minesModel.open({ amount: 100_000, mines: 7 }, createSimulationRng(11));
    expect(a.state.mines).toEqual(b.state.mines);
  });
});

describe('an abandoned round (G8)', () => {
  it('pays the better of the cash-out so far and the stake, or the settled win', () => {
    const fresh = round([0, 1, 2]);
    expect(minesModel.abandon!(fresh, 1000)).toBe(1000);
    // One safe reveal with 3 mines is worth 1.12×: more than the stake back.
    const once = minesModel.act!(fresh, { type: 'reveal', tile: 10 }, createSimulationRng(1)).state;
    expect(minesModel.abandon!(once, 1000)).toBe(mulDivFloor(1000, minesMultiplier(3, 1), 100));
    expect(mulDivFloor(1000, minesMultiplier(3, 1), 100)).toBeGreaterThan(1000);
    const busted = minesModel.act!(once, { type: 'reveal', tile: 0 }, createSimulationRng(1)).state;
    expect(minesModel.abandon!(busted, 1000)).toBe(0);
  });
});
