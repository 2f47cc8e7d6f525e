import { describe, expect, it } from 'vitest';
import { plinkoModel } from '@croupier/games/models/plinko';
import { createSimulationRng } from '@croupier/games/rng';
import { ballX, pocketMultipliers, readPlinkoView } from './plinko-model';

describe('plinko client', () => {
  it('drops the ball into the pocket the model settled, with its multiplier', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const step = plinkoModel.open({ amount: 100, rows: 12, risk: 'high' }, createSimulationRng(seed));
      const view = readPlinkoView(plinkoModel.view(step.state, true))!;
      const x = ballX(view.path, view.path.length, 12);
      // Pocket k of rows+1 pockets is centred at (k + 0.5) / (rows + 1).
      expect(x).toBeCloseTo((view.pocket + 0.5) / 13, 10);
      expect(pocketMultipliers(12, 'high')[view.pocket]).toBe(view.multiplier / 100);
    }
  });
  it('starts in the middle', () => {
    expect(ballX([], 0, 8)).toBe(0.5);
    expect(pocketMultipliers(8, 'low')).toHaveLength(9);
  });
});
