/**
 * The realtime contract (docs/player-app.md#realtime, docs/api-shapes.md#realtime): the one typed event map the socket.io
 * server (apps/server/src/realtime) and the browser client (apps/web/app/lib/realtime) share.
 *
 * Wire convention: every channel is its own socket.io event, named exactly as the channel
 * (`socket.on('balance', wallet => …)`), and its argument is the Centrifugo publication's `data`
 * member (docs/api-shapes.md#channels). One event per channel keeps handlers typed per payload without a
 * discriminating switch on the client. Channel *names* follow the SoftSwiss client; the transport
 * is socket.io instead of Centrifugo, so the `<name>#<user>` suffix of private channels does not exist here:
 * the server delivers a private channel only to its owner's sockets (one room per player).
 */
import type { Account } from './api/player.ts';

/** Channels every visitor receives, signed in or not. */
export const PUBLIC_CHANNELS = ['public:wins', 'public:jackpots_changes'] as const;
export type PublicChannel = (typeof PUBLIC_CHANNELS)[number];

/** Channels delivered only to the player they belong to. */
export const PRIVATE_CHANNELS = [
  'balance',
  'comps_award',
  'bonuses_changes',
  'freespins_changes',
  'payments_changes',
  'tournaments_statuses',
  'groups_updates',
  'game_limits',
  'lootboxes_changes',
  'jackpot_win_award',
] as const;
export type PrivateChannel = (typeof PRIVATE_CHANNELS)[number];

/**
 * `balance`: one wallet as in `GET /api/player/accounts`. Its `version` goes up with every change
 * of that wallet, so a client can drop an event older than what it already shows (docs/reliability.md#t4-no-balance-drift).
 */
export type BalanceEvent = Account;

/** `public:wins`: one item of `GET /api/stats/winners/latest` (docs/api-shapes.md#jackpots-and-winners). */
export interface WinEvent {
  /** Unix time in seconds. */
  at: number;
  bet_amount_cents: number;
  win_amount_cents: number;
  currency: string;
  /** `provider/seo`, e.g. `croupier/lucky-sevens`. */
  game_identifier: string;
  game_title: string;
  /** Masked by the server: never a player's full nickname or e-mail. */
  nickname: string;
  game_table_image_path?: string | null;
  game_table_url?: string | null;
  humanized_win?: string | null;
}

/** One level of a progressive jackpot (docs/api-shapes.md#jackpots-and-winners). */
export interface JackpotLevel {
  id: number;
  identifier: string;
  index: number;
  name: string;
  state: string;
  amount_cents: number;
  available_amount_cents: number;
  total_amount_cents: number;
  current_award_value: number;
  periods: unknown[];
  working_days?: unknown;
}

/**
 * `public:jackpots_changes`: a whole jackpot object as `GET /api/jackpots` lists it
 * (docs/api-shapes.md#jackpots-and-winners); the client replaces the jackpot with the same `id`.
 */
export interface JackpotEvent {
  id: number;
  identifier: string;
  name: string;
  state: string;
  currency: string;
  allowed_currencies: string[];
  external_id: string;
  games: string[];
  levels: JackpotLevel[];
}

/** `jackpot_win_award`: the player's own jackpot win, for the win pop-up. */
export interface JackpotWinAwardEvent {
  jackpot: { id: number; name: string; level_name: string; amount_cents: number; currency: string };
}

/**
 * A payload whose feature has not been built yet (comp points, bonuses, free spins, payments,
 * tournaments, groups, limits, loot boxes). Typed loosely on purpose until its issue lands; the
 * shapes the SoftSwiss client reads are in docs/api-shapes.md#payloads. Replace each with its real type then.
 */
export type PendingPayload = Record<string, unknown>;

/** `payments_changes`: the payment as the history shows it. */
export interface PaymentEvent {
  id: number;
  amount_cents: number;
  amount: string;
  currency: string;
  action: 'deposit' | 'cashout';
  state: 'pending' | 'processing' | 'succeeded' | 'declined' | 'recalled';
  success: boolean;
  recallable: boolean;
  payment_system: string;
  system_name: string;
  brand: string;
  account: string | null;
  created_at: string;
  finished_at: string | null;
  cancellation_reason: string | null;
  /** Crypto deposits: confirmations so far and how many credit it; null for other methods. */
  confirmations: number | null;
  confirmations_required: number | null;
}

export interface PublicEvents {
  'public:wins': WinEvent;
  'public:jackpots_changes': JackpotEvent;
}

export interface PrivateEvents {
  balance: BalanceEvent;
  /** Not built yet (comp points issue); likely `{ chargeable: { points }, persistent: { points } }`. */
  comps_award: PendingPayload;
  /** Not built yet (bonus issue): a bonus object as SoftSwiss clients read it. */
  bonuses_changes: PendingPayload;
  /** Not built yet (bonus issue): a free-spin pack as SoftSwiss clients read it. */
  freespins_changes: PendingPayload;
  /** A deposit or withdrawal after any change (docs/api-shapes.md#payments, #payloads). */
  payments_changes: PaymentEvent;
  /** Not built yet (tournaments issue): a list of player tournament status rows. */
  tournaments_statuses: PendingPayload | PendingPayload[];
  /** Not built yet: shape not visible in the reference client. */
  groups_updates: PendingPayload;
  /** Not built yet (limits issue): shape not visible in the reference client. */
  game_limits: PendingPayload;
  /** Not built yet (loot boxes issue): one loot box as SoftSwiss clients read it. */
  lootboxes_changes: PendingPayload;
  jackpot_win_award: JackpotWinAwardEvent;
}

/** A shared game round (Rocket crash, live roulette) broadcast to its `game:<slug>` room. */
export interface SharedRoundEvent {
  game: string;
  round_id: number;
  phase: 'betting' | 'running' | 'ended';
  /** SHA-256 of the round's server seed, committed before betting closes. */
  server_seed_hash: string;
  betting_ends_at?: string;
  started_at?: string;
  ended_at?: string;
  result?: unknown;
  /** Revealed once the round has ended. */
  server_seed?: string;
  /** Server clock at publication, so clients can correct for their own clock skew. */
  server_time: string;
}

/** Event name of a shared-round broadcast. */
export const SHARED_ROUND_EVENT = 'shared_round';

/** Game slugs as the catalogue writes seo titles: lowercase words joined by hyphens. */
const GAME_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG_LENGTH = 100;

export type GameRoom = `game:${string}`;

/** The room of a game's shared rounds; any visitor may join it. */
export function gameRoom(gameSlug: string): GameRoom {
  return `game:${gameSlug}`;
}

/**
 * The game slug of a room a client asked to join, or null when the name is not a `game:<slug>`
 * room. Clients can never name any other room (docs/reliability.md#t1-handshake: no way into another player's room).
 */
export function parseGameRoom(room: unknown): string | null {
  if (typeof room !== 'string' || !room.startsWith('game:')) return null;
  const slug = room.slice('game:'.length);
  return slug.length <= MAX_SLUG_LENGTH && GAME_SLUG.test(slug) ? slug : null;
}

/** Answer to a room command. */
export type RoomAck = { ok: true } | { ok: false; error: 'invalid_room' | 'too_many_rooms' };

export type ServerToClientEvents = {
  [C in PublicChannel]: (data: PublicEvents[C]) => void;
} & {
  [C in PrivateChannel]: (data: PrivateEvents[C]) => void;
} & {
  shared_round: (data: SharedRoundEvent) => void;
};

export interface ClientToServerEvents {
  subscribe_room: (room: string, ack: (result: RoomAck) => void) => void;
  unsubscribe_room: (room: string, ack: (result: RoomAck) => void) => void;
}

/** Mount path of the socket.io endpoint on the api's origin. */
export const REALTIME_PATH = '/socket.io';
