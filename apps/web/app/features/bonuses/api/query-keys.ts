/**
 * The bonuses feature's data, all under 'bonuses': the player's own (private, dropped at sign-in and
 * sign-out, lib/query-keys.ts). The offers are too, since a signed-in player's list is filtered for
 * them (docs/bonuses.md#the-calls). Mutations invalidate what they change, named in each hook.
 */
export const bonusKeys = {
  /** `GET /api/player/bonuses`. */
  list: ['bonuses', 'list'] as const,
  /** `GET /api/player/freespins`. */
  freespins: ['bonuses', 'freespins'] as const,
  /** `GET /api/bonuses/deposit` and `…/registration`. */
  offers: (type: OfferType) => ['bonuses', 'offers', type] as const,
  /** `GET /api/player/bonuses/{id}/cancel_info`. */
  cancelInfo: (id: number) => ['bonuses', 'cancel_info', id] as const,
  /** `GET /api/player/bonuses/wagering?game=`: the meter's figures, per game (null: no game). */
  wagering: (game: string | null) => ['bonuses', 'wagering', game] as const,
  wageringAll: ['bonuses', 'wagering'] as const,
  /** `GET /api/player/bonus_codes`. */
  codes: ['bonuses', 'codes'] as const,
};

export type OfferType = 'deposit' | 'registration';
