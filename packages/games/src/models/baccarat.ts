/**
 * Baccarat (punto banco) dealt from an infinite deck: every card is an independent `rng.int(52)`,
 * the same as a continuous shuffling machine. Standard tableau for the third cards. Player pays
 * 1:1, banker 0.95:1 (5 % commission), tie 8:1; player and banker bets push on a tie. "No
 * Commission Baccarat": banker pays 1:1 except a banker win on a total of 6, which pays 1:2.
 *
 * Exact figures enumerate every card sequence (at most six cards of 10 values, ten-value cards
 * weighing 4/13), so no simulation is involved.
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
import { rankOf } from '../cards.ts';

export type BaccaratVariant = 'commission' | 'no-commission';
export type BaccaratSide = 'player' | 'banker' | 'tie';

export interface BaccaratBet {
  amount: number;
  side: BaccaratSide;
}

export interface BaccaratState {
  variant: BaccaratVariant;
  bet: BaccaratBet;
  /** Cards 0–51 in the order dealt to each hand. */
  player: number[];
  banker: number[];
  playerTotal: number;
  bankerTotal: number;
  outcome: BaccaratSide;
  win: number;
}

export function cardValue(card: number): number {
  const r = rankOf(card);
  return r >= 9 ? 0 : r + 1;
}

/** Does the banker draw, given its total and the player's third card value (null: player stood)? */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/** Plays the tableau over card values drawn by `draw`. */
function coup(draw: () => number): { p: number[]; b: number[] } {
  const p = [draw()];
  const b = [draw()];
  p.push(draw());
  b.push(draw());
  const total = (h: number[]) => h.reduce((a, c) => a + c, 0) % 10;
  if (total(p) >= 8 || total(b) >= 8) return { p, b };
  let third: number | null = null;
  if (total(p) <= 5) {
    third = draw();
    p.push(third);
  }
  if (bankerDraws(total(b), third)) b.push(draw());
  return { p, b };
}

/** Win (stake included) of a bet on `side`, in units of the stake × 100. */
export function payoutHundredths(
  variant: BaccaratVariant,
  side: BaccaratSide,
  outcome: BaccaratSide,
  bankerTotal: number,
): number {
  if (side === 'tie') return outcome === 'tie' ? 900 : 0;
  if (outcome === 'tie') return 100;
  if (side !== outcome) return 0;
  if (side === 'player') return 200;
  if (variant === 'commission') return 195;
  return bankerTotal === 6 ? 150 : 200;
}

/** Exact RTP and hit rate (win beyond a push) per side, by enumerating every coup. */
export function baccaratFigures(variant: BaccaratVariant): Record<BaccaratSide, { rtp: number; hitRate: number }> {
  const weight = (v: number) => (v === 0 ? 4 / 13 : 1 / 13);
  const out = { player: { rtp: 0, hitRate: 0 }, banker: { rtp: 0, hitRate: 0 }, tie: { rtp: 0, hitRate: 0 } };
  const twoCardTotal = new Array<number>(10).fill(0);
  for (let a = 0; a <= 9; a++) for (let b = 0; b <= 9; b++) twoCardTotal[(a + b) % 10]! += weight(a) * weight(b);
  // Final (player total, banker total, probability) over every coup, following the tableau so
  // only the cards actually dealt are enumerated.
  const add = (pt: number, bt: number, prob: number) => {
    const outcome: BaccaratSide = pt > bt ? 'player' : bt > pt ? 'banker' : 'tie';
    for (const side of ['player', 'banker', 'tie'] as const) {
      const pay = payoutHundredths(variant, side, outcome, bt);
      out[side].rtp += (prob * pay) / 100;
      if (pay > 0 && outcome === side) out[side].hitRate += prob;
    }
  };
  for (let p2 = 0; p2 <= 9; p2++)
    for (let b2 = 0; b2 <= 9; b2++) {
      // Two-card totals: P(total t) is the same for every t pairing of values, so enumerate totals.
      const pp = twoCardTotal[p2]! * twoCardTotal[b2]!;
      if (p2 >= 8 || b2 >= 8) {
        add(p2, b2, pp);
        continue;
      }
      if (p2 <= 5) {
        for (let t = 0; t <= 9; t++) {
          const pt = (p2 + t) % 10;
          const q = pp * weight(t);
          if (bankerDraws(b2, t)) for (let u = 0; u <= 9; u++) add(pt, (b2 + u) % 10, q * weight(u));
          else add(pt, b2, q);
        }
      } else if (bankerDraws(b2, null)) {
        for (let u = 0; u <= 9; u++) add(p2, (b2 + u) % 10, pp * weight(u));
      } else add(p2, b2, pp);
    }
  return out;
}

const figureCache = new Map<BaccaratVariant, Record<BaccaratSide, { rtp: number; hitRate: number }>>();

export function createBaccaratModel(variant: BaccaratVariant): GameModel<BaccaratBet, BaccaratState, never> {
  return {
    id: variant === 'commission' ? 'baccarat' : 'baccarat-no-commission',
    parseBet(input: unknown, limits: BetLimits): BaccaratBet {
      const r = asRecord(input);
      const amount = parseMinorUnits(r.amount);
      if (r.side !== 'player' && r.side !== 'banker' && r.side !== 'tie')
        throw new GameInputError('invalid_bet', 'side must be player, banker or tie');
      checkLimits(amount, limits);
      return { amount, side: r.side };
    },
    open(bet: BaccaratBet, rng: Rng): RoundStep<BaccaratState> {
      const cards: number[] = [];
      const { p, b } = coup(() => {
        const card = rng.int(52);
        cards.push(card);
        return cardValue(card);
      });
      // Cards were dealt P, B, P, B, then the player's and banker's thirds as drawn.
      const player = [cards[0]!, cards[2]!, ...(p.length === 3 ? [cards[4]!] : [])];
      const banker = [cards[1]!, cards[3]!, ...(b.length === 3 ? [cards[p.length === 3 ? 5 : 4]!] : [])];
      const playerTotal = p.reduce((a, c) => a + c, 0) % 10;
      const bankerTotal = b.reduce((a, c) => a + c, 0) % 10;
      const outcome: BaccaratSide = playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
      const win = mulDivFloor(bet.amount, payoutHundredths(variant, bet.side, outcome, bankerTotal), 100);
      return {
        state: { variant, bet, player, banker, playerTotal, bankerTotal, outcome, win },
        finished: true,
        stake: bet.amount,
        win,
      };
    },
    abandon: payDecidedWin,
    view(state: BaccaratState) {
      return state;
    },
    describe() {
      let figures = figureCache.get(variant);
      if (!figures) {
        figures = baccaratFigures(variant);
        figureCache.set(variant, figures);
      }
      return {
        // The banker bet: the best bet on both tables; every side is in `rules.figures`.
        rtp: figures.banker.rtp,
        hitRate: figures.banker.hitRate,
        maxMultiplier: 9,
        rules: {
          variant,
          deck: 'infinite (continuous shuffler)',
          /** Win per unit staked, stake included, in hundredths; banker on 6 applies to no-commission only. */
          payouts: {
            player: 200,
            banker: variant === 'commission' ? 195 : 200,
            bankerOnSix: variant === 'commission' ? 195 : 150,
            tie: 900,
            push: 100,
          },
          figures,
        },
      };
    },
  };
}
