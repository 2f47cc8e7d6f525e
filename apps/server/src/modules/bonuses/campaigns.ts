/**
 * Bonus campaigns (docs/bonuses.md#data-model): what an operator configures, the rules a campaign
 * must keep to be saved, which players and moments it reaches, and the operator's calls — campaigns,
 * a campaign issued to a player by hand, and the "no bonuses" restriction.
 */
import {
  termsForCurrency,
  type BonusCampaign,
  type BonusCampaignRequest,
  type BonusTerms,
  type CurrencyTerms,
} from '@croupier/shared/api/bonuses';
import { isCurrencyCode } from '@croupier/shared/currencies';
import type { Db } from '../../db/client.ts';
import type { Executor } from '../../db/sql.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { breakRefusal } from '../limits/index.ts';
import { findBonusBySource, type BonusRow } from './bonuses.repository.ts';
import type { BonusesService, MovedBalance } from './bonuses.service.ts';
import {
  deleteRestriction,
  findCampaign,
  insertCampaign,
  listCampaigns,
  lockCampaign,
  playerFacts,
  updateCampaign,
  upsertRestriction,
  type CampaignRow,
  type CampaignValues,
  type PlayerFacts,
} from './campaigns.repository.ts';
import { issueFromCampaign } from './issue-from-campaign.ts';

export type { CampaignRow, PlayerFacts } from './campaigns.repository.ts';

/** The per-currency amounts each kind needs in every currency it names (what `termsForCurrency` asks). */
const NEEDS: Record<CampaignRow['kind'], string> = {
  deposit: 'percent and max_bonus_cents',
  nondeposit: 'amount_cents',
  cash: 'amount_cents',
  freespins: 'freespins.bet_level_cents',
  cashback: 'cashback.max_cents and cashback.min_loss_cents',
};

/** Every currency a campaign's terms name, in any per-currency amount, sorted. */
export function currenciesNamed(terms: BonusTerms): string[] {
  const maps = [
    terms.min_deposit_cents,
    terms.max_bonus_cents,
    terms.amount_cents,
    terms.max_bet_cents,
    terms.max_conversion_cents,
    terms.freespins?.bet_level_cents,
    terms.freespins?.winnings_max_conversion_cents,
    terms.cashback?.max_cents,
    terms.cashback?.min_loss_cents,
  ];
  return [...new Set(maps.flatMap((m) => Object.keys(m ?? {})))].sort();
}

/**
 * What keeps a campaign from being saved, by field (empty: it may be saved): a wagering multiplier
 * above the deployment's cap, terms of another product than its kind, a kind without the amounts it
 * needs in a currency it names, a trigger that cannot issue its kind, an offer without a code, a
 * window that ends before it starts.
 */
export function campaignErrors(c: CampaignValues, maxWagerMultiplier: number): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const t = c.terms;
  if (t.wager_multiplier > maxWagerMultiplier)
    add('terms.wager_multiplier', `must be at most ${maxWagerMultiplier} (BONUS_MAX_WAGER_MULTIPLIER)`);
  if (t.freespins && t.freespins.winnings_wager_multiplier > maxWagerMultiplier)
    add(
      'terms.freespins.winnings_wager_multiplier',
      `must be at most ${maxWagerMultiplier} (BONUS_MAX_WAGER_MULTIPLIER)`,
    );

  // One product per campaign: a field of another kind's terms would show a rule that does nothing.
  const foreign: [keyof BonusTerms, boolean][] = [
    ['percent', c.kind !== 'deposit'],
    ['min_deposit_cents', c.kind !== 'deposit'],
    ['max_bonus_cents', c.kind !== 'deposit'],
    ['amount_cents', c.kind !== 'nondeposit' && c.kind !== 'cash'],
    ['freespins', c.kind !== 'freespins'],
    ['cashback', c.kind !== 'cashback'],
  ];
  let mixed = false;
  for (const [field, refused] of foreign) {
    if (!refused || t[field] === undefined) continue;
    add(`terms.${field}`, `is not part of a ${c.kind} campaign`);
    mixed = true;
  }
  if (t.wager_base === 'bonus_and_deposit' && c.kind !== 'deposit')
    add('terms.wager_base', 'only a deposit bonus can count the deposit');

  const named = currenciesNamed(t);
  if (named.length === 0) add('terms', `names no currency: a ${c.kind} campaign needs ${NEEDS[c.kind]} per currency`);
  for (const currency of named) {
    if (!isCurrencyCode(currency)) add('terms', `${currency} is not a currency of the casino`);
    // Another product's amounts would be named as missing too: its own error says it all.
    else if (!mixed && !termsForCurrency(c.kind, t, currency)) add('terms', `${currency} lacks ${NEEDS[c.kind]}`);
  }

  if ((c.kind === 'deposit') !== (c.trigger === 'deposit'))
    add('trigger', 'a deposit bonus is issued by a deposit, and a deposit issues only deposit bonuses');
  if ((c.kind === 'cashback') !== (c.trigger === 'cashback'))
    add('trigger', 'cashback is issued by the cashback job, and the job issues only cashback');
  // Deposit and registration campaigns are offers: the player's lists and bonus code name them by code.
  if ((c.trigger === 'deposit' || c.trigger === 'registration') && !c.code)
    add('code', `is required for a ${c.trigger} offer`);
  if (c.defaultOffer && c.kind !== 'deposit') add('default_offer', 'only a deposit offer can be the welcome offer');
  if (c.depositNumber !== null && c.kind !== 'deposit') add('deposit_number', 'only a deposit bonus counts deposits');
  if (c.startsAt && c.endsAt && c.endsAt <= c.startsAt) add('ends_at', 'must be after starts_at');
  return errors;
}

/**
 * Whether a moment falls in a campaign's window: from `starts_at` (unset: its creation, so a new
 * campaign never rewards what happened before it) up to, not including, `ends_at`. Consumers ask it
 * with the event's time, since a new consumer reads the log from its beginning
 * (docs/bonuses.md#through-the-event-log-exactly-once).
 */
export function inWindow(c: CampaignRow, at: Date): boolean {
  const start = c.startsAt ?? c.createdAt;
  return at >= start && (c.endsAt === null || at < c.endsAt);
}

/**
 * The campaign's terms in `currency` if it reaches this player — their country, groups (one of
 * `groups_any` when it names some, none of `groups_none`) — or null.
 */
export function termsFor(
  c: CampaignRow,
  player: { country: string | null; groups: readonly string[] },
  currency: string,
): CurrencyTerms | null {
  if (c.countries.length > 0 && (player.country === null || !c.countries.includes(player.country))) return null;
  if (c.groupsAny.length > 0 && !c.groupsAny.some((g) => player.groups.includes(g))) return null;
  if (c.groupsNone.some((g) => player.groups.includes(g))) return null;
  return termsForCurrency(c.kind, c.terms, currency);
}

/**
 * Why this player may not receive a bonus now, or null: their own opt-out, the operator's
 * restriction, or a break (`limits_break_refusal`, docs/bonuses.md#limits-withdrawals-privacy).
 */
export async function bonusRefusal(
  db: Executor,
  player: PlayerFacts,
  now: Date,
): Promise<'opted_out' | 'restricted' | 'break' | null> {
  if (!player.canIssueBonuses) return 'opted_out';
  if (player.restricted) return 'restricted';
  return (await breakRefusal(db, player.id, now, 'bonuses')) ? 'break' : null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentCampaign(c: CampaignRow): BonusCampaign {
  return {
    id: c.id,
    code: c.code,
    kind: c.kind,
    trigger: c.trigger,
    group_key: c.groupKey,
    titles: c.titles,
    terms: c.terms as BonusCampaign['terms'],
    groups_any: c.groupsAny,
    groups_none: c.groupsNone,
    countries: c.countries,
    deposit_number: c.depositNumber,
    default_offer: c.defaultOffer,
    starts_at: iso(c.startsAt),
    ends_at: iso(c.endsAt),
    active: c.active,
    created_at: c.createdAt.toISOString(),
  };
}

/** A request's campaign, with what it leaves out at its defaults. */
function valuesOf(r: BonusCampaignRequest): CampaignValues {
  return {
    code: r.code ?? null,
    kind: r.kind,
    trigger: r.trigger,
    groupKey: r.group_key ?? null,
    titles: r.titles ?? {},
    terms: r.terms,
    groupsAny: r.groups_any ?? [],
    groupsNone: r.groups_none ?? [],
    countries: r.countries ?? [],
    depositNumber: r.deposit_number ?? null,
    defaultOffer: r.default_offer ?? false,
    startsAt: r.starts_at ? new Date(r.starts_at) : null,
    endsAt: r.ends_at ? new Date(r.ends_at) : null,
    active: r.active ?? true,
  };
}

/** A stored campaign as a request, so a change can be laid over it and the whole checked again. */
function requestOf(c: CampaignRow): BonusCampaignRequest {
  return {
    code: c.code,
    kind: c.kind,
    trigger: c.trigger,
    group_key: c.groupKey,
    titles: c.titles,
    terms: c.terms as BonusCampaignRequest['terms'],
    groups_any: c.groupsAny,
    groups_none: c.groupsNone,
    countries: c.countries,
    deposit_number: c.depositNumber,
    default_offer: c.defaultOffer,
    starts_at: iso(c.startsAt),
    ends_at: iso(c.endsAt),
    active: c.active,
  };
}

/** The unique index a failed insert or update ran into, if that is why it failed. */
function uniqueIndexOf(error: unknown): string | null {
  // drizzle wraps driver errors; the SQLSTATE and the constraint sit on the error or on its cause.
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const e = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : String(e.message ?? '');
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

const campaignNotFound = () => notFound('campaign_not_found', 'No such bonus campaign');
const playerNotFound = () => notFound('player_not_found', 'No such player');

export interface CampaignsDeps {
  db: Db;
  clock: Clock;
  bonuses: BonusesService;
  /** BONUS_MAX_WAGER_MULTIPLIER. */
  maxWagerMultiplier: number;
  /** Publishes a wallet balance a bonus movement changed, after its commit. */
  publish: (balance: MovedBalance) => void;
}

/** The operator's calls on campaigns, their manual issue, and the restriction. */
export class CampaignsService {
  constructor(private readonly deps: CampaignsDeps) {}

  async list(): Promise<BonusCampaign[]> {
    return (await listCampaigns(this.deps.db)).map(presentCampaign);
  }

  async create(request: BonusCampaignRequest): Promise<BonusCampaign> {
    const values = this.checked(valuesOf(request));
    const now = this.deps.clock.now();
    return presentCampaign(await this.saving(() => insertCampaign(this.deps.db, values, now)));
  }

  /** Lays the change over the stored campaign and checks the result as a new campaign. */
  async update(id: number, change: Partial<BonusCampaignRequest>): Promise<BonusCampaign> {
    return this.deps.db.transaction(async (tx) => {
      const current = await lockCampaign(tx, id);
      if (!current) throw campaignNotFound();
      const values = this.checked(valuesOf({ ...requestOf(current), ...change }));
      const saved = await this.saving(() => updateCampaign(tx, id, values));
      if (!saved) throw campaignNotFound();
      return presentCampaign(saved);
    });
  }

  /**
   * Issues a campaign to a player in a currency, once per operator key (source `manual`, ref the
   * key): the same key again answers the bonus it issued; the key used for another player, campaign
   * or currency is a conflict. Only no-deposit and cash campaigns: a deposit bonus follows a
   * deposit, free spins and cashback their own paths. Activated at once when its terms say so.
   */
  async issueToPlayer(
    userId: number,
    input: { campaign_id: number; currency: string; key: string },
  ): Promise<{ bonus: BonusRow; created: boolean }> {
    const now = this.deps.clock.now();
    const outcome = await this.deps.db.transaction(async (tx) => {
      const earlier = await findBonusBySource(tx, 'manual', input.key);
      if (earlier) {
        if (
          earlier.userId !== userId ||
          earlier.campaignId !== input.campaign_id ||
          earlier.currency !== input.currency
        )
          throw conflict('idempotency_key_reused', 'This key issued another bonus; use a new key for a new bonus');
        return { bonus: earlier, created: false, balance: null };
      }
      const campaign = await findCampaign(tx, input.campaign_id);
      if (!campaign) throw campaignNotFound();
      if (campaign.kind !== 'nondeposit' && campaign.kind !== 'cash')
        throw unprocessable(
          'campaign_not_issuable',
          `A ${campaign.kind} campaign is not issued by hand: only no-deposit and cash campaigns are`,
        );
      if (!campaign.active) throw unprocessable('campaign_inactive', 'This campaign is switched off');
      const player = await playerFacts(tx, userId);
      if (!player) throw playerNotFound();
      if (!termsForCurrency(campaign.kind, campaign.terms, input.currency))
        throw unprocessable('currency_not_offered', `This campaign offers nothing in ${input.currency}`);
      const refusal = await bonusRefusal(tx, player, now);
      if (refusal === 'opted_out') throw unprocessable('bonuses_opted_out', 'The player chose to receive no bonuses');
      if (refusal === 'restricted') throw unprocessable('bonuses_restricted', 'The player is restricted from bonuses');
      if (refusal === 'break') throw new AppError(403, 'bonuses_blocked', 'The player is on a break from gambling');
      const issued = await issueFromCampaign(this.deps.bonuses, tx, {
        campaign,
        userId,
        currency: input.currency,
        source: 'manual',
        sourceRef: input.key,
        now,
      });
      if (!issued) throw unprocessable('currency_not_offered', `This campaign offers nothing in ${input.currency}`);
      return issued;
    });
    this.deps.publish(outcome.balance);
    return { bonus: outcome.bonus, created: outcome.created };
  }

  async restrict(userId: number, reason: string) {
    return this.deps.db.transaction(async (tx) => {
      if (!(await playerFacts(tx, userId))) throw playerNotFound();
      return upsertRestriction(tx, userId, reason, this.deps.clock.now());
    });
  }

  async unrestrict(userId: number): Promise<void> {
    if (!(await playerFacts(this.deps.db, userId))) throw playerNotFound();
    await deleteRestriction(this.deps.db, userId);
  }

  private checked(values: CampaignValues): CampaignValues {
    const errors = campaignErrors(values, this.deps.maxWagerMultiplier);
    if (Object.keys(errors).length > 0)
      throw unprocessable('campaign_invalid', 'This campaign cannot be saved', errors);
    return values;
  }

  /** Runs a save; a taken code or a second welcome offer (their unique indexes) is a conflict. */
  private async saving<T>(save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      const index = uniqueIndexOf(error);
      if (index?.includes('bonus_campaigns_code_idx'))
        throw conflict('campaign_code_taken', 'Another campaign has this code');
      if (index?.includes('bonus_campaigns_default_offer_idx'))
        throw conflict('default_offer_taken', 'Another campaign is the welcome offer: unmark it first');
      throw error;
    }
  }
}
