import type { BlackjackAction, BlackjackView } from '@croupier/games/models/blackjack';

export const ACTIONS: BlackjackAction[] = ['hit', 'stand', 'double', 'split', 'surrender'];
export type { BlackjackAction, BlackjackView };

export function readBlackjackView(view: unknown): BlackjackView | null {
  const v = view as Partial<BlackjackView> | null;
  return v && Array.isArray(v.hands) && Array.isArray(v.dealer) && v.bet ? (v as BlackjackView) : null;
}

/**
 * The dealer's cards as drawn on the table: while the round runs the view holds the up-card
 * only, and the hole card is shown face down (null) beside it.
 */
export function dealerCards(view: BlackjackView, open: boolean): (number | null)[] {
  return open && view.dealer.length === 1 ? [...view.dealer, null] : view.dealer;
}

export function hasSurrender(rules: unknown): boolean {
  return (rules as { surrender?: unknown } | null)?.surrender === 'late';
}
