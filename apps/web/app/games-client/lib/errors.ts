import { ApiError, NetworkError } from '../../lib/api-client';

/** What the error banner shows: a translation key in the `games` namespace and its values. */
export interface GameErrorInfo {
  code: string;
  /** Key under `errors.` in games.json. */
  key: string;
  /** The balance the host reported with the refusal (insufficient funds), minor units. */
  balanceCents?: number;
  /**
   * A money limit refused the stake: the room it leaves, in minor units of its own currency
   * (docs/limits.md#enforcement), so the banner says how much can still be staked.
   */
  room?: { cents: number; currency: string; kind: 'loss' | 'wager' };
  /**
   * The launch must be repeated: the session expired, or a win the wallet did not confirm is paid
   * by the next session load.
   */
  relaunch: boolean;
  /** The round the refusal is about (a voided or unpaid win); the client reloads it. */
  roundId?: number;
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
  'balance_limit',
  'bet_pending',
  // A free spin of a pack (docs/bonuses.md#free-spin-packs-codes).
  'freespins_not_found',
  'freespins_wrong_game',
  'freespins_used',
  'freespins_real_only',
]);

/**
 * `wallet_unavailable` means two things: a 503 carrying the round is a decided win the wallet did
 * not confirm (paid on the next load), any other status is a stake or balance read without an
 * answer, where trying again is right.
 */
function keyOf(code: string, status: number, roundId: number | undefined): string {
  if (code === 'wallet_unavailable')
    return status === 503 && roundId !== undefined ? 'wallet_unavailable' : 'wallet_no_answer';
  if (KNOWN.has(code)) return code;
  return status >= 500 ? 'server' : 'unknown';
}

/** The room a loss or wager limit leaves, from a `gambling_blocked` refusal's body. */
function limitRoom(body: unknown): GameErrorInfo['room'] {
  const b = body as { code?: unknown; reason?: unknown; left_cents?: unknown; left_currency?: unknown } | null;
  if (b?.code !== 'gambling_blocked' || typeof b.left_cents !== 'number' || typeof b.left_currency !== 'string')
    return undefined;
  const kind = b.reason === 'loss_limit_reached' ? 'loss' : b.reason === 'wager_limit_reached' ? 'wager' : null;
  return kind ? { cents: b.left_cents, currency: b.left_currency, kind } : undefined;
}

export function describeError(error: unknown): GameErrorInfo {
  if (error instanceof ApiError) {
    const code = error.code ?? (error.status === 401 ? 'session_expired' : 'unknown');
    const body = error.body as { balance_cents?: unknown; round_id?: unknown } | null;
    const balance = typeof body?.balance_cents === 'number' ? body.balance_cents : undefined;
    const roundId = typeof body?.round_id === 'number' ? body.round_id : undefined;
    const room = limitRoom(body);
    const key = room ? (room.cents > 0 ? 'limit_room' : 'limit_reached') : keyOf(code, error.status, roundId);
    return {
      code,
      key,
      ...(balance !== undefined ? { balanceCents: balance } : {}),
      ...(room ? { room } : {}),
      ...(roundId !== undefined ? { roundId } : {}),
      relaunch: code === 'session_expired' || key === 'wallet_unavailable',
    };
  }
  if (error instanceof NetworkError) return { code: 'network', key: 'network', relaunch: false };
  return { code: 'unknown', key: 'unknown', relaunch: false };
}
