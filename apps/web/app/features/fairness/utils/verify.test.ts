import { describe, expect, it } from 'vitest';
import { createProvablyFairRng, sha256Hex } from '@croupier/games/provably-fair';
import type { Rng } from '@croupier/games/rng';
import type { FairRound } from '../api/fairness-api';
import { sameJson, verifyRound, type ReplayKit, type ReplayModel, type SharedReplayMath } from './verify';

// A two-step game: `open` deals a card (0–51) and stakes the bet; `act` 'draw' deals another and
// pays twice the stake when the second card is higher. Enough to prove the stream resumes.
const hiLo: ReplayModel = {
  open(bet, rng) {
    const amount = (bet as { amount: number }).amount;
    return { state: { amount, cards: [(rng as Rng).int(52)] }, finished: false, stake: amount, win: 0 };
  },
  act(state, _action, rng) {
    const s = state as { amount: number; cards: number[] };
    const cards = [...s.cards, (rng as Rng).int(52)];
    return { state: { ...s, cards }, finished: true, stake: s.amount, win: cards[1]! > cards[0]! ? s.amount * 2 : 0 };
  },
  view: (state, finished) => ({ ...(state as object), finished }),
};

const crashLike: SharedReplayMath = {
  draw: (rng) => ({ bust: 1 + Math.floor((rng as Rng).float() * 1000) / 100 }),
  settle: (bet, result, cashout) =>
    cashout !== null && cashout <= (result.bust as number)
      ? Math.floor((bet as { amount: number }).amount * cashout)
      : 0,
};

const kit: ReplayKit = {
  sha256Hex,
  rng: (serverSeed, clientSeed, nonce, startAt) => createProvablyFairRng({ serverSeed, clientSeed, nonce, startAt }),
  model: (game) => (game.model === 'hi-lo' ? hiLo : null),
  shared: (game) => (game.engine === 'crash' ? crashLike : null),
};

const SEED = 'a3f1c2e4b5d6978812345678abcdef00a3f1c2e4b5d6978812345678abcdef00';

/** Plays a round the way the server does, to get the record the API would return. */
function playedRound(nonce: number): FairRound {
  const rng0 = kit.rng(SEED, 'lucky', nonce, 0);
  const opened = hiLo.open({ amount: 100 }, rng0);
  const rng1 = kit.rng(SEED, 'lucky', nonce, rng0.position);
  const done = hiLo.act!(opened.state, 'draw', rng1);
  return {
    round_id: 7,
    game: { identifier: 'croupier/hi-lo', title: 'Hi-Lo', engine: 'cards', model: 'hi-lo' },
    server_seed_hash: sha256Hex(SEED),
    server_seed: SEED,
    client_seed: 'lucky',
    nonce,
    bet: { amount: 100 },
    actions: ['draw'],
    outcome: hiLo.view(done.state, true),
    status: 'finished',
    win_cents: done.win,
    stake_cents: 100,
    currency: 'EUR',
  };
}

describe('round verification', () => {
  it('verifies an honest round: hash, replayed outcome and win', () => {
    const result = verifyRound(playedRound(3), kit);
    expect(result).toMatchObject({ kind: 'checked', hashOk: true, outcome: 'match', verified: true });
  });

  it('catches a server seed that is not the committed one', () => {
    const round = { ...playedRound(3), server_seed_hash: sha256Hex('another seed') };
    expect(verifyRound(round, kit)).toMatchObject({ hashOk: false, verified: false });
  });

  it('catches a recorded outcome or win the seeds do not produce', () => {
    const round = playedRound(3);
    const outcome = round.outcome as { cards: number[] };
    const tampered = { ...round, outcome: { ...outcome, cards: [outcome.cards[0], (outcome.cards[1]! + 1) % 52] } };
    expect(verifyRound(tampered, kit)).toMatchObject({ hashOk: true, outcome: 'mismatch', verified: false });
    expect(verifyRound({ ...round, win_cents: round.win_cents + 1 }, kit)).toMatchObject({ outcome: 'mismatch' });
    // Another nonce's record under the same seeds does not verify as this one.
    expect(verifyRound({ ...playedRound(4), nonce: 3 }, kit)).toMatchObject({ outcome: 'mismatch', verified: false });
  });

  it('says so when the seed is not revealed yet', () => {
    expect(verifyRound({ ...playedRound(1), server_seed: null }, kit)).toEqual({ kind: 'unrevealed', shared: false });
  });

  it('reports a game it cannot replay instead of claiming a result', () => {
    const round = { ...playedRound(1), game: { ...playedRound(1).game, model: 'unknown' } };
    expect(verifyRound(round, kit)).toMatchObject({ outcome: 'unsupported', verified: false });
  });

  it('replays a shared round draw and settles the bet against it', () => {
    const draw = crashLike.draw(kit.rng(SEED, 'rocket', 42, 0));
    const cashout = 1.01;
    const round: FairRound = {
      ...playedRound(0),
      game: { identifier: 'croupier/rocket', title: 'Rocket', engine: 'crash', model: 'crash' },
      client_seed: 'rocket',
      nonce: 42,
      bet: { amount: 100 },
      actions: [],
      outcome: { bet: { amount: 100 }, cashout, result: null },
      win_cents: crashLike.settle({ amount: 100 }, draw, cashout),
    };
    expect(verifyRound(round, kit)).toMatchObject({ outcome: 'match', verified: true, replayed: draw });
    expect(
      verifyRound({ ...round, outcome: { bet: { amount: 100 }, cashout, result: { bust: 9999 } } }, kit),
    ).toMatchObject({
      outcome: 'mismatch',
    });
    expect(verifyRound({ ...round, server_seed: null }, kit)).toEqual({ kind: 'unrevealed', shared: true });
  });

  it('compares JSON regardless of key order', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 2 })).toBe(false);
  });
});
