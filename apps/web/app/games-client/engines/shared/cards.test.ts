import { describe, expect, it } from 'vitest';
import { cardName as modelCardName } from '@croupier/games/cards';
import { cardName, readCard } from './cards';

describe('cards', () => {
  it('names every card as the models do', () => {
    for (let i = 0; i < 52; i++) expect(cardName(readCard(i))).toBe(modelCardName(i));
  });
  it('refuses what is not a card', () => {
    expect(readCard(52)).toBeNull();
    expect(readCard(-1)).toBeNull();
    expect(cardName(null)).toBe('?');
  });
});
