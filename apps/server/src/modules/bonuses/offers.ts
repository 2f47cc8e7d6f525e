/**
 * The player's side of campaigns (docs/bonuses.md#the-calls): the deposit and registration offers,
 * the deposit bonus chosen for the next deposit, the bonus opt-out, whether bonuses are available to
 * the player, and dismissed offers.
 */
import { termsForCurrency, type BonusOffer, type CurrencyTerms } from '@croupier/shared/api/bonuses';
import type { Player } from '@croupier/shared/api/player';
import { formatMoney } from '@croupier/shared/money';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, unauthorized, unprocessable } from '../../lib/errors.ts';
import { bonusRefusal, currenciesNamed, inWindow, termsFor } from './campaigns.ts';
import {
  activeCampaigns,
  dismissedCampaigns,
  findCampaignByCode,
  insertDismissal,
  nextDepositNumber,
  playerFacts,
  setCanIssueBonuses,
  setDepositBonusCode,
  type CampaignRow,
  type PlayerFacts,
} from './campaigns.repository.ts';

export type OfferList = 'deposit' | 'registration';

export interface OffersDeps {
  db: Db;
  clock: Clock;
  /** The player object (`GET /api/player`'s answer), as the settings calls answer it. */
  player: (userId: number) => Promise<Player>;
}

/** Kinds each list offers: a deposit match, or what a confirmed registration issues (a fixed bonus). */
const LIST_KINDS: Record<OfferList, readonly CampaignRow['kind'][]> = {
  deposit: ['deposit'],
  registration: ['nondeposit', 'cash'],
};

/** Frozen terms as the wire carries them (mutable arrays, as zod's inferred types are). */
export function wireTerms(t: CurrencyTerms): BonusOffer['terms'][number] {
  return {
    ...t,
    weights: { ...t.weights },
    excluded_collections: [...t.excluded_collections],
    freespins: t.freespins ? { ...t.freespins, games: [...t.freespins.games] } : null,
  };
}

/** A title for a campaign without one in the player's language ("100 % up to €200.00"). */
function generatedTitle(terms: CurrencyTerms, locale: string): string {
  const money = (cents: number) => formatMoney(cents, terms.currency, locale);
  switch (terms.kind) {
    case 'deposit':
      return `${terms.percent} % up to ${money(terms.max_bonus_cents ?? 0)}`;
    case 'nondeposit':
    case 'cash':
      return `${money(terms.amount_cents ?? 0)} bonus`;
    case 'freespins':
      return `${terms.freespins?.count ?? 0} free spins`;
    case 'cashback':
      return `${terms.cashback?.percent ?? 0} % cashback`;
  }
}

function termsOfEveryCurrency(c: CampaignRow): CurrencyTerms[] {
  return currenciesNamed(c.terms)
    .map((currency) => termsForCurrency(c.kind, c.terms, currency))
    .filter((t): t is CurrencyTerms => t !== null);
}

/**
 * A campaign's title for a player (an offer's, a coupon's): its own in the player's language, else
 * in English, else generated in the player's currency — a guest's, or a currency it lacks, in euros
 * or its first currency.
 */
export function campaignTitle(
  c: CampaignRow,
  player: Pick<PlayerFacts, 'language' | 'currency'> | null,
  terms: CurrencyTerms[] = termsOfEveryCurrency(c),
): string {
  const language = player?.language ?? 'en';
  const shown =
    terms.find((t) => t.currency === player?.currency) ?? terms.find((t) => t.currency === 'EUR') ?? terms[0];
  return ownTitle(c, player) ?? (shown ? generatedTitle(shown, language) : (c.code ?? ''));
}

/** The campaign's own title in the player's language, else in English, else none. */
function ownTitle(c: CampaignRow, player: Pick<PlayerFacts, 'language'> | null): string | undefined {
  return c.titles[player?.language ?? 'en'] ?? c.titles.en;
}

/**
 * An offer as SoftSwiss-style clients read it (docs/bonuses.md#the-calls): its code as its id, at
 * least one element in `bonuses` carrying the title and the conditions (the minimum deposit per
 * currency, the groups it picks), and ours: the kind, its terms in every currency it offers, and
 * whether it is the player's chosen deposit bonus.
 */
export function presentOffer(c: CampaignRow, player: PlayerFacts | null): BonusOffer {
  const terms = termsOfEveryCurrency(c);
  const title = campaignTitle(c, player, terms);
  const minimum = terms
    .filter((t) => t.min_deposit_cents !== null)
    .map((t) => ({ currency: t.currency, amount_cents: t.min_deposit_cents! }));
  const conditions: BonusOffer['bonuses'][number]['conditions'] = [];
  if (minimum.length > 0) conditions.push({ field: 'amount', type: 'min', value: minimum });
  if (c.groupsAny.length > 0)
    conditions.push({ field: 'groups', type: 'pick', value: c.groupsAny.map((g) => `pick:${g}`) });
  return {
    id: c.code ?? String(c.id),
    title,
    title_generated: ownTitle(c, player) === undefined,
    group_key: c.groupKey,
    bonuses: [
      {
        title,
        type: c.kind === 'freespins' ? 'freespins' : 'bonus',
        conditions,
        attributes: [],
        result_bonus: [],
      },
    ],
    kind: c.kind,
    terms: terms.map(wireTerms),
    selected: player !== null && player.depositBonusCode === c.code,
  };
}

export class OffersService {
  constructor(private readonly deps: OffersDeps) {}

  /**
   * The offers of one list, in campaign order: active, in their window, with a code. For a signed-in
   * player, only those that reach them in their currency (country, groups, and for deposit offers
   * the number their next deposit will have), not dismissed, and none at all when they may not
   * receive bonuses (their opt-out, the operator's restriction). Guests see every one.
   */
  async list(list: OfferList, userId: number | null): Promise<BonusOffer[]> {
    const now = this.deps.clock.now();
    const player = userId === null ? null : ((await playerFacts(this.deps.db, userId)) ?? null);
    if (player && (!player.canIssueBonuses || player.restricted)) return [];
    const dismissed = player ? await dismissedCampaigns(this.deps.db, player.id) : new Set<number>();
    const nextDeposit = player && list === 'deposit' ? await nextDepositNumber(this.deps.db, player.id) : null;
    const campaigns = (await activeCampaigns(this.deps.db, list)).filter(
      (c) => this.offered(c, list, now) && !dismissed.has(c.id) && (!player || this.reaches(c, player, nextDeposit)),
    );
    return campaigns.map((c) => presentOffer(c, player));
  }

  /**
   * `PATCH /api/player/set_bonus_code`: the deposit offer for the next deposits. 422
   * `bonus_code_unknown` unless it is a deposit offer this player would be shown (a dismissed one
   * may still be chosen).
   */
  async setCode(userId: number, code: string): Promise<Player> {
    const now = this.deps.clock.now();
    const player = await this.facts(userId);
    const campaign = await findCampaignByCode(this.deps.db, code);
    const available =
      campaign &&
      player.canIssueBonuses &&
      !player.restricted &&
      this.offered(campaign, 'deposit', now) &&
      this.reaches(campaign, player, await nextDepositNumber(this.deps.db, userId));
    if (!available || !campaign.code) {
      const message = 'This bonus code is not available to you';
      throw unprocessable('bonus_code_unknown', message, { deposit_bonus_code: [message] });
    }
    await setDepositBonusCode(this.deps.db, userId, campaign.code, now);
    return this.deps.player(userId);
  }

  /** `DELETE /api/player/clear_bonus_code`: no bonus on the next deposit. */
  async clearCode(userId: number): Promise<void> {
    await setDepositBonusCode(this.deps.db, userId, null, this.deps.clock.now());
  }

  /** `PATCH /api/player/update_bonus_settings`: the opt-out (`can_issue_bonuses`). */
  async updateSettings(userId: number, canIssue: boolean): Promise<Player> {
    await setCanIssueBonuses(this.deps.db, userId, canIssue, this.deps.clock.now());
    return this.deps.player(userId);
  }

  /** `GET /api/bonuses/available_bonuses`: false when opted out, restricted by the operator, or on a break. */
  async available(userId: number): Promise<boolean> {
    const player = await this.facts(userId);
    return (await bonusRefusal(this.deps.db, player, this.deps.clock.now())) === null;
  }

  /** `DELETE /api/bonuses/{list}/{code}`: the offer is no longer listed for this player. */
  async dismiss(userId: number, list: OfferList, code: string): Promise<void> {
    const campaign = await findCampaignByCode(this.deps.db, code);
    if (!campaign || campaign.trigger !== list) throw notFound('offer_not_found', 'No such offer');
    await insertDismissal(this.deps.db, userId, campaign.id, this.deps.clock.now());
  }

  private offered(c: CampaignRow, list: OfferList, now: Date): boolean {
    return c.active && c.trigger === list && c.code !== null && LIST_KINDS[list].includes(c.kind) && inWindow(c, now);
  }

  private reaches(c: CampaignRow, player: PlayerFacts, nextDeposit: number | null): boolean {
    if (c.depositNumber !== null && nextDeposit !== null && c.depositNumber !== nextDeposit) return false;
    return termsFor(c, player, player.currency) !== null;
  }

  private async facts(userId: number): Promise<PlayerFacts> {
    const player = await playerFacts(this.deps.db, userId);
    if (!player) throw unauthorized();
    return player;
  }
}
