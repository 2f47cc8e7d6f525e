import { depositBonusAmount, termsForCurrency, type CurrencyTerms } from '@croupier/shared/bonus-terms';
import type { Executor } from '../../db/sql.ts';
import { AppError } from '../../lib/errors.ts';
import { findBonus, type BonusRow } from './bonuses.repository.ts';
import type { BonusesService, MovedBalance } from './bonuses.service.ts';
import type { CampaignRow } from './campaigns.repository.ts';

/**
 * Refusals of an activation that leave the bonus `issued` for the player to activate later: the
 * grant would pass the balance maximum, the wallet is gone, a break began, or (a deposit bonus) the
 * player's address is not confirmed yet, whose confirmation starts it. Each is answered before
 * anything is written, so the caller's transaction goes on unharmed.
 */
const ACTIVATION_REFUSALS: ReadonlySet<string> = new Set([
  'balance_limit',
  'wallet_missing',
  'bonuses_blocked',
  'email_not_confirmed',
]);

/** What a campaign's bonus is worth in its currency: a deposit's match, else the fixed amount. */
export function campaignBonusAmount(terms: CurrencyTerms, depositCents: bigint | null): bigint {
  if (terms.kind === 'deposit')
    return depositCents === null ? 0n : BigInt(depositBonusAmount(terms, Number(depositCents)));
  if (terms.kind === 'nondeposit' || terms.kind === 'cash') return BigInt(terms.amount_cents ?? 0);
  // Free spins become a pack and cashback is reckoned by its job: neither is a campaign's fixed bonus.
  return 0n;
}

export interface CampaignIssue {
  campaign: CampaignRow;
  userId: number;
  currency: string;
  /** What issues it and which one: a bonus is issued once per pair (docs/bonuses.md#data-model). */
  source: string;
  sourceRef: string;
  /** The deposit a deposit bonus matches. */
  depositCents?: bigint;
  /** Activate at once whatever the terms say (a deposit bonus the player chose). */
  activate?: boolean;
  now: Date;
}

/**
 * Issues a campaign's bonus in the caller's transaction, with the campaign's terms for that currency
 * frozen on it (docs/bonuses.md#data-model): amount, max bet, max conversion, weights, exclusions,
 * multiplier and base (a `bonus_and_deposit` requirement counts the deposit), validity and activation
 * days, and the terms themselves for the rule texts. A bonus this call created is activated when the
 * campaign's terms say `auto_activate` (or `activate` asks), through the same path as the player's
 * activation; refused, it stays `issued`. Null when the campaign offers nothing for this currency
 * or amount. An issue already made for the source and ref is answered as it is, never activated again.
 */
export async function issueFromCampaign(
  bonuses: BonusesService,
  tx: Executor,
  issue: CampaignIssue,
): Promise<{ bonus: BonusRow; created: boolean; balance: MovedBalance } | null> {
  const { campaign, currency, now } = issue;
  const terms = termsForCurrency(campaign.kind, campaign.terms, currency);
  if (!terms) return null;
  const deposit = campaign.kind === 'deposit' ? (issue.depositCents ?? null) : null;
  const amount = campaignBonusAmount(terms, deposit);
  if (amount <= 0n) return null;
  const { bonus, created } = await bonuses.issueIn(
    tx,
    {
      userId: issue.userId,
      currency,
      kind: campaign.kind,
      campaignId: campaign.id,
      source: issue.source,
      sourceRef: issue.sourceRef,
      amount,
      wagerMultiplier: terms.wager_multiplier,
      wagerBase: terms.wager_base,
      depositCents: deposit,
      maxBet: terms.max_bet_cents === null ? null : BigInt(terms.max_bet_cents),
      maxConversion: terms.max_conversion_cents === null ? null : BigInt(terms.max_conversion_cents),
      weights: terms.weights,
      defaultWeight: terms.default_weight,
      excludedCollections: terms.excluded_collections,
      validityDays: terms.validity_days,
      activationDays: terms.activation_days,
      terms,
    },
    now,
  );
  if (!created || !(issue.activate || terms.auto_activate)) return { bonus, created, balance: null };
  const balance = await activateOrLeave(bonuses, tx, issue.userId, bonus.id, now);
  return { bonus: (await findBonus(tx, bonus.id)) ?? bonus, created, balance };
}

/**
 * Activates an issued bonus in the caller's transaction by the player's own path, or leaves it
 * `issued` when one of the refusals above answers: the balance moved (null when none did or it
 * stayed issued).
 */
export async function activateOrLeave(
  bonuses: BonusesService,
  tx: Executor,
  userId: number,
  bonusId: number,
  now: Date,
): Promise<MovedBalance> {
  try {
    return (await bonuses.activateIn(tx, userId, bonusId, now)).balance;
  } catch (error) {
    if (!(error instanceof AppError) || !ACTIVATION_REFUSALS.has(error.code)) throw error;
    return null;
  }
}
