/**
 * Cards as integers 0–51: rank = card % 13 (0 = ace … 12 = king), suit = floor(card / 13). A
 * uniform card is one `rng.int(52)`, so the rank and suit derived from it are exactly uniform too.
 */
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export const SUITS = ['♠', '♥', '♦', '♣'] as const;

export function rankOf(card: number): number {
  return card % 13;
}

export function suitOf(card: number): number {
  return Math.floor(card / 13);
}

export function cardName(card: number): string {
  return `${RANKS[rankOf(card)]}${SUITS[suitOf(card)]}`;
}
