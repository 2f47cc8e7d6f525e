import { describe, expect, it } from 'vitest';
import { createVideoPokerModel } from '@croupier/games/models/video-poker';
import { createSimulationRng } from '@croupier/games/rng';
import { heldCards, holdMask, paytableRows, readPokerView, rowOf } from './video-poker-model';

describe('video poker client', () => {
  it('sends the hold mask the model reads: held cards stay, the rest are replaced', () => {
    const model = createVideoPokerModel('jacks-or-better');
    const rng = createSimulationRng(3);
    const dealt = model.open({ amount: 100 }, rng);
    const hold = [true, false, true, false, false];
    const drawn = model.act!(dealt.state, { type: 'draw', hold: holdMask(hold) }, rng);
    const view = readPokerView(model.view(drawn.state, true))!;
    expect(view.hand[0]).toBe(view.dealt[0]);
    expect(view.hand[2]).toBe(view.dealt[2]);
    expect(view.hand[1]).not.toBe(view.dealt[1]);
    expect(heldCards(view.held)).toEqual(hold);
    expect(holdMask([false, false, false, false, false])).toBe(0);
    expect(holdMask([true, true, true, true, true])).toBe(31);
  });
  it('prints Jacks or Better with one four-of-a-kind row and Bonus Poker with three', () => {
    const job = paytableRows(createVideoPokerModel('jacks-or-better').describe().rules);
    expect(job.map((r) => r.hand)).toEqual([
      'royal-flush',
      'straight-flush',
      'four-of-a-kind',
      'full-house',
      'flush',
      'straight',
      'three-of-a-kind',
      'two-pair',
      'high-pair',
    ]);
    expect(rowOf('four-5-k', job)).toBe('four-of-a-kind');
    const bonus = paytableRows(createVideoPokerModel('bonus-poker').describe().rules);
    expect(bonus.filter((r) => r.hand.startsWith('four-'))).toHaveLength(3);
    expect(rowOf('four-aces', bonus)).toBe('four-aces');
  });
});
