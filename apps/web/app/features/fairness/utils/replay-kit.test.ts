import { describe, expect, it } from 'vitest';
import { resolveModel, sha256Hex } from '@croupier/games/index';
import type { FairRound } from '../api/fairness-api';
import { firstFloats, kit, manualGames, playManual } from './replay-kit';
import { verifyRound } from './verify';

const SEED = '5f2b8c0e9d7a4b3c2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d';

/** A round recorded the way the games host records it, from the same package. */
function slotRound(nonce: number): FairRound {
  const model = resolveModel('slot-medium', 'neon-fruits');
  const rng = kit.rng(SEED, 'player-seed', nonce, 0);
  const step = model.open(model.parseBet({ amount: 200 }, { min: 10, max: 10_000 }), rng as never);
  return {
    round_id: 1,
    game: { identifier: 'croupier/neon-fruits', title: 'Neon Fruits', engine: 'slot-medium', model: model.id },
    server_seed_hash: sha256Hex(SEED),
    server_seed: SEED,
    client_seed: 'player-seed',
    nonce,
    bet: step.state.bet,
    actions: [],
    outcome: model.view(step.state, true),
    status: 'finished',
    win_cents: step.win,
    stake_cents: 200,
    currency: 'EUR',
  };
}

describe('replay kit (the real game package)', () => {
  it('verifies a slot round played by the package', () => {
    expect(verifyRound(slotRound(12), kit)).toMatchObject({
      kind: 'checked',
      hashOk: true,
      outcome: 'match',
      verified: true,
    });
  });

  it('does not replay with a model other than the recorded one', () => {
    const round = slotRound(12);
    expect(verifyRound({ ...round, game: { ...round.game, model: 'slot-high' } }, kit)).toMatchObject({
      outcome: 'unsupported',
    });
  });

  it('verifies a Rocket round: the shared draw under the game name and round number, and the cash-out win', () => {
    const draw = playManual('crash|rocket', SEED, 'rocket', 99, undefined) as { crash_point: number };
    const round: FairRound = {
      ...slotRound(0),
      game: { identifier: 'croupier/rocket', title: 'Rocket', engine: 'crash', model: 'crash' },
      client_seed: 'rocket',
      nonce: 99,
      bet: { amount: 500, auto_cashout: null },
      outcome: { bet: { amount: 500, auto_cashout: null }, cashout: 1.0, result: null },
      win_cents: 500,
    };
    // A cash-out at 1.00× always stands (≤ any crash point), so the win is the stake.
    expect(draw.crash_point).toBeGreaterThanOrEqual(1);
    expect(verifyRound(round, kit)).toMatchObject({ outcome: 'match', verified: true, replayed: draw });
    expect(verifyRound({ ...round, win_cents: 501 }, kit)).toMatchObject({ outcome: 'mismatch' });
  });

  it('offers every model for the free check and shows the raw stream', () => {
    expect(manualGames.length).toBeGreaterThanOrEqual(10);
    const floats = firstFloats(SEED, 'x', 0, 8);
    expect(floats).toHaveLength(8);
    expect(floats.every((f) => f >= 0 && f < 1)).toBe(true);
    expect(new Set(floats).size).toBe(8);
  });
});
