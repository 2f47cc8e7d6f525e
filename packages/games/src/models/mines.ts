/**
 * Mines: a 5×5 grid with 1–24 mines placed at `open` by a Fisher–Yates shuffle (every placement
 * equally likely, fixed before the first reveal so later steps cannot change it). After k safe
 * reveals the multiplier is 0.99 · C(25, k) / C(25 − m, k) floored to 2 decimals (the fair odds of
 * surviving k picks, less 1 %); a mine ends the round at 0. Cashing out after k reveals returns
 * P(survive k) · multiplier(k) = C(25−m,k)/C(25,k) · floor(99·C(25,k)/C(25−m,k))/100 ≤ 99 %.
 */
import {
  asRecord,
  checkLimits,
  GameInputError,
  invalidAction,
  mulDivFloor,
  parseMinorUnits,
  type BetLimits,
  type GameModel,
  type RoundStep,
} from '../model.ts';
import { shuffledRange, type Rng } from '../rng.ts';

export const TILES = 25;

export interface MinesBet {
  amount: number;
  mines: number;
}

export interface MinesState {
  bet: MinesBet;
  /** Mine tiles (0–24, row-major); hidden from the player until the round ends. */
  mines: number[];
  /** Safe tiles revealed, in order. */
  revealed: number[];
  /** The mine the player hit, if any. */
  hit: number | null;
  cashedOut: boolean;
  /** Current multiplier in hundredths (0 when busted, 100 before the first reveal). */
  multiplier: number;
  win: number;
}

export type MinesAction = { type: 'reveal'; tile: number } | { type: 'cashout' };

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/** Multiplier in hundredths after k safe reveals with m mines (exact integer arithmetic). */
export function minesMultiplier(m: number, k: number): number {
  if (k === 0) return 100;
  return Math.floor((99 * binomial(TILES, k)) / binomial(TILES - m, k));
}

/** Exact return of revealing k tiles then cashing out, and the chance of getting there. */
export function minesFigures(m: number, k: number): { rtp: number; hitRate: number } {
  const survive = binomial(TILES - m, k) / binomial(TILES, k);
  return { rtp: (survive * minesMultiplier(m, k)) / 100, hitRate: survive };
}

export const REFERENCE_MINES = { mines: 3, reveals: 5 } as const;

function finishStep(state: MinesState): RoundStep<MinesState> {
  return { state, finished: true, stake: state.bet.amount, win: state.win };
}

export const minesModel: GameModel<MinesBet, MinesState, MinesAction> = {
  id: 'mines',
  parseBet(input: unknown, limits: BetLimits): MinesBet {
    const r = asRecord(input);
    const amount = parseMinorUnits(r.amount);
    if (typeof r.mines !== 'number' || !Number.isInteger(r.mines) || r.mines < 1 || r.mines > TILES - 1)
      throw new GameInputError('invalid_bet', 'mines must be an integer 1–24');
    checkLimits(amount, limits);
    return { amount, mines: r.mines };
  },
  open(bet: MinesBet, rng: Rng): RoundStep<MinesState> {
    const mines = shuffledRange(TILES, rng)
      .slice(0, bet.mines)
      .sort((a, b) => a - b);
    return {
      state: { bet, mines, revealed: [], hit: null, cashedOut: false, multiplier: 100, win: 0 },
      finished: false,
      stake: bet.amount,
      win: 0,
    };
  },
  act(state: MinesState, action: unknown): RoundStep<MinesState> {
    if (state.hit !== null || state.cashedOut) throw invalidAction('The round is over');
    const a = asRecord(action, 'action');
    if (a.type === 'cashout') {
      if (state.revealed.length === 0) throw invalidAction('Reveal at least one tile before cashing out');
      return finishStep({ ...state, cashedOut: true, win: mulDivFloor(state.bet.amount, state.multiplier, 100) });
    }
    if (a.type !== 'reveal') throw invalidAction('Unknown action');
    const tile = a.tile;
    if (typeof tile !== 'number' || !Number.isInteger(tile) || tile < 0 || tile >= TILES)
      throw invalidAction('tile must be an integer 0–24');
    if (state.revealed.includes(tile)) throw invalidAction('That tile is already revealed');
    if (state.mines.includes(tile)) return finishStep({ ...state, hit: tile, multiplier: 0, win: 0 });
    const revealed = [...state.revealed, tile];
    const multiplier = minesMultiplier(state.bet.mines, revealed.length);
    const next: MinesState = { ...state, revealed, multiplier };
    // Every safe tile found: nothing left to risk, so the round cashes out by itself.
    if (revealed.length === TILES - state.bet.mines)
      return finishStep({ ...next, cashedOut: true, win: mulDivFloor(state.bet.amount, multiplier, 100) });
    return { state: next, finished: false, stake: state.bet.amount, win: 0 };
  },
  abandon(state: MinesState, staked: number): number {
    if (state.hit !== null || state.cashedOut) return state.win;
    // The cash-out value after the reveals so far, or the stake back if that is more (or none yet).
    const soFar = state.revealed.length > 0 ? mulDivFloor(state.bet.amount, state.multiplier, 100) : 0;
    return Math.max(soFar, staked);
  },
  view(state: MinesState, finished: boolean): MinesView {
    const { mines, ...rest } = state;
    return {
      ...rest,
      mines: finished ? mines : null,
      nextMultiplier: finished ? null : minesMultiplier(state.bet.mines, state.revealed.length + 1),
    };
  },
  describe() {
    const ref = minesFigures(REFERENCE_MINES.mines, REFERENCE_MINES.reveals);
    let max = 0;
    for (let m = 1; m < TILES; m++) max = Math.max(max, minesMultiplier(m, TILES - m));
    return {
      rtp: ref.rtp,
      hitRate: ref.hitRate,
      maxMultiplier: max / 100,
      rules: {
        tiles: TILES,
        minMines: 1,
        maxMines: TILES - 1,
        /** multipliers[m][k] in hundredths: m mines, k safe reveals (index 0 = 100). */
        multipliers: Object.fromEntries(
          Array.from({ length: TILES - 1 }, (_, i) => [
            i + 1,
            Array.from({ length: TILES - i }, (_, k) => minesMultiplier(i + 1, k)),
          ]),
        ),
        /** The top-level figures are for cashing out after `reveals` safe tiles with `mines` mines. */
        reference: REFERENCE_MINES,
      },
    };
  },
};

/** What the player sees: mine positions only once the round is over. */
export type MinesView = Omit<MinesState, 'mines'> & { mines: number[] | null; nextMultiplier: number | null };
