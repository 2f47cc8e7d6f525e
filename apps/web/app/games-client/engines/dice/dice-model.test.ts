import { describe, expect, it } from 'vitest';
import { diceModel } from '@croupier/games/models/dice';
import { clampTarget, diceOdds, hundredths, targetRange } from './dice-model';

describe('dice client odds', () => {
  it('offers only targets the model accepts, in both directions', () => {
    for (const direction of ['under', 'over'] as const) {
      const { min, max } = targetRange(direction);
      expect(() => diceModel.parseBet({ amount: 100, target: min, direction }, { min: 1, max: 1000 })).not.toThrow();
      expect(() => diceModel.parseBet({ amount: 100, target: max, direction }, { min: 1, max: 1000 })).not.toThrow();
      expect(() => diceModel.parseBet({ amount: 100, target: min - 1, direction }, { min: 1, max: 1000 })).toThrow();
      expect(() => diceModel.parseBet({ amount: 100, target: max + 1, direction }, { min: 1, max: 1000 })).toThrow();
    }
    expect(clampTarget(50, 'under')).toBe(100);
    expect(clampTarget(9_990, 'over')).toBe(9_899);
  });
  it('shows the multiplier the model pays', () => {
    expect(diceOdds(5000, 'under')).toEqual({ chance: 5000, multiplier: 1.98 });
    expect(diceOdds(4950, 'over').chance).toBe(5049);
    expect(hundredths(4950)).toBe('49.50');
  });
});
