import { describe, expect, it } from 'vitest';
import { createSlotModel, SCATTER, slotMachine } from '@croupier/games/models/slots';
import { createSimulationRng } from '@croupier/games/rng';
import { readSlotView, restingStops, restingWindow, winAfter, winningCells } from './slot-model';

describe('slot client against the slot model', () => {
  const model = createSlotModel('slot-high');
  const rules = model.describe().rules as Parameters<typeof winningCells>[1];

  it('ends the win counter exactly on the round win, free spins included', () => {
    let checked = 0;
    for (let seed = 1; seed < 400 && checked < 25; seed++) {
      const step = model.open({ amount: 137 }, createSimulationRng(seed));
      const state = readSlotView(model.view(step.state, true))!;
      expect(winAfter(state, state.spins.length, rules.lines)).toBe(step.win);
      if (step.win > 0) checked++;
      let last = 0;
      for (let k = 0; k <= state.spins.length; k++) {
        const shown = winAfter(state, k, rules.lines);
        expect(shown).toBeGreaterThanOrEqual(last);
        last = shown;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('highlights only cells of winning lines, from the leftmost reel', () => {
    for (let seed = 1; seed < 200; seed++) {
      const state = readSlotView(model.open({ amount: 100 }, createSimulationRng(seed)).state)!;
      const spin = state.spins[0]!;
      const cells = winningCells(spin, rules);
      if (!spin.lineWins.length) {
        expect(cells.size).toBe(0);
        continue;
      }
      for (const cell of cells) expect(Number(cell.split(':')[0])).toBeLessThan(5);
      expect(cells.has(`0:${rules.paylines[spin.lineWins[0]!.line]![0]}`)).toBe(true);
      return;
    }
    throw new Error('no winning spin in 200 seeds');
  });

  it('rests, before the first spin, on real stops of every model that pay nothing and show the scatter', () => {
    for (const id of ['slot-low', 'slot-medium', 'slot-high'] as const) {
      const described = createSlotModel(id).describe().rules as Parameters<typeof restingWindow>[0];
      const machine = slotMachine(id);
      const stops = restingStops(described);
      const window = restingWindow(described);
      expect(window).toHaveLength(5);
      window.forEach((reel, r) =>
        reel.forEach((symbol, row) => expect(symbol).toBe(machine.windows[r]![stops[r]! * 3 + row])),
      );
      expect(machine.evaluate(...(stops as [number, number, number, number, number])), id).toBe(0);
      expect(window.flat(), id).toContain(SCATTER);
    }
  });
});
