import { termsForCurrency } from '@croupier/shared/bonus-terms';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { BonusesService } from './bonuses.service.ts';
import { cashbackCampaignsDue, markWeekPaid, weekCashLosses, type CashbackCampaign } from './cashback.repository.ts';

const DAY = 86_400_000;
const WEEK = 7 * DAY;
/**
 * A week is read this long after it ends: a bet stamped in its last moment commits a moment later,
 * in its own transaction, and must not be missed (docs/limits.md#concurrent-requests).
 */
export const CASHBACK_SETTLE_MS = 5 * 60_000;

/** The ISO week that ended last before `now`: Monday 00:00 UTC to the next Monday, and its label. */
export function lastFinishedWeek(now: Date): { start: Date; end: Date; label: string } {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  const end = new Date(midnight - sinceMonday * DAY);
  const start = new Date(end.getTime() - WEEK);
  return { start, end, label: isoWeek(start) };
}

/** `2026-W48`: the ISO week of a Monday (its Thursday decides the year). */
export function isoWeek(monday: Date): string {
  const thursday = new Date(monday.getTime() + 3 * DAY);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  const firstMonday = firstThursday.getTime() - ((firstThursday.getUTCDay() + 6) % 7) * DAY;
  const week = Math.floor((monday.getTime() - firstMonday) / WEEK) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Players issued per transaction-free batch; each issue is its own short transaction. */
const BATCH = 500;

/**
 * Weekly cashback (docs/bonuses.md#leased-jobs, the `bonuses.cashback` job): once an ISO week has
 * ended, each active cashback campaign gives every player whose cash went down over the week (their
 * stakes paid in cash, less the wins and refunds paid to cash) `percent` of that loss in the
 * currency, capped, when it reaches the minimum. Bonus money won or lost does not count: cashback
 * returns part of the player's own money. The bonus is issued for the player to claim (the cashback
 * popup); a campaign with `wager_multiplier` 0 is wager-free. A week is done once per campaign: the
 * bonuses are unique by `cashback/<campaign>:<user>:<currency>:<week>`, and the week's row is
 * written last, so a run cut short is done again without a second bonus.
 */
export class CashbackService {
  constructor(private readonly deps: { db: Db; clock: Clock; bonuses: BonusesService }) {}

  async run(): Promise<{ weeks: number; issued: number }> {
    const now = this.deps.clock.now();
    const week = lastFinishedWeek(new Date(now.getTime() - CASHBACK_SETTLE_MS));
    const campaigns = await cashbackCampaignsDue(this.deps.db, week);
    let issued = 0;
    for (const campaign of campaigns) {
      const count = await this.payWeek(campaign, week);
      await markWeekPaid(this.deps.db, { campaignId: campaign.id, week: week.label, issued: count, now });
      issued += count;
    }
    return { weeks: campaigns.length, issued };
  }

  private async payWeek(campaign: CashbackCampaign, week: { start: Date; end: Date; label: string }): Promise<number> {
    let issued = 0;
    let afterUser = 0;
    for (;;) {
      const losses = await weekCashLosses(this.deps.db, week, afterUser, BATCH);
      if (losses.length === 0) return issued;
      for (const row of losses) {
        afterUser = Math.max(afterUser, Number(row.user_id));
        if (await this.payOne(campaign, week.label, Number(row.user_id), row.currency, BigInt(row.loss))) issued++;
      }
    }
  }

  private async payOne(campaign: CashbackCampaign, week: string, userId: number, currency: string, loss: bigint) {
    const terms = termsForCurrency('cashback', campaign.terms, currency);
    if (!terms?.cashback || loss < BigInt(terms.cashback.min_loss_cents) || loss <= 0n) return false;
    const share = (loss * BigInt(terms.cashback.percent)) / 100n;
    const amount = share < BigInt(terms.cashback.max_cents) ? share : BigInt(terms.cashback.max_cents);
    if (amount <= 0n) return false;
    try {
      await this.deps.bonuses.issue({
        userId,
        currency,
        kind: 'cashback',
        campaignId: campaign.id,
        source: 'cashback',
        sourceRef: `${campaign.id}:${userId}:${currency}:${week}`,
        amount,
        wagerMultiplier: terms.wager_multiplier,
        maxBet: terms.max_bet_cents === null ? null : BigInt(terms.max_bet_cents),
        maxConversion: terms.max_conversion_cents === null ? null : BigInt(terms.max_conversion_cents),
        validityDays: terms.validity_days,
        activationDays: terms.activation_days,
        weights: terms.weights,
        defaultWeight: terms.default_weight,
        excludedCollections: terms.excluded_collections,
        lossCents: loss,
      });
      return true;
    } catch (error) {
      // A player on a break gets nothing for that week (docs/bonuses.md#limits-withdrawals-privacy).
      if (error instanceof AppError && error.code === 'bonuses_blocked') return false;
      throw error;
    }
  }
}
