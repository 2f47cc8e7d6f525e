import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const current = () => typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;

/** True when the player asked the system for less motion: animations then jump to their end. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, current, () => false);
}
