/**
 * Blackjack dealt from an infinite deck: every card is an independent `rng.int(52)`, which is what
 * a continuous shuffling machine approximates and what makes the exact analysis below tractable
 * (card probabilities never change: 1/13 per rank, 4/13 for a ten-value card).
 *
 * Rules: dealer stands on all 17s (soft 17 included); blackjack pays 3:2; the dealer peeks with an
 * ace or ten-value up-card, and a dealer blackjack takes only the original stake (a player
 * blackjack pushes); double on any first two cards, also after a split; split once on two cards of
 * equal value (no resplit); split aces get one card each and a 21 after a split is not a
 * blackjack; no insurance. 'Blackjack Surrender' adds late surrender (after the peek, first
 * decision only, half the stake back). Actions: hit, stand, double, split, surrender. A hand that
 * reaches 21 stands by itself.
 *
 * Exact RTP: for each up-card the dealer's final-total distribution (conditioned on no blackjack
 * when it peeks) is computed by recursion, the player's expected value of each action by
 * recursion over (hard total, holds an ace), and the round EV is the probability-weighted best
 * action over every first two cards and up-card. RTP = 1 + EV per original stake; doubles and
 * splits add stake, so the RTP is stated per original bet, as is usual for blackjack.
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
import type { Rng } from '../rng.ts';
import { rankOf } from '../cards.ts';

export type BlackjackVariant = 'standard' | 'surrender';
export type BlackjackAction = 'hit' | 'stand' | 'double' | 'split' | 'surrender';

export interface BlackjackBet {
  amount: number;
}

export interface BlackjackHand {
  /** Cards 0–51. */
  cards: number[];
  /** Stake on this hand, minor units (doubled hands carry twice the bet). */
  stake: number;
  doubled: boolean;
  /** A split ace: one card only. */
  splitAces: boolean;
  done: boolean;
  /** Win of this hand (stake included), set when the round is settled. */
  win: number | null;
  result: 'blackjack' | 'win' | 'push' | 'lose' | 'bust' | 'surrender' | null;
}

export interface BlackjackState {
  variant: BlackjackVariant;
  bet: BlackjackBet;
  /** Up-card first, then the hole card and any draws. The view hides all but the up-card until the end. */
  dealer: number[];
  hands: BlackjackHand[];
  /** Index of the hand being played. */
  active: number;
  split: boolean;
  finished: boolean;
  win: number;
}

// ---------------------------------------------------------------------------------------------
// Card values and hand totals

/** 1 (ace) … 10. */
export function valueOf(card: number): number {
  const r = rankOf(card);
  return r >= 9 ? 10 : r + 1;
}

const P_VALUE = [0, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 4 / 13];

export function handTotal(cards: readonly number[]): { total: number; soft: boolean } {
  let hard = 0;
  let ace = false;
  for (const c of cards) {
    const v = valueOf(c);
    hard += v;
    if (v === 1) ace = true;
  }
  return ace && hard + 10 <= 21 ? { total: hard + 10, soft: true } : { total: hard, soft: false };
}

const best = (hard: number, ace: boolean) => (ace && hard + 10 <= 21 ? hard + 10 : hard);

function isBlackjack(cards: readonly number[]): boolean {
  return cards.length === 2 && handTotal(cards).total === 21;
}

// ---------------------------------------------------------------------------------------------
// Exact analysis

/** Dealer final distribution: index 17–21 = final total, 22 = bust. */
type DealerDist = number[];

function dealerFinal(hard: number, ace: boolean, memo: Map<number, DealerDist>): DealerDist {
  const key = hard * 2 + (ace ? 1 : 0);
  const cached = memo.get(key);
  if (cached) return cached;
  const out = new Array<number>(23).fill(0);
  const b = best(hard, ace);
  if (hard > 21) out[22] = 1;
  else if (b >= 17) out[b] = 1;
  else
    for (let v = 1; v <= 10; v++) {
      const sub = dealerFinal(hard + v, ace || v === 1, memo);
      for (let i = 17; i <= 22; i++) out[i]! += P_VALUE[v]! * sub[i]!;
    }
  memo.set(key, out);
  return out;
}

/** Dealer outcome for up-card value `up`, given no dealer blackjack (the peek). */
export function dealerDistribution(up: number): DealerDist {
  const memo = new Map<number, DealerDist>();
  const out = new Array<number>(23).fill(0);
  let mass = 0;
  for (let hole = 1; hole <= 10; hole++) {
    if ((up === 1 && hole === 10) || (up === 10 && hole === 1)) continue;
    const sub = dealerFinal(up + hole, up === 1 || hole === 1, memo);
    for (let i = 17; i <= 22; i++) out[i]! += P_VALUE[hole]! * sub[i]!;
    mass += P_VALUE[hole]!;
  }
  return out.map((x) => x / mass);
}

export function dealerBlackjackChance(up: number): number {
  return up === 1 ? P_VALUE[10]! : up === 10 ? P_VALUE[1]! : 0;
}

/** Everything the optimal strategy needs for one up-card. */
class UpcardAnalysis {
  readonly dealer: DealerDist;
  private readonly hitStandMemo = new Map<number, { ev: number; hit: boolean }>();
  private readonly finalMemo = new Map<number, number[]>();

  constructor(readonly up: number) {
    this.dealer = dealerDistribution(up);
  }

  standEv(total: number): number {
    if (total > 21) return -1;
    const d = this.dealer;
    let ev = d[22]!;
    for (let t = 17; t <= 21; t++) ev += t < total ? d[t]! : t > total ? -d[t]! : 0;
    return ev;
  }

  /** Best of hit and stand from (hard, ace), with no double or split left. */
  hitStand(hard: number, ace: boolean): { ev: number; hit: boolean } {
    if (hard > 21) return { ev: -1, hit: false };
    const key = hard * 2 + (ace ? 1 : 0);
    const cached = this.hitStandMemo.get(key);
    if (cached) return cached;
    const stand = this.standEv(best(hard, ace));
    let hit = -Infinity;
    if (best(hard, ace) < 21) {
      hit = 0;
      for (let v = 1; v <= 10; v++) hit += P_VALUE[v]! * this.hitStand(hard + v, ace || v === 1).ev;
    }
    const out = hit > stand ? { ev: hit, hit: true } : { ev: stand, hit: false };
    this.hitStandMemo.set(key, out);
    return out;
  }

  hitEv(hard: number, ace: boolean): number {
    let ev = 0;
    for (let v = 1; v <= 10; v++) ev += P_VALUE[v]! * this.hitStand(hard + v, ace || v === 1).ev;
    return ev;
  }

  doubleEv(hard: number, ace: boolean): number {
    let ev = 0;
    for (let v = 1; v <= 10; v++) ev += P_VALUE[v]! * this.standEv(best(hard + v, ace || v === 1));
    return 2 * ev;
  }

  /** EV of one hand after splitting a pair of `v`, per original stake of that hand. */
  splitHandEv(v: number): number {
    let ev = 0;
    for (let c = 1; c <= 10; c++) {
      const hard = v + c;
      const ace = v === 1 || c === 1;
      ev +=
        P_VALUE[c]! *
        (v === 1 ? this.standEv(best(hard, ace)) : Math.max(this.hitStand(hard, ace).ev, this.doubleEv(hard, ace)));
    }
    return ev;
  }

  /** Best action and every action's EV for a hand state. */
  decide(
    hard: number,
    ace: boolean,
    options: { double: boolean; split: number | null; surrender: boolean },
  ): { action: BlackjackAction; ev: number; evs: Partial<Record<BlackjackAction, number>> } {
    const total = best(hard, ace);
    const evs: Partial<Record<BlackjackAction, number>> = { stand: this.standEv(total) };
    if (total < 21) evs.hit = this.hitEv(hard, ace);
    if (options.double && total < 21) evs.double = this.doubleEv(hard, ace);
    if (options.split !== null) evs.split = 2 * this.splitHandEv(options.split);
    if (options.surrender) evs.surrender = -0.5;
    let action: BlackjackAction = 'stand';
    // Fixed preference order breaks exact ties deterministically.
    for (const a of ['hit', 'double', 'split', 'surrender'] as const)
      if (evs[a] !== undefined && evs[a]! > evs[action]!) action = a;
    return { action, ev: evs[action]!, evs };
  }

  /**
   * Final-total distribution of one hand played optimally from (hard, ace) with hit/stand only
   * (index = final total, 22 = bust), for the exact hit rate.
   */
  finalDist(hard: number, ace: boolean): number[] {
    const key = hard * 2 + (ace ? 1 : 0);
    const cached = this.finalMemo.get(key);
    if (cached) return cached;
    const out = this.computeFinalDist(hard, ace);
    this.finalMemo.set(key, out);
    return out;
  }

  private computeFinalDist(hard: number, ace: boolean): number[] {
    const out = new Array<number>(23).fill(0);
    if (hard > 21) {
      out[22] = 1;
      return out;
    }
    if (!this.hitStand(hard, ace).hit) {
      out[best(hard, ace)] = 1;
      return out;
    }
    for (let v = 1; v <= 10; v++) {
      const sub = this.finalDist(hard + v, ace || v === 1);
      for (let i = 0; i < 23; i++) out[i]! += P_VALUE[v]! * sub[i]!;
    }
    return out;
  }

  /** One card then stand. */
  drawOnce(hard: number, ace: boolean): number[] {
    const out = new Array<number>(23).fill(0);
    for (let v = 1; v <= 10; v++) {
      const h = hard + v;
      out[h > 21 ? 22 : best(h, ace || v === 1)]! += P_VALUE[v]!;
    }
    return out;
  }

  /** Distribution of a hand's net result in stakes (−2…2) for each dealer outcome. */
  netGivenDealer(dist: number[], stakeUnits: number): Map<number, number>[] {
    const perDealer: Map<number, number>[] = [];
    for (let d = 17; d <= 22; d++) {
      const m = new Map<number, number>();
      dist.forEach((p, f) => {
        if (p === 0) return;
        const net = f === 22 ? -stakeUnits : d === 22 || f > d ? stakeUnits : f === d ? 0 : -stakeUnits;
        m.set(net, (m.get(net) ?? 0) + p);
      });
      perDealer[d] = m;
    }
    return perDealer;
  }
}

export interface BlackjackFigures {
  rtp: number;
  hitRate: number;
  houseEdge: number;
}

const analyses = new Map<number, UpcardAnalysis>();
function analysis(up: number): UpcardAnalysis {
  let a = analyses.get(up);
  if (!a) {
    a = new UpcardAnalysis(up);
    analyses.set(up, a);
  }
  return a;
}

/** Exact RTP (per original stake) and P(round nets a profit) under the optimal strategy. */
export function blackjackFigures(variant: BlackjackVariant): BlackjackFigures {
  let ev = 0;
  let hit = 0;
  for (let up = 1; up <= 10; up++) {
    const a = analysis(up);
    const dbj = dealerBlackjackChance(up);
    for (let c1 = 1; c1 <= 10; c1++)
      for (let c2 = 1; c2 <= 10; c2++) {
        const p = P_VALUE[up]! * P_VALUE[c1]! * P_VALUE[c2]!;
        const hard = c1 + c2;
        const ace = c1 === 1 || c2 === 1;
        if (best(hard, ace) === 21) {
          ev += p * (1 - dbj) * 1.5;
          hit += p * (1 - dbj);
          continue;
        }
        const decision = a.decide(hard, ace, {
          double: true,
          split: c1 === c2 ? c1 : null,
          surrender: variant === 'surrender',
        });
        ev += p * (-dbj + (1 - dbj) * decision.ev);
        hit += p * (1 - dbj) * winChance(a, decision.action, hard, ace, c1);
      }
  }
  return { rtp: 1 + ev, hitRate: hit, houseEdge: -ev };
}

/** P(net > 0) of a non-blackjack hand after the peek, given the chosen first action. */
function winChance(a: UpcardAnalysis, action: BlackjackAction, hard: number, ace: boolean, pairValue: number): number {
  const d = a.dealer;
  if (action === 'surrender') return 0;
  const single = (dist: number[], units: number) => {
    const per = a.netGivenDealer(dist, units);
    let p = 0;
    for (let t = 17; t <= 22; t++) for (const [net, q] of per[t]!) if (net > 0) p += d[t]! * q;
    return p;
  };
  if (action === 'stand') {
    const dist = new Array<number>(23).fill(0);
    dist[best(hard, ace)] = 1;
    return single(dist, 1);
  }
  if (action === 'hit') {
    const dist = new Array<number>(23).fill(0);
    for (let v = 1; v <= 10; v++) {
      const sub = a.finalDist(hard + v, ace || v === 1);
      for (let i = 0; i < 23; i++) dist[i]! += P_VALUE[v]! * sub[i]!;
    }
    return single(dist, 1);
  }
  if (action === 'double') return single(a.drawOnce(hard, ace), 2);
  // Split: two independent hands against the same dealer outcome; each hand is (pair, card) played
  // with the split-hand optimum (one card for aces; otherwise double or hit/stand).
  const handNets: Map<number, number>[] = [];
  for (let t = 17; t <= 22; t++) handNets[t] = new Map();
  for (let c = 1; c <= 10; c++) {
    const h = pairValue + c;
    const ac = pairValue === 1 || c === 1;
    let dist: number[];
    let units = 1;
    if (pairValue === 1) {
      dist = new Array<number>(23).fill(0);
      dist[best(h, ac)] = 1;
    } else if (a.doubleEv(h, ac) > a.hitStand(h, ac).ev) {
      dist = a.drawOnce(h, ac);
      units = 2;
    } else dist = a.finalDist(h, ac);
    const per = a.netGivenDealer(dist, units);
    for (let t = 17; t <= 22; t++)
      for (const [net, q] of per[t]!) handNets[t]!.set(net, (handNets[t]!.get(net) ?? 0) + P_VALUE[c]! * q);
  }
  let p = 0;
  for (let t = 17; t <= 22; t++)
    for (const [n1, q1] of handNets[t]!) for (const [n2, q2] of handNets[t]!) if (n1 + n2 > 0) p += d[t]! * q1 * q2;
  return p;
}

// ---------------------------------------------------------------------------------------------
// Play

const draw = (rng: Rng) => rng.int(52);

function legalActions(state: BlackjackState): BlackjackAction[] {
  if (state.finished) return [];
  const hand = state.hands[state.active]!;
  const actions: BlackjackAction[] = ['hit', 'stand'];
  const first = hand.cards.length === 2;
  if (first && !hand.splitAces) actions.push('double');
  if (first && !state.split && valueOf(hand.cards[0]!) === valueOf(hand.cards[1]!)) actions.push('split');
  if (first && !state.split && state.variant === 'surrender') actions.push('surrender');
  return actions;
}

/** The optimal action for the active hand (from the exact analysis); null when the round is over. */
export function basicStrategy(state: BlackjackState): BlackjackAction | null {
  if (state.finished) return null;
  const legal = legalActions(state);
  const hand = state.hands[state.active]!;
  let hard = 0;
  let ace = false;
  for (const c of hand.cards) {
    hard += valueOf(c);
    if (valueOf(c) === 1) ace = true;
  }
  const decision = analysis(valueOf(state.dealer[0]!)).decide(hard, ace, {
    double: legal.includes('double'),
    split: legal.includes('split') ? valueOf(hand.cards[0]!) : null,
    surrender: legal.includes('surrender'),
  });
  return decision.action;
}

function settleRound(state: BlackjackState, rng: Rng): BlackjackState {
  const dealer = [...state.dealer];
  const live = state.hands.some((h) => h.result !== 'bust' && h.result !== 'surrender');
  if (live) while (handTotal(dealer).total < 17) dealer.push(draw(rng));
  const d = handTotal(dealer).total;
  const hands = state.hands.map((h): BlackjackHand => {
    if (h.result === 'bust' || h.result === 'surrender') return h;
    const t = handTotal(h.cards).total;
    if (d > 21 || t > d) return { ...h, result: 'win', win: h.stake * 2 };
    if (t === d) return { ...h, result: 'push', win: h.stake };
    return { ...h, result: 'lose', win: 0 };
  });
  return finalize({ ...state, dealer, hands });
}

function finalize(state: BlackjackState): BlackjackState {
  return { ...state, finished: true, win: state.hands.reduce((a, h) => a + (h.win ?? 0), 0) };
}

/** Moves to the next unfinished hand, or plays the dealer and settles. */
function advance(state: BlackjackState, rng: Rng): BlackjackState {
  let active = state.active;
  while (active < state.hands.length && state.hands[active]!.done) active++;
  if (active < state.hands.length) return { ...state, active };
  return settleRound({ ...state, active: state.hands.length - 1 }, rng);
}

function withCard(hand: BlackjackHand, card: number): BlackjackHand {
  const cards = [...hand.cards, card];
  const t = handTotal(cards).total;
  if (t > 21) return { ...hand, cards, done: true, result: 'bust', win: 0 };
  return { ...hand, cards, done: t === 21 };
}

function step(state: BlackjackState): RoundStep<BlackjackState> {
  return {
    state,
    finished: state.finished,
    stake: state.hands.reduce((a, h) => a + h.stake, 0),
    win: state.finished ? state.win : 0,
  };
}

export interface BlackjackView extends Omit<BlackjackState, 'dealer'> {
  /** The up-card only while the round runs; every dealer card at the end. */
  dealer: number[];
  dealerTotal: number;
  totals: { total: number; soft: boolean }[];
  /** Actions the player may take now. */
  actions: BlackjackAction[];
}

export interface BlackjackModel extends GameModel<BlackjackBet, BlackjackState, { type: BlackjackAction }> {
  variant: BlackjackVariant;
}

export function createBlackjackModel(variant: BlackjackVariant): BlackjackModel {
  let figures: BlackjackFigures | null = null;
  return {
    id: variant === 'surrender' ? 'blackjack-surrender' : 'blackjack',
    variant,
    parseBet(input: unknown, limits: BetLimits): BlackjackBet {
      const amount = parseMinorUnits(asRecord(input).amount);
      checkLimits(amount, limits);
      return { amount };
    },
    open(bet: BlackjackBet, rng: Rng): RoundStep<BlackjackState> {
      // Dealt in casino order: player, dealer up, player, dealer hole.
      const p1 = draw(rng);
      const up = draw(rng);
      const p2 = draw(rng);
      const hole = draw(rng);
      const hand: BlackjackHand = {
        cards: [p1, p2],
        stake: bet.amount,
        doubled: false,
        splitAces: false,
        done: false,
        win: null,
        result: null,
      };
      const state: BlackjackState = {
        variant,
        bet,
        dealer: [up, hole],
        hands: [hand],
        active: 0,
        split: false,
        finished: false,
        win: 0,
      };
      const dealerBj = isBlackjack(state.dealer);
      const playerBj = isBlackjack(hand.cards);
      if (dealerBj)
        return step(
          finalize({
            ...state,
            hands: [{ ...hand, done: true, result: playerBj ? 'push' : 'lose', win: playerBj ? bet.amount : 0 }],
          }),
        );
      if (playerBj)
        return step(
          finalize({
            ...state,
            hands: [{ ...hand, done: true, result: 'blackjack', win: mulDivFloor(bet.amount, 5, 2) }],
          }),
        );
      return step(state);
    },
    act(state: BlackjackState, action: unknown, rng: Rng): RoundStep<BlackjackState> {
      const type = asRecord(action, 'action').type;
      const legal = legalActions(state);
      if (typeof type !== 'string' || !legal.includes(type as BlackjackAction))
        throw invalidAction(`Allowed now: ${legal.join(', ') || 'nothing (the round is over)'}`);
      const hands = [...state.hands];
      const hand = hands[state.active]!;
      switch (type as BlackjackAction) {
        case 'hit':
          hands[state.active] = withCard(hand, draw(rng));
          break;
        case 'stand':
          hands[state.active] = { ...hand, done: true };
          break;
        case 'double': {
          const h = withCard({ ...hand, stake: hand.stake * 2, doubled: true }, draw(rng));
          hands[state.active] = { ...h, done: true };
          break;
        }
        case 'split': {
          const aces = valueOf(hand.cards[0]!) === 1;
          const make = (card: number): BlackjackHand => {
            const h = withCard(
              {
                cards: [card],
                stake: state.bet.amount,
                doubled: false,
                splitAces: aces,
                done: false,
                win: null,
                result: null,
              },
              draw(rng),
            );
            return aces ? { ...h, done: true } : h;
          };
          const first = make(hand.cards[0]!);
          const second = make(hand.cards[1]!);
          hands.splice(state.active, 1, first, second);
          return step(advance({ ...state, hands, split: true }, rng));
        }
        case 'surrender':
          hands[state.active] = { ...hand, done: true, result: 'surrender', win: Math.floor(hand.stake / 2) };
          break;
      }
      return step(advance({ ...state, hands }, rng));
    },
    abandon(state: BlackjackState, staked: number): number {
      // Mid-hand there is no win so far: every stake (doubles and splits included) comes back.
      return state.finished ? state.win : staked;
    },
    view(state: BlackjackState, finished: boolean): BlackjackView {
      const dealer = finished ? state.dealer : state.dealer.slice(0, 1);
      return {
        ...state,
        dealer,
        dealerTotal: handTotal(dealer).total,
        totals: state.hands.map((h) => handTotal(h.cards)),
        actions: finished ? [] : legalActions(state),
      };
    },
    describe() {
      figures ??= blackjackFigures(variant);
      return {
        rtp: figures.rtp,
        hitRate: figures.hitRate,
        // Per original bet: two split hands, each doubled and winning, return 4 stakes each.
        maxMultiplier: 8,
        rules: {
          variant,
          deck: 'infinite (continuous shuffler)',
          dealerStandsSoft17: true,
          blackjackPays: '3:2',
          dealerPeeks: true,
          doubleOn: 'any first two cards, also after a split',
          splits: 1,
          splitAcesOneCard: true,
          surrender: variant === 'surrender' ? 'late' : null,
          insurance: false,
          houseEdge: figures.houseEdge,
        },
      };
    },
  };
}

export function parseBlackjackAction(input: unknown): BlackjackAction {
  const t = asRecord(input, 'action').type;
  if (t !== 'hit' && t !== 'stand' && t !== 'double' && t !== 'split' && t !== 'surrender')
    throw new GameInputError('invalid_action', 'Unknown action');
  return t;
}
