import { describe, expect, it } from 'vitest';
import { createBlackjackModel } from '@croupier/games/models/blackjack';
import { createSimulationRng } from '@croupier/games/rng';
import { dealerCards, hasSurrender, readBlackjackView } from './blackjack-model';

describe('blackjack client', () => {
  it('shows the hole card face down until the round ends, then every dealer card', () => {
    const model = createBlackjackModel('standard');
    for (let seed = 1; seed < 50; seed++) {
      const rng = createSimulationRng(seed);
      const opened = model.open({ amount: 100 }, rng);
      if (opened.finished) continue;
      const running = readBlackjackView(model.view(opened.state, false))!;
      expect(dealerCards(running, true)).toEqual([opened.state.dealer[0], null]);
      expect(running.actions).toContain('stand');
      const done = model.act!(opened.state, { type: 'stand' }, rng);
      const finished = readBlackjackView(model.view(done.state, done.finished))!;
      expect(dealerCards(finished, false)).toEqual(done.state.dealer);
      expect(finished.dealer.length).toBeGreaterThanOrEqual(2);
      return;
    }
    throw new Error('every seed dealt a blackjack');
  });
  it('offers surrender only where the rules allow it', () => {
    expect(hasSurrender(createBlackjackModel('surrender').describe().rules)).toBe(true);
    expect(hasSurrender(createBlackjackModel('standard').describe().rules)).toBe(false);
  });
});
