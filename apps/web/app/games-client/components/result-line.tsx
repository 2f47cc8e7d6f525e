import type { ReactNode } from 'react';

/**
 * The outcome of the last round in one sentence, read out politely by screen readers. Clients
 * pass the game-specific part (the number, the hand) and the win; an empty line keeps its height.
 */
export function ResultLine({
  children,
  tone,
  roundId,
}: {
  children?: ReactNode;
  tone?: 'win' | 'loss' | 'neutral';
  roundId?: number | null;
}) {
  // A settled round carries its id, so a test (or a reader) can tell two identical results apart.
  const settled = tone === 'win' || tone === 'loss';
  return (
    <p
      className={`gc-result gc-result--${tone ?? 'neutral'}`}
      data-testid="round-result"
      data-round-id={settled ? (roundId ?? undefined) : undefined}
      aria-live="polite"
      aria-atomic="true"
    >
      {children}
    </p>
  );
}
