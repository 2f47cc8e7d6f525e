/**
 * The realtime channels with the schema of their payloads, so the OpenAPI document lists them next
 * to the HTTP calls (`x-realtime-channels`) and server tests can check what is published. The typed
 * event map is `../realtime.ts` (type-only, so the browser's socket code does not load zod); a
 * channel added there needs its line here, which `satisfies` enforces.
 */
import { z } from 'zod';
import type { PrivateChannel, PublicChannel } from '../realtime.ts';
import { DocumentChangeSchema } from './documents.ts';
import { SharedRoundEventSchema, WinnerSchema } from './games-host.ts';
import { JackpotSchema, JackpotWinAwardSchema } from './jackpots.ts';
import { PaymentSchema } from './payments.ts';
import { AccountSchema } from './player.ts';

/** A channel whose feature is not built yet: nothing is published on it, its shape is open. */
const Pending = z.record(z.string(), z.unknown());

export interface RealtimeChannelContract {
  /** `public`: every visitor; `private`: only the player it belongs to; `room`: who joined `game:<slug>`. */
  audience: 'public' | 'private' | 'room';
  description: string;
  payload: z.ZodType;
}

export const REALTIME_CHANNELS = {
  'public:wins': {
    audience: 'public',
    description: 'A big win in a real-money round (masked nickname).',
    payload: WinnerSchema,
  },
  'public:jackpots_changes': {
    audience: 'public',
    description: 'A jackpot after its amounts changed (at most once a second); replaces the one with the same id.',
    payload: JackpotSchema,
  },
  balance: {
    audience: 'private',
    description: 'One wallet after any change; a lower `version` than the one shown is dropped.',
    payload: AccountSchema,
  },
  payments_changes: {
    audience: 'private',
    description: 'A deposit or withdrawal after any change.',
    payload: PaymentSchema,
  },
  jackpot_win_award: {
    audience: 'private',
    description: "The player's own jackpot win.",
    payload: JackpotWinAwardSchema,
  },
  documents_changes: {
    audience: 'private',
    description: 'A verification document after an operator reviewed it, and whether the player is verified now.',
    payload: DocumentChangeSchema,
  },
  comps_award: { audience: 'private', description: 'Not published yet (comp points).', payload: Pending },
  bonuses_changes: { audience: 'private', description: 'Not published yet (bonuses).', payload: Pending },
  freespins_changes: { audience: 'private', description: 'Not published yet (free spins).', payload: Pending },
  tournaments_statuses: {
    audience: 'private',
    description: 'Not published yet (tournaments).',
    payload: z.union([Pending, z.array(Pending)]),
  },
  groups_updates: { audience: 'private', description: 'Not published yet (player groups).', payload: Pending },
  game_limits: { audience: 'private', description: 'Not published yet (limits).', payload: Pending },
  lootboxes_changes: { audience: 'private', description: 'Not published yet (loot boxes).', payload: Pending },
  shared_round: {
    audience: 'room',
    description: 'A shared round (crash, live roulette) of the `game:<slug>` room the socket joined.',
    payload: SharedRoundEventSchema,
  },
} as const satisfies Record<PublicChannel | PrivateChannel | 'shared_round', RealtimeChannelContract>;
