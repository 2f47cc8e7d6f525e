/**
 * The realtime contract (docs/player-app.md#server-calls Realtime, docs/api-shapes.md#realtime): the one typed event map the socket.io
 * server (apps/server/src/realtime) and the browser client (apps/web/app/lib/realtime) share.
 *
 * Wire convention: every channel is its own socket.io event, named exactly as the channel
 * (`socket.on('balance', wallet => …)`), and its argument is the Centrifugo publication's `data`
 * member (docs/api-shapes.md#channels). One event per channel keeps handlers typed per payload without a
 * discriminating switch on the client. Channel *names* follow the SoftSwiss client; the transport
 * is socket.io instead of Centrifugo, so the `<name>#<user>` suffix of §15.2 does not exist here:
 * the server delivers a private channel only to its owner's sockets (one room per player).
 */
import type { FreespinPack, PlayerBonus } from './api/bonuses.ts';
import type { DocumentChange } from './api/documents.ts';
import type { SharedRoundEvent, Winner } from './api/games-host.ts';
import type { Jackpot, JackpotLevel, JackpotWinAward } from './api/jackpots.ts';
import type { GameLimitsEvent } from './api/limits.ts';
import type { Payment } from './api/payments.ts';
import type { Account } from './api/player.ts';

export type { JackpotLevel, SharedRoundEvent };

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
  'documents_changes',
] as const;
export type PrivateChannel = (typeof PRIVATE_CHANNELS)[number];

/**
 * `balance`: one wallet as in `GET /api/player/accounts`. Its `version` goes up with every change
 * of that wallet, so a client can drop an event older than what it already shows (docs/reliability.md#t4-no-balance-drift).
 */
export type BalanceEvent = Account;

/** `public:wins`: one item of `GET /api/stats/winners/latest` (docs/api-shapes.md#jackpots-and-winners). */
export type WinEvent = Winner;

/**
 * `public:jackpots_changes`: a whole jackpot object as `GET /api/jackpots` lists it
 * (docs/api-shapes.md#jackpots-and-winners); the client replaces the jackpot with the same `id`.
 */
export type JackpotEvent = Jackpot;

/** `jackpot_win_award`: the player's own jackpot win, for the win pop-up. */
export type JackpotWinAwardEvent = JackpotWinAward;

/**
 * A payload whose feature has not been built yet (comp points, payments,
 * tournaments, groups, loot boxes). Typed loosely on purpose until its issue lands; the
 * shapes the SoftSwiss client reads are in docs/api-shapes.md#payloads Replace each with its real type then.
 */
export type PendingPayload = Record<string, unknown>;

/** `payments_changes`: the payment as the history shows it. */
export type PaymentEvent = Payment;

export interface PublicEvents {
  'public:wins': WinEvent;
  'public:jackpots_changes': JackpotEvent;
}

export interface PrivateEvents {
  balance: BalanceEvent;
  /** Not built yet (comp points issue); likely `{ chargeable: { points }, persistent: { points } }`. */
  comps_award: PendingPayload;
  /** A bonus after each change of its stage or wagering counter (docs/bonuses.md#the-calls). */
  bonuses_changes: PlayerBonus;
  /** A free-spin pack after each change (docs/bonuses.md#the-calls). */
  freespins_changes: FreespinPack;
  /** A deposit or withdrawal after any change (docs/api-shapes.md#payments payment, §15.4). */
  payments_changes: PaymentEvent;
  /** Not built yet (tournaments issue): a list of player status rows (their shape is written down with tournaments). */
  tournaments_statuses: PendingPayload | PendingPayload[];
  /** Not built yet: shape not visible in the reference client. */
  groups_updates: PendingPayload;
  /** The player's limits after a change, a bet that met one, or a session limit's end (docs/limits.md#telling-the-player). */
  game_limits: GameLimitsEvent;
  /** Not built yet (loot boxes issue): one loot box (its shape is written down with loot boxes). */
  lootboxes_changes: PendingPayload;
  jackpot_win_award: JackpotWinAwardEvent;
  /** A verification document after an operator's review, and whether the player is verified now. */
  documents_changes: DocumentChange;
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
