/**
 * Crash (Rocket): one crash point per shared round. With f = rng.float(), the crash point is
 * floor(97 / (1 − f)) / 100, at least 1.00. For a cash-out target M (in hundredths, M ≥ 100)
 * exactly floor(97 · 2³² / M) of the 2³² words reach it, so P(crash ≥ m) = floor(97·2³²/M)/2³² and
 * a player who always cashes out at m gets m · P(crash ≥ m) ≤ 97 % (3 % house edge; m = 1.00 is
 * the exception: every round reaches 1.00, so it returns 100 % and we refuse targets below 1.01).
 *
 * Time: the multiplier grows as e^{0.00006·t} (t in ms since lift-off), floored to 2 decimals.
 * The round busts at `elapsedFor(crashPoint)`, the first millisecond the displayed multiplier
 * reaches the crash point. Exactness at the bust instant:
 * - a manual cash-out counts only if it is taken strictly before that millisecond
 *   (`cashoutAt` returns null at or after it), so its multiplier is always < crashPoint;
 * - a pre-set automatic target m counts when m ≤ crashPoint (`settle`): the rocket showed m
 *   before or at the instant it flew away, and the RTP figure above is computed with ≤.
 */
import {
  asRecord,
  checkLimits,
  GameInputError,
  mulDivFloor,
  parseMinorUnits,
  type BetLimits,
  type GameModel,
  type RoundStep,
  payDecidedWin,
} from '../model.ts';
import type { Rng } from '../rng.ts';

export const HOUSE_EDGE_PERCENT = 3;
export const GROWTH_PER_MS = 0.00006;
const TWO_32 = 0x100000000;
/** Auto cash-out targets allowed, in hundredths. */
export const MIN_TARGET = 101;
export const MAX_TARGET = 1_000_000_00;

/** Crash point in hundredths (100 = 1.00×) from one word. */
export function crashPointFromWord(word: number): number {
  // floor(97 / (1 − w/2³²)) in hundredths = floor(97 · 2³² / (2³² − w)), exact in integers below 2^53.
  const h = mulDivFloor(100 - HOUSE_EDGE_PERCENT, TWO_32, TWO_32 - word);
  return Math.max(100, h);
}

/** The round's crash point as a multiplier with 2 decimals (e.g. 2.37). */
export function crashPoint(rng: Rng): number {
  return crashPointFromWord(rng.nextUint32()) / 100;
}

/** P(crash point ≥ m) exactly, for m with 2 decimals. */
export function probabilityReaching(m: number): number {
  const M = Math.round(m * 100);
  if (M <= 100) return 1;
  return mulDivFloor(100 - HOUSE_EDGE_PERCENT, TWO_32, M) / TWO_32;
}

/** Exact RTP of always cashing out at m. */
export function crashRtp(m: number): number {
  return probabilityReaching(m) * m;
}

/** Displayed multiplier after `elapsedMs` of flight, floored to 2 decimals. */
export function multiplierAt(elapsedMs: number): number {
  if (elapsedMs <= 0) return 1;
  return Math.floor(100 * Math.exp(GROWTH_PER_MS * elapsedMs)) / 100;
}

/** The first whole millisecond at which the displayed multiplier reaches m. */
export function elapsedFor(m: number): number {
  if (m <= 1) return 0;
  let t = Math.max(0, Math.ceil(Math.log(m) / GROWTH_PER_MS) - 2);
  while (multiplierAt(t) < m) t++;
  while (t > 0 && multiplierAt(t - 1) >= m) t--;
  return t;
}

/** The multiplier a manual cash-out at `elapsedMs` gets, or null once the rocket has gone. */
export function cashoutAt(elapsedMs: number, crash: number): number | null {
  if (elapsedMs >= elapsedFor(crash)) return null;
  return multiplierAt(elapsedMs);
}

/** Win of a bet: `cashout` counts when ≤ crash (see the module comment); null = never cashed out. */
export function settle(amount: number, cashout: number | null, crash: number): number {
  if (cashout === null) return 0;
  const C = Math.round(cashout * 100);
  if (C > Math.round(crash * 100)) return 0;
  return mulDivFloor(amount, C, 100);
}

export interface CrashBet {
  amount: number;
  /** Automatic cash-out target (2 decimals); the single-player round needs one. */
  autoCashout: number;
}

export interface CrashState {
  bet: CrashBet;
  crashPoint: number;
  won: boolean;
  win: number;
}

export const REFERENCE_TARGET = 2;

/**
 * The single-player form (bet with an automatic target against one drawn crash point): what the
 * simulation and a demo use. The live Rocket round uses `crashPoint`, `cashoutAt` and `settle`
 * directly, one crash point for every player of the round.
 */
export const crashModel: GameModel<CrashBet, CrashState, never> = {
  id: 'crash',
  parseBet(input: unknown, limits: BetLimits): CrashBet {
    const r = asRecord(input);
    const amount = parseMinorUnits(r.amount);
    const target = r.autoCashout;
    if (typeof target !== 'number' || !Number.isFinite(target))
      throw new GameInputError('invalid_bet', 'autoCashout must be a number');
    const T = Math.round(target * 100);
    if (Math.abs(T - target * 100) > 1e-6 || T < MIN_TARGET || T > MAX_TARGET)
      throw new GameInputError('invalid_bet', 'autoCashout must have 2 decimals, from 1.01');
    checkLimits(amount, limits);
    return { amount, autoCashout: T / 100 };
  },
  open(bet: CrashBet, rng: Rng): RoundStep<CrashState> {
    const crash = crashPoint(rng);
    const win = settle(bet.amount, bet.autoCashout, crash);
    return { state: { bet, crashPoint: crash, won: win > 0, win }, finished: true, stake: bet.amount, win };
  },
  abandon: payDecidedWin,
  view(state: CrashState) {
    return state;
  },
  describe() {
    return {
      rtp: crashRtp(REFERENCE_TARGET),
      hitRate: probabilityReaching(REFERENCE_TARGET),
      maxMultiplier: crashPointFromWord(TWO_32 - 1) / 100,
      rules: {
        houseEdgePercent: HOUSE_EDGE_PERCENT,
        growthPerMs: GROWTH_PER_MS,
        minTarget: MIN_TARGET / 100,
        maxTarget: MAX_TARGET / 100,
        /** RTP and hit rate above are for always cashing out at this multiplier. */
        referenceTarget: REFERENCE_TARGET,
      },
    };
  },
};
