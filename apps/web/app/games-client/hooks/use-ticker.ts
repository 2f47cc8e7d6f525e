import { useEffect, useState } from 'react';

/**
 * Re-renders every animation frame while `active` (the crash multiplier, countdowns) and returns
 * the local time of the frame. With reduced motion it ticks ten times a second instead: the
 * figure still updates, it just does not roll.
 */
export function useTicker(active: boolean, reduced: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    if (reduced) {
      const timer = setInterval(() => setNow(Date.now()), 100);
      return () => clearInterval(timer);
    }
    let frame = requestAnimationFrame(function tick() {
      setNow(Date.now());
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [active, reduced]);
  return now;
}
