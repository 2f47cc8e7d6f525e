import type { ReactNode } from 'react';

/**
 * A button label that takes the room of the widest of `reserve` (the other texts it may show), so a
 * button whose text changes (Bet → Bet placed → Wait for the next round) keeps its width and the
 * controls beside it stay put. The reserved texts are invisible and hidden from assistive
 * technology: the button's name is the shown label alone.
 */
export function ReservedLabel({ children, reserve }: { children: ReactNode; reserve: Record<string, string> }) {
  return (
    <span className="gc-reserved">
      <span>{children}</span>
      {Object.entries(reserve).map(([key, text]) => (
        <span key={key} className="gc-reserved__room" aria-hidden="true">
          {text}
        </span>
      ))}
    </span>
  );
}
