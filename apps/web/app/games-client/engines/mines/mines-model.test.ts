import { describe, expect, it } from 'vitest';
import { minesModel } from '@croupier/games/models/mines';
import { createSimulationRng } from '@croupier/games/rng';
import { cashoutValue, readMinesView, tileState } from './mines-model';

describe('mines client', () => {
  it('hides mines while the round is open and shows the value the model pays on cash-out', () => {
    const rng = createSimulationRng(7);
    const opened = minesModel.open({ amount: 250, mines: 3 }, rng);
    const firstView = readMinesView(minesModel.view(opened.state, false))!;
    expect(firstView.mines).toBeNull();
    const safe = Array.from({ length: 25 }, (_, i) => i).find((i) => !opened.state.mines.includes(i))!;
    const revealed = minesModel.act!(opened.state, { type: 'reveal', tile: safe }, rng);
    const view = readMinesView(minesModel.view(revealed.state, false))!;
    expect(tileState(view, safe)).toBe('gem');
    for (const m of opened.state.mines) expect(tileState(view, m)).toBe('hidden');
    const cashed = minesModel.act!(revealed.state, { type: 'cashout' }, rng);
    expect(cashed.win).toBe(cashoutValue(view));
    const finished = readMinesView(minesModel.view(cashed.state, true))!;
    for (const m of opened.state.mines) expect(tileState(finished, m)).toBe('mine');
  });
});
