import type { ReactNode } from 'react';

/** The main action of every game (spin, deal, roll, drop, bet): one test id for all of them. */
export function PrimaryButton({
  onClick,
  disabled,
  children,
  busy,
}: {
  onClick(): void;
  disabled?: boolean;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="gc-btn gc-btn--primary"
      data-testid="spin-button"
      onClick={onClick}
      disabled={disabled}
      aria-busy={busy || undefined}
    >
      {children}
    </button>
  );
}
