import { useEffect, useState } from 'react';

/**
 * Steps through a finished outcome for the eye (reels stopping, free spins one by one, a plinko
 * ball row by row). The outcome is already settled on the server; this only paces its display.
 * `key` identifies the outcome (the round id): a new key starts again from step 0. Reduced motion
 * shows the last step at once.
 */
export function usePlayback(key: number | null, total: number, stepMs: number, firstMs: number, reduced: boolean) {
  const [state, setState] = useState<{ key: number | null; step: number }>({ key: null, step: 0 });
  const step = key === null ? 0 : reduced ? total : state.key === key ? state.step : 0;
  useEffect(() => {
    if (key === null || reduced || step >= total) return;
    const timer = setTimeout(() => setState({ key, step: step + 1 }), step === 0 ? firstMs : stepMs);
    return () => clearTimeout(timer);
  }, [key, step, total, stepMs, firstMs, reduced]);
  return { step, done: key !== null && step >= total, skip: () => setState({ key, step: total }) };
}
