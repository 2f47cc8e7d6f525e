import { useEffect, useRef } from 'react';

const INTERACTIVE =
  'input, textarea, select, button, a[href], summary, [contenteditable="true"], [role="slider"], [role="button"], [role="checkbox"]';

/**
 * Space or Enter anywhere outside a control triggers the game's main action. Inside a control the
 * key keeps its own meaning (typing a bet, pressing a focused button), so nothing fires twice.
 */
export function usePrimaryHotkey(action: () => void, enabled: boolean) {
  const ref = useRef(action);
  useEffect(() => {
    ref.current = action;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== ' ' && e.key !== 'Enter') return;
      if (e.repeat || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as Element | null;
      if (target?.closest?.(INTERACTIVE) || target?.closest?.('[role="dialog"]')) return;
      e.preventDefault();
      ref.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
