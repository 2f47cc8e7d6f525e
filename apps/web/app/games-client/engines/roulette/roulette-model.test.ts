import { describe, expect, it } from 'vitest';
import { createRouletteModel } from '@croupier/games/models/roulette';
import { chipsFromBet, toBet } from './roulette-model';
import { layoutSpots } from './roulette-table';

describe('roulette layout → model bet', () => {
  for (const variant of ['european', 'american'] as const) {
    it(`every ${variant} spot is a bet the model accepts and reads back onto the same spot`, () => {
      const model = createRouletteModel(variant);
      const spots = layoutSpots(variant === 'american');
      const chips = Object.fromEntries(spots.map((s, i) => [s.name, 10 + i]));
      const bet = toBet(chips, spots);
      const parsed = model.parseBet(bet, { min: 1, max: 1_000_000 });
      expect(parsed.bets).toHaveLength(spots.length);
      expect(chipsFromBet(parsed.bets, spots)).toEqual(chips);
    });
  }

  it('pays red on a red number only (the spot names match the model’s bet types)', () => {
    const model = createRouletteModel('european');
    const spots = layoutSpots(false);
    const { bets } = model.parseBet(toBet({ red: 100, '17': 10, 'dozen-3': 50 }, spots), { min: 1, max: 10_000 });
    expect(model.settle(bets, 1).win).toBe(200);
    expect(model.settle(bets, 17).win).toBe(360);
    expect(model.settle(bets, 36).win).toBe(350);
    expect(model.settle(bets, 0).win).toBe(0);
  });
});
