/**
 * Plinko: a ball falls through `rows` rows of pegs; each row is one `rng.int(2)` (left/right), so
 * the pocket is k = number of rights with probability C(rows, k) / 2^rows, and the exact RTP of a
 * table is Σ C(rows, k) · multiplier_k / 2^rows. Tables are symmetric and were fitted to just
 * under 99 %; high-risk tables have empty (0×) centre pockets.
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

export type PlinkoRisk = 'low' | 'medium' | 'high';
export const MIN_ROWS = 8;
export const MAX_ROWS = 16;

/** Multipliers in hundredths (250 = 2.5×) per risk and row count, pocket 0 (far left) first. */
export const PLINKO_TABLES: Record<PlinkoRisk, Record<number, readonly number[]>> = {
  low: {
    8: [290, 200, 138, 92, 50, 92, 138, 200, 290],
    9: [320, 240, 171, 123, 50, 50, 123, 171, 240, 320],
    10: [280, 220, 165, 124, 93, 50, 93, 124, 165, 220, 280],
    11: [320, 250, 194, 153, 119, 50, 50, 119, 153, 194, 250, 320],
    12: [280, 220, 178, 144, 117, 95, 50, 95, 117, 144, 178, 220, 280],
    13: [300, 250, 210, 170, 142, 116, 50, 50, 116, 142, 170, 210, 250, 300],
    14: [260, 220, 187, 157, 134, 112, 96, 50, 96, 112, 134, 157, 187, 220, 260],
    15: [290, 250, 210, 180, 155, 134, 115, 50, 50, 115, 134, 155, 180, 210, 250, 290],
    16: [250, 220, 188, 164, 143, 126, 110, 97, 50, 97, 110, 126, 143, 164, 188, 220, 250],
  },
  medium: {
    8: [760, 360, 159, 63, 30, 63, 159, 360, 760],
    9: [910, 460, 220, 102, 30, 30, 102, 220, 460, 910],
    10: [930, 490, 260, 134, 63, 30, 63, 134, 260, 490, 930],
    11: [1000, 580, 330, 181, 97, 30, 30, 97, 181, 330, 580, 1000],
    12: [990, 590, 350, 210, 119, 66, 30, 66, 119, 210, 350, 590, 990],
    13: [1100, 680, 420, 260, 160, 95, 30, 30, 95, 160, 260, 420, 680, 1100],
    14: [1000, 670, 430, 280, 178, 112, 68, 30, 68, 112, 178, 280, 430, 670, 1000],
    15: [1100, 760, 500, 330, 220, 146, 94, 30, 30, 94, 146, 220, 330, 500, 760, 1100],
    16: [1100, 730, 500, 340, 230, 159, 107, 71, 30, 71, 107, 159, 230, 340, 500, 730, 1100],
  },
  high: {
    8: [2500, 660, 174, 0, 0, 0, 174, 660, 2500],
    9: [2800, 840, 250, 71, 0, 0, 71, 250, 840, 2800],
    10: [3400, 1200, 420, 136, 0, 0, 0, 136, 420, 1200, 3400],
    11: [3500, 1400, 530, 193, 65, 0, 0, 65, 193, 530, 1400, 3500],
    12: [4400, 1800, 770, 310, 116, 0, 0, 0, 116, 310, 770, 1800, 4400],
    13: [4400, 2000, 910, 390, 163, 59, 0, 0, 59, 163, 390, 910, 2000, 4400],
    14: [5300, 2500, 1200, 550, 250, 105, 0, 0, 0, 105, 250, 550, 1200, 2500, 5300],
    15: [5300, 2700, 1300, 660, 310, 143, 57, 0, 0, 57, 143, 310, 660, 1300, 2700, 5300],
    16: [6100, 3200, 1700, 860, 430, 220, 94, 0, 0, 0, 94, 220, 430, 860, 1700, 3200, 6100],
  },
};

export interface PlinkoBet {
  amount: number;
  rows: number;
  risk: PlinkoRisk;
}

export interface PlinkoState {
  bet: PlinkoBet;
  /** 0 = left, 1 = right, per row from the top. */
  path: number[];
  pocket: number;
  /** Hundredths. */
  multiplier: number;
  win: number;
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

export function plinkoFigures(rows: number, risk: PlinkoRisk): { rtp: number; hitRate: number } {
  const table = PLINKO_TABLES[risk][rows]!;
  let sum = 0;
  let hit = 0;
  table.forEach((m, k) => {
    sum += binomial(rows, k) * m;
    if (m > 0) hit += binomial(rows, k);
  });
  // Integer sums divided once: exact to the last bit of a double.
  return { rtp: sum / (100 * 2 ** rows), hitRate: hit / 2 ** rows };
}

export const REFERENCE_PLINKO = { rows: 16, risk: 'high' } as const;

export const plinkoModel: GameModel<PlinkoBet, PlinkoState, never> = {
  id: 'plinko',
  parseBet(input: unknown, limits: BetLimits): PlinkoBet {
    const r = asRecord(input);
    const amount = parseMinorUnits(r.amount);
    if (typeof r.rows !== 'number' || !Number.isInteger(r.rows) || r.rows < MIN_ROWS || r.rows > MAX_ROWS)
      throw new GameInputError('invalid_bet', `rows must be an integer ${MIN_ROWS}–${MAX_ROWS}`);
    if (r.risk !== 'low' && r.risk !== 'medium' && r.risk !== 'high')
      throw new GameInputError('invalid_bet', 'risk must be low, medium or high');
    checkLimits(amount, limits);
    return { amount, rows: r.rows, risk: r.risk };
  },
  open(bet: PlinkoBet, rng: Rng): RoundStep<PlinkoState> {
    const path = Array.from({ length: bet.rows }, () => rng.int(2));
    const pocket = path.reduce((a, b) => a + b, 0);
    const multiplier = PLINKO_TABLES[bet.risk][bet.rows]![pocket]!;
    const win = mulDivFloor(bet.amount, multiplier, 100);
    return { state: { bet, path, pocket, multiplier, win }, finished: true, stake: bet.amount, win };
  },
  abandon: payDecidedWin,
  view(state: PlinkoState) {
    return state;
  },
  describe() {
    const ref = plinkoFigures(REFERENCE_PLINKO.rows, REFERENCE_PLINKO.risk);
    const figures: Record<string, Record<number, { rtp: number; hitRate: number }>> = {};
    let max = 0;
    for (const risk of ['low', 'medium', 'high'] as const) {
      figures[risk] = {};
      for (let rows = MIN_ROWS; rows <= MAX_ROWS; rows++) {
        figures[risk]![rows] = plinkoFigures(rows, risk);
        max = Math.max(max, ...PLINKO_TABLES[risk][rows]!);
      }
    }
    return {
      rtp: ref.rtp,
      hitRate: ref.hitRate,
      maxMultiplier: max / 100,
      rules: {
        minRows: MIN_ROWS,
        maxRows: MAX_ROWS,
        /** Multipliers in hundredths, per risk and row count, pocket 0 first. */
        tables: PLINKO_TABLES,
        /** Exact RTP and hit rate per risk and row count; the top-level figures are `reference`'s. */
        figures,
        reference: REFERENCE_PLINKO,
      },
    };
  },
};
