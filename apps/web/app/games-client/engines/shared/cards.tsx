export interface CardFace {
  rank: string;
  suit: 'S' | 'H' | 'D' | 'C';
}

const SUITS = ['S', 'H', 'D', 'C'] as const;
const SUIT_GLYPH: Record<CardFace['suit'], string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/** A card of the models (packages/games/src/cards.ts): 0–51, rank = i mod 13 from the ace, suit = ⌊i / 13⌋ in ♠♥♦♣ order. */
export function readCard(value: number): CardFace | null {
  if (!Number.isInteger(value) || value < 0 || value > 51) return null;
  return { rank: RANKS[value % 13]!, suit: SUITS[Math.floor(value / 13)]! };
}

export function cardName(card: CardFace | null): string {
  return card ? `${card.rank}${SUIT_GLYPH[card.suit]}` : '?';
}

/** A playing card drawn with text and CSS; `null` shows its back. */
export function Card({ card, testId, held }: { card: CardFace | null; testId?: string; held?: boolean }) {
  if (!card) return <span className="gc-card gc-card--back" data-testid={testId} aria-label="?" role="img" />;
  const red = card.suit === 'H' || card.suit === 'D';
  return (
    <span
      className={`gc-card${red ? ' gc-card--red' : ''}${held ? ' gc-card--held' : ''}`}
      data-testid={testId}
      role="img"
      aria-label={cardName(card)}
    >
      <span aria-hidden="true">{card.rank}</span>
      <span aria-hidden="true">{SUIT_GLYPH[card.suit]}</span>
    </span>
  );
}
