/**
 * Single-hand draw poker of the Jacks-or-Better family: Jacks or Better 9/6, Bonus Poker 8/5,
 * Double Bonus Poker 9/7 and Tens or Better 6/5. The deck is shuffled by Fisher–Yates from
 * `rng.int` at the deal; the first five cards are shown and replacements come from the rest of the
 * shuffled deck in order, so the draw is fixed at the deal (and not shown until the round ends).
 * The action is a hold mask (bit i = keep card i).
 *
 * Exact RTP with optimal holds enumerates all C(52,5) deals and, for each, all 32 holds. For each
 * card subset S, `sums[S]` = total pay of the 5-card hands containing S; the total pay of the
 * draws that keep hold H (and none of the discarded cards) is then the inclusion–exclusion
 * Σ_{S ⊆ discards} (−1)^{|S|} sums[H ∪ S]. `scripts/video-poker-exact.ts` runs it; the figures
 * are stored in PAYTABLES and re-derived by video-poker.test.ts.
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

export type HandRank =
  | 'royal-flush'
  | 'straight-flush'
  | 'four-aces'
  | 'four-2-4'
  | 'four-5-k'
  | 'full-house'
  | 'flush'
  | 'straight'
  | 'three-of-a-kind'
  | 'two-pair'
  | 'high-pair'
  | 'nothing';

export interface Paytable {
  id: 'jacks-or-better' | 'bonus-poker' | 'double-bonus' | 'tens-or-better';
  title: string;
  /** Lowest pair rank that pays (rank index: 9 = ten, 10 = jack). */
  minPair: number;
  /** Coins per coin bet for each hand. */
  pays: Record<HandRank, number>;
  /** Exact RTP and hit rate with optimal holds (from scripts/video-poker-exact.ts). */
  rtp: number;
  hitRate: number;
}

const quads = (all: number) => ({ 'four-aces': all, 'four-2-4': all, 'four-5-k': all });

export const PAYTABLES: Record<Paytable['id'], Paytable> = {
  'jacks-or-better': {
    id: 'jacks-or-better',
    title: 'Jacks or Better 9/6',
    minPair: 10,
    pays: {
      'royal-flush': 800,
      'straight-flush': 50,
      ...quads(25),
      'full-house': 9,
      flush: 6,
      straight: 4,
      'three-of-a-kind': 3,
      'two-pair': 2,
      'high-pair': 1,
      nothing: 0,
    },
    rtp: 0.9954390436921944,
    hitRate: 0.45456533077322286,
  },
  'bonus-poker': {
    id: 'bonus-poker',
    title: 'Bonus Poker 8/5',
    minPair: 10,
    pays: {
      'royal-flush': 800,
      'straight-flush': 50,
      'four-aces': 80,
      'four-2-4': 40,
      'four-5-k': 25,
      'full-house': 8,
      flush: 5,
      straight: 4,
      'three-of-a-kind': 3,
      'two-pair': 2,
      'high-pair': 1,
      nothing: 0,
    },
    rtp: 0.991659731871984,
    hitRate: 0.45514547614660544,
  },
  'double-bonus': {
    id: 'double-bonus',
    title: 'Double Bonus Poker 9/7',
    minPair: 10,
    pays: {
      'royal-flush': 800,
      'straight-flush': 50,
      'four-aces': 160,
      'four-2-4': 80,
      'four-5-k': 50,
      'full-house': 9,
      flush: 7,
      straight: 5,
      'three-of-a-kind': 3,
      'two-pair': 1,
      'high-pair': 1,
      nothing: 0,
    },
    rtp: 0.9910647185404424,
    hitRate: 0.4318934469742627,
  },
  'tens-or-better': {
    id: 'tens-or-better',
    title: 'Tens or Better 6/5',
    minPair: 9,
    pays: {
      'royal-flush': 800,
      'straight-flush': 50,
      ...quads(25),
      'full-house': 6,
      flush: 5,
      straight: 4,
      'three-of-a-kind': 3,
      'two-pair': 2,
      'high-pair': 1,
      nothing: 0,
    },
    rtp: 0.9913875225641811,
    hitRate: 0.4945178184476449,
  },
};

// ---------------------------------------------------------------------------------------------
// Hand evaluation (card = rank + 13 · suit, rank 0 = ace … 12 = king)

const counts = new Int8Array(13);

export function evaluateHand(cards: readonly number[], minPair: number): HandRank {
  counts.fill(0);
  let suitMask = 0;
  let rankMask = 0;
  for (let i = 0; i < 5; i++) {
    const c = cards[i]!;
    const r = c % 13;
    counts[r]!++;
    rankMask |= 1 << r;
    suitMask |= 1 << Math.floor(c / 13);
  }
  const flush = (suitMask & (suitMask - 1)) === 0;
  let pairs = 0;
  let trips = false;
  let quad = -1;
  let highPair = false;
  for (let r = 0; r < 13; r++) {
    const n = counts[r]!;
    if (n === 4) quad = r;
    else if (n === 3) trips = true;
    else if (n === 2) {
      pairs++;
      if (r === 0 || r >= minPair) highPair = true;
    }
  }
  if (quad >= 0) return quad === 0 ? 'four-aces' : quad <= 3 ? 'four-2-4' : 'four-5-k';
  if (trips && pairs === 1) return 'full-house';
  const distinct = pairs === 0 && !trips;
  let straight = false;
  let royal = false;
  if (distinct) {
    // Five distinct ranks: a straight spans exactly 5 (ace low), or is 10-J-Q-K-A.
    const ROYAL = (1 << 0) | (1 << 9) | (1 << 10) | (1 << 11) | (1 << 12);
    if (rankMask === ROYAL) {
      straight = true;
      royal = true;
    } else {
      const low = 31 - Math.clz32(rankMask & -rankMask);
      straight = rankMask === 31 << low;
    }
  }
  if (straight && flush) return royal ? 'royal-flush' : 'straight-flush';
  if (flush) return 'flush';
  if (straight) return 'straight';
  if (trips) return 'three-of-a-kind';
  if (pairs === 2) return 'two-pair';
  if (highPair) return 'high-pair';
  return 'nothing';
}

export function handPay(cards: readonly number[], table: Paytable): number {
  return table.pays[evaluateHand(cards, table.minPair)];
}

// ---------------------------------------------------------------------------------------------
// Exact analysis and optimal holds

const BINOM: number[][] = Array.from({ length: 53 }, (_, n) =>
  Array.from({ length: 6 }, (_, k) => {
    let r = 1;
    for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
    return k > n ? 0 : Math.round(r);
  }),
);

/** Subset sums of pay and of paying-hand counts, by subset size and colex index. */
export class HoldTables {
  readonly paySums: Float64Array[];
  readonly hitCounts: Float64Array[];

  constructor(readonly table: Paytable) {
    this.paySums = [0, 1, 2, 3, 4, 5].map((k) => new Float64Array(BINOM[52]![k]!));
    this.hitCounts = [0, 1, 2, 3, 4, 5].map((k) => new Float64Array(BINOM[52]![k]!));
    const hand = [0, 0, 0, 0, 0];
    const idx = new Int32Array(32);
    for (let a = 0; a < 52; a++)
      for (let b = a + 1; b < 52; b++)
        for (let c = b + 1; c < 52; c++)
          for (let d = c + 1; d < 52; d++)
            for (let e = d + 1; e < 52; e++) {
              hand[0] = a;
              hand[1] = b;
              hand[2] = c;
              hand[3] = d;
              hand[4] = e;
              const pay = handPay(hand, table);
              if (pay === 0) continue;
              subsetIndices(hand, idx);
              for (let m = 0; m < 32; m++) {
                const k = POPCOUNT[m]!;
                this.paySums[k]![idx[m]!]! += pay;
                this.hitCounts[k]![idx[m]!]! += 1;
              }
            }
  }

  private readonly idx = new Int32Array(32);
  private readonly sortedEvs = new Float64Array(32);
  private readonly sortedHits = new Float64Array(32);

  /** Expected pay and hit chance of every hold, masks over the ascending cards `sorted`. */
  private sortedHoldValues(sorted: readonly number[]): void {
    const idx = this.idx;
    subsetIndices(sorted, idx);
    for (let h = 0; h < 32; h++) {
      const comp = 31 & ~h;
      let pay = 0;
      let hit = 0;
      for (let s = comp; ; s = (s - 1) & comp) {
        const m = h | s;
        const k = POPCOUNT[m]!;
        const i = idx[m]!;
        if (POPCOUNT[s]! & 1) {
          pay -= this.paySums[k]![i]!;
          hit -= this.hitCounts[k]![i]!;
        } else {
          pay += this.paySums[k]![i]!;
          hit += this.hitCounts[k]![i]!;
        }
        if (s === 0) break;
      }
      const draws = BINOM[47]![5 - POPCOUNT[h]!]!;
      this.sortedEvs[h] = pay / draws;
      this.sortedHits[h] = hit / draws;
    }
  }

  /** Best mask over sorted positions (ties: most cards kept, then lowest mask). */
  private bestSortedMask(): number {
    const evs = this.sortedEvs;
    let hold = 0;
    for (let h = 1; h < 32; h++) {
      const diff = evs[h]! - evs[hold]!;
      if (diff > 1e-12 || (diff >= -1e-12 && POPCOUNT[h]! > POPCOUNT[hold]!)) hold = h;
    }
    return hold;
  }

  /**
   * The optimal hold (bit i = keep dealt card i), with its expected pay and chance of a paying
   * hand. Exact ties go to the hold keeping the most cards, then the lowest mask (over the cards
   * in ascending order), so the strategy and its hit rate are reproducible.
   */
  bestHold(dealt: readonly number[]): { hold: number; ev: number; hit: number } {
    const order = [0, 1, 2, 3, 4].sort((x, y) => dealt[x]! - dealt[y]!);
    this.sortedHoldValues(order.map((i) => dealt[i]!));
    const h = this.bestSortedMask();
    let hold = 0;
    for (let j = 0; j < 5; j++) if (h & (1 << j)) hold |= 1 << order[j]!;
    return { hold, ev: this.sortedEvs[h]!, hit: this.sortedHits[h]! };
  }

  /** Exact RTP and hit rate with optimal holds over all C(52,5) deals (several seconds). */
  exactFigures(): { rtp: number; hitRate: number } {
    let ev = 0;
    let hit = 0;
    const hand = [0, 0, 0, 0, 0];
    for (let a = 0; a < 52; a++)
      for (let b = a + 1; b < 52; b++)
        for (let c = b + 1; c < 52; c++)
          for (let d = c + 1; d < 52; d++)
            for (let e = d + 1; e < 52; e++) {
              hand[0] = a;
              hand[1] = b;
              hand[2] = c;
              hand[3] = d;
              hand[4] = e;
              this.sortedHoldValues(hand);
              const h = this.bestSortedMask();
              ev += this.sortedEvs[h]!;
              hit += this.sortedHits[h]!;
            }
    const deals = BINOM[52]![5]!;
    return { rtp: ev / deals, hitRate: hit / deals };
  }
}

const POPCOUNT = Int8Array.from(
  { length: 32 },
  (_, m) => ((m >> 0) & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1) + ((m >> 4) & 1),
);

/** Colex index of every subset (bit j = sorted[j]) within the subsets of its size. */
function subsetIndices(sorted: readonly number[], out: Int32Array): void {
  for (let m = 0; m < 32; m++) {
    let index = 0;
    let pos = 0;
    for (let j = 0; j < 5; j++)
      if (m & (1 << j)) {
        pos++;
        index += BINOM[sorted[j]!]![pos]!;
      }
    out[m] = index;
  }
}

// ---------------------------------------------------------------------------------------------
// Play

export interface VideoPokerBet {
  amount: number;
}

export interface VideoPokerState {
  paytable: Paytable['id'];
  bet: VideoPokerBet;
  /** The shuffled deck's first 10 cards: 0–4 dealt, 5–9 the replacements in order. */
  deck: number[];
  /** The five cards shown now (the final hand once drawn). */
  hand: number[];
  held: number | null;
  rank: HandRank | null;
  win: number;
}

/** Shown to the player: the replacements stay hidden until the draw. */
export type VideoPokerView = Omit<VideoPokerState, 'deck'> & { dealt: number[] };

export interface VideoPokerModel extends GameModel<VideoPokerBet, VideoPokerState, { hold: number }> {
  paytable: Paytable;
}

export function createVideoPokerModel(id: Paytable['id']): VideoPokerModel {
  const table = PAYTABLES[id];
  return {
    id,
    paytable: table,
    parseBet(input: unknown, limits: BetLimits): VideoPokerBet {
      const amount = parseMinorUnits(asRecord(input).amount);
      checkLimits(amount, limits);
      return { amount };
    },
    open(bet: VideoPokerBet, rng: Rng): RoundStep<VideoPokerState> {
      const deck = shuffledRange(52, rng).slice(0, 10);
      return {
        state: { paytable: id, bet, deck, hand: deck.slice(0, 5), held: null, rank: null, win: 0 },
        finished: false,
        stake: bet.amount,
        win: 0,
      };
    },
    act(state: VideoPokerState, action: unknown): RoundStep<VideoPokerState> {
      if (state.held !== null) throw invalidAction('The hand is already drawn');
      const hold = asRecord(action, 'action').hold;
      if (typeof hold !== 'number' || !Number.isInteger(hold) || hold < 0 || hold > 31)
        throw invalidAction('hold must be an integer mask 0–31 (bit i keeps card i)');
      let next = 5;
      const hand = state.deck.slice(0, 5).map((card, i) => (hold & (1 << i) ? card : state.deck[next++]!));
      const rank = evaluateHand(hand, table.minPair);
      const win = mulDivFloor(state.bet.amount, table.pays[rank], 1);
      return { state: { ...state, hand, held: hold, rank, win }, finished: true, stake: state.bet.amount, win };
    },
    abandon(state: VideoPokerState, staked: number): number {
      if (state.held !== null) return state.win;
      // The dealt hand as it stands (holding all five), or the stake back if that is more.
      const dealt = state.deck.slice(0, 5);
      return Math.max(mulDivFloor(state.bet.amount, table.pays[evaluateHand(dealt, table.minPair)], 1), staked);
    },
    view(state: VideoPokerState, finished: boolean): VideoPokerView {
      const { deck, ...rest } = state;
      return { ...rest, dealt: deck.slice(0, 5), ...(finished ? {} : { hand: deck.slice(0, 5) }) };
    },
    describe() {
      return {
        rtp: table.rtp,
        hitRate: table.hitRate,
        maxMultiplier: table.pays['royal-flush'],
        rules: {
          paytable: id,
          title: table.title,
          pays: table.pays,
          minPair: table.minPair,
          deck: 52,
          optimalHolds: true,
        },
      };
    },
  };
}

export function parseHold(input: unknown): number {
  const hold = asRecord(input, 'action').hold;
  if (typeof hold !== 'number' || !Number.isInteger(hold) || hold < 0 || hold > 31)
    throw new GameInputError('invalid_action', 'hold must be 0–31');
  return hold;
}
