import { multiplierAt } from '@croupier/games/models/crash';
import { num, obj } from '../shared/read';

/**
 * The multiplier the rocket shows after `elapsedMs` of flight: the model's own growth curve, so
 * screen and settlement share one formula (the server applies it at its own instant).
 */
export function liveMultiplier(elapsedMs: number): number {
  return multiplierAt(elapsedMs);
}

/** The crash point of an ended round (`result = { crash_point }`), null while unknown. */
export function crashPointOf(result: unknown): number | null {
  const point = num(obj(result).crash_point, Number.NaN);
  return Number.isFinite(point) ? point : null;
}

/** "2", "2.5", "2,50" → 2.5; refuses anything below 1.01 or with more than two decimals. */
export function parseAutoCashout(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return hundredths >= 101 ? hundredths / 100 : null;
}

/**
 * What the bet button says: "Bet placed" only while the player's bet flies in the round on screen;
 * once it is cashed out (or lost) that round is over for them, and they wait for the next one.
 */
export function betButtonLabel(
  phase: 'betting' | 'running' | 'ended' | null,
  inCurrent: boolean,
  mineStatus: 'open' | 'finished' | null,
): 'bet_placed' | 'bet' | 'wait_next' {
  if (inCurrent) return mineStatus === 'open' ? 'bet_placed' : 'wait_next';
  return phase === 'betting' ? 'bet' : 'wait_next';
}
