import { describe, expect, it } from 'vitest';
import { createRouletteModel } from '@croupier/games/models/roulette';
import { chipsFromBet, insideNumbers, insideSpotName, toBet } from './roulette-model';
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

  it('anchors inside bets at a number, and refuses anchors that leave the layout', () => {
    expect(insideNumbers('split-right', 1)).toEqual([1, 4]);
    expect(insideNumbers('split-right', 34)).toBeNull();
    expect(insideNumbers('split-up', 2)).toEqual([2, 3]);
    expect(insideNumbers('split-up', 3)).toBeNull();
    expect(insideNumbers('street', 17)).toEqual([16, 17, 18]);
    expect(insideNumbers('corner', 32)).toEqual([32, 33, 35, 36]);
    expect(insideNumbers('corner', 33)).toBeNull();
    expect(insideNumbers('line', 35)).toBeNull();
    expect(insideNumbers('line', 31)).toEqual([31, 32, 33, 34, 35, 36]);
    expect(insideNumbers('corner', 0)).toBeNull();
    expect(insideSpotName('split-up', 5)).toBe('split-5-6');
  });

  it('pays a split 17 to 1, a corner 8 to 1 and a six line 5 to 1', () => {
    const model = createRouletteModel('european');
    const spots = layoutSpots(false);
    const { bets } = model.parseBet(toBet({ 'split-5-6': 10, 'corner-1-2-4-5': 10, 'line-1-2-3-4-5-6': 10 }, spots), {
      min: 1,
      max: 10_000,
    });
    expect(model.settle(bets, 5).win).toBe(180 + 90 + 60);
    expect(model.settle(bets, 3).win).toBe(60);
    expect(model.settle(bets, 7).win).toBe(0);
  });
});
