import { ApiError, NetworkError } from '../../lib/api-client';

/** What the error banner shows: a translation key in the `games` namespace and its values. */
export interface GameErrorInfo {
  code: string;
  /** Key under `errors.` in games.json. */
  key: string;
  /** The balance the host reported with the refusal (insufficient funds), minor units. */
  balanceCents?: number;
  /** The launch must be repeated (expired or missing session). */
  relaunch: boolean;
}

const KNOWN = new Set([
  'login_required',
  'game_not_found',
  'demo_unavailable',
  'game_unavailable',
  'currency_unavailable',
  'player_disabled',
  'gambling_blocked',
  'insufficient_funds',
  'round_open',
  'invalid_bet',
  'bet_too_small',
  'bet_too_large',
  'betting_closed',
  'session_expired',
  'invalid_action',
]);

export function describeError(error: unknown): GameErrorInfo {
  if (error instanceof ApiError) {
    const code = error.code ?? (error.status === 401 ? 'session_expired' : 'unknown');
    const body = error.body as { balance_cents?: unknown } | null;
    const balance = typeof body?.balance_cents === 'number' ? body.balance_cents : undefined;
    return {
      code,
      key: KNOWN.has(code) ? code : error.status >= 500 ? 'server' : 'unknown',
      ...(balance !== undefined ? { balanceCents: balance } : {}),
      relaunch: code === 'session_expired',
    };
  }
  if (error instanceof NetworkError) return { code: 'network', key: 'network', relaunch: false };
  return { code: 'unknown', key: 'unknown', relaunch: false };
}
