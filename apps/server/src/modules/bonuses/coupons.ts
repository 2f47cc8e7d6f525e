/**
 * Coupons and promo codes (docs/bonuses.md#free-spin-packs-codes, #the-calls): a code issues its
 * campaign — a bonus, or a free-spin pack — to the player who redeems it. A personal code is for its
 * one player; a shared code for up to `max_redemptions` players, each once. A use of a code, its
 * redemption row and what it issues commit together or not at all, so a one-use code is used once
 * however many players try it at the same moment. Failed attempts are throttled per player like
 * sign-in failures (docs/reliability.md#i4-rate-limits).
 */
import { randomInt } from 'node:crypto';
import type { AdminBonusCode, AdminBonusCodesRequest, PlayerBonusCode } from '@croupier/shared/api/bonuses';
import type { CouponOutcome } from '@croupier/shared/bonus-terms';
import type { Db } from '../../db/client.ts';
import type { Executor } from '../../db/sql.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.ts';
import type { Throttle } from '../auth/index.ts';
import { lockWallet } from '../wallet/index.ts';
import { emailNotConfirmed, type BonusesService, type MovedBalance } from './bonuses.service.ts';
import { bonusRefusal, inWindow, termsFor } from './campaigns.ts';
import { campaignsByIds, findCampaign, playerFacts, type CampaignRow } from './campaigns.repository.ts';
import {
  cancelCode,
  existingPlayers,
  expireCodes,
  findCode,
  findCodeByText,
  hasRedeemed,
  insertCode,
  insertRedemption,
  playerCodes,
  setRedemptionIssue,
  takeUse,
  type CodeRow,
} from './coupons.repository.ts';
import type { FreespinsService, PackRow } from './freespins.ts';
import { issueFromCampaign } from './issue-from-campaign.ts';
import { campaignTitle } from './offers.ts';

export type { CodeRow } from './coupons.repository.ts';

/** The kinds a code can issue: a fixed bonus, a cash gift, free spins (deposit bonuses follow deposits). */
const COUPON_KINDS: ReadonlySet<CampaignRow['kind']> = new Set(['nondeposit', 'cash', 'freespins']);

/** Generated codes: no 0/O or 1/I to misread; 12 of 32 characters are 60 bits, beyond guessing. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GENERATED_LENGTH = 12;

/** How many codes the expiry job ends per run; the rest wait for the next minute. */
const EXPIRY_BATCH = 500;

/** The player's bucket of failed redemptions in the sign-in throttle's table (`auth_throttle`). */
export const couponThrottleKey = (userId: number) => `coupon:${userId}`;

/** Why a campaign cannot be a code's, or null. */
export function couponCampaignProblem(c: CampaignRow): string | null {
  if (c.trigger !== 'coupon') return `its trigger is ${c.trigger}: codes issue only coupon campaigns`;
  if (!COUPON_KINDS.has(c.kind)) return `a ${c.kind} campaign cannot be issued by a code`;
  return null;
}

/** A code as the player typed it, as it is stored: without surrounding spaces, upper-case. */
export const normalizeCode = (typed: string) => typed.trim().toUpperCase();

function generatedCode(): string {
  let code = '';
  // Codes are bearer secrets: the CSPRNG, never the injectable game randomness (lib/random.ts).
  for (let i = 0; i < GENERATED_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function presentCode(c: CodeRow): AdminBonusCode {
  return {
    id: c.id,
    code: c.code,
    campaign_id: c.campaignId,
    user_id: c.userId,
    max_redemptions: c.maxRedemptions,
    redemptions: c.redemptions,
    state: c.state,
    valid_until: iso(c.validUntil),
    created_at: c.createdAt.toISOString(),
  };
}

export interface CouponsDeps {
  db: Db;
  clock: Clock;
  bonuses: BonusesService;
  freespins: FreespinsService;
  /** The sign-in throttle (auth module): its limits, its table. */
  throttle: Pick<Throttle, 'attempt' | 'buckets'>;
  /** Publishes a wallet balance a coupon's bonus changed, after the commit. */
  publish: (balance: MovedBalance) => void;
  /** After a commit that appended `bonus.changed`: the event log's consumers catch up. */
  onCommitted?: () => void;
}

/** What one attempt came to. `counted`: a failure the throttle counts (the code was the problem). */
type Attempt =
  | { outcome: 'successfully_activated'; balance: MovedBalance; pack: PackRow | null }
  | { outcome: 'already_activated' }
  | { outcome: 'failed_to_activate'; counted: boolean };

const failed = (counted: boolean): Attempt => ({ outcome: 'failed_to_activate', counted });

/** Thrown inside the attempt's transaction to undo what it wrote (the redemption row, the use). */
class Undo extends Error {
  constructor(readonly attempt: Attempt) {
    super('coupon attempt undone');
  }
}

export class CouponsService {
  constructor(private readonly deps: CouponsDeps) {}

  /**
   * `POST /api/bonuses/coupon`: the outcome, never an error (docs/bonuses.md#the-calls). While the
   * player's bucket is full (AUTH_MAX_FAILURES within AUTH_LOCK_MINUTES, as sign-in) the answer is
   * `failed_to_activate` without the code being looked up. A player who may not receive
   * bonuses (a break, their opt-out, the operator's restriction) fails before the code is read, and
   * nothing is written. An unknown code, another player's personal code, a code used up, canceled
   * or past its validity, or one whose campaign is off or offers nothing to this player fails and
   * counts. A code the player redeemed before is `already_activated`. A player whose e-mail
   * address is not confirmed gets 403 `email_not_confirmed`, and nothing is read or counted.
   */
  async redeem(userId: number, typed: string): Promise<CouponOutcome> {
    // Before anything is read or counted (docs/bonuses.md#confirmed-addresses-only). A confirmed
    // address stays confirmed, so asking outside the attempt's transaction races nothing.
    if (!(await playerFacts(this.deps.db, userId))?.confirmed) throw emailNotConfirmed('redeem a code');
    // The attempt is taken before the code is read (docs/auth.md#throttling): of 100 guesses at
    // once, at most the bucket's room are tried. Anything but a counted failure gives it back.
    const taken = await this.deps.throttle.attempt([this.deps.throttle.buckets.player(couponThrottleKey(userId))]);
    if (!taken.ok) return 'failed_to_activate';
    const now = this.deps.clock.now();
    let attempt: Attempt;
    try {
      attempt = await this.deps.db.transaction((tx) => this.attempt(tx, userId, normalizeCode(typed), now));
    } catch (error) {
      if (error instanceof Undo) attempt = error.attempt;
      // A refusal of the issue path (the pack's terms, a bonus changed meanwhile): nothing was kept.
      else if (error instanceof AppError) attempt = failed(false);
      else throw error;
    }
    if (attempt.outcome !== 'failed_to_activate' || !attempt.counted) await taken.giveBack();
    if (attempt.outcome === 'successfully_activated') {
      this.deps.publish(attempt.balance);
      this.deps.onCommitted?.();
      if (attempt.pack) this.deps.freespins.announcePack(attempt.pack);
    }
    return attempt.outcome;
  }

  /**
   * One redemption in one transaction, the wallet row locked first (docs/bonuses.md#in-requests-and-the-lock-order).
   * The redemption row goes in before the code's use is taken, so a second attempt of the same player
   * waits on its key and answers `already_activated`; the use is one guarded update, so of players
   * racing for a code's last use one gets it and the others find it used.
   */
  private async attempt(tx: Executor, userId: number, code: string, now: Date): Promise<Attempt> {
    const player = await playerFacts(tx, userId);
    if (!player || !(await lockWallet(tx, userId, player.currency))) return failed(false);
    if (await bonusRefusal(tx, player, now)) return failed(false);

    const found = await findCodeByText(tx, code);
    if (!found) return failed(true);
    if (await hasRedeemed(tx, found.id, userId)) return { outcome: 'already_activated' };
    if (found.userId !== null && found.userId !== userId) return failed(true);
    if (found.state !== 'issued' || (found.validUntil !== null && found.validUntil <= now)) return failed(true);
    const campaign = await findCampaign(tx, found.campaignId);
    if (!campaign || couponCampaignProblem(campaign) || !campaign.active || !inWindow(campaign, now))
      return failed(true);
    const terms = termsFor(campaign, player, player.currency);
    if (!terms) return failed(true);

    if (!(await insertRedemption(tx, found.id, userId, now))) return { outcome: 'already_activated' };
    if (!(await takeUse(tx, found.id, now))) throw new Undo(failed(true));
    const sourceRef = `${found.id}:${userId}`;

    if (campaign.kind === 'freespins') {
      const spins = terms.freespins;
      if (!spins) throw new Undo(failed(true));
      const { pack } = await this.deps.freespins.issueIn(
        tx,
        {
          userId,
          currency: player.currency,
          campaignId: campaign.id,
          source: 'coupon',
          sourceRef,
          games: spins.games,
          betLevel: BigInt(spins.bet_level_cents),
          spins: spins.count,
          winningsWagerMultiplier: spins.winnings_wager_multiplier,
          winningsMaxConversion:
            spins.winnings_max_conversion_cents === null ? null : BigInt(spins.winnings_max_conversion_cents),
          activationDays: terms.activation_days,
          validityDays: terms.validity_days,
          title: campaign.titles[player.language] ?? campaign.titles.en ?? null,
        },
        now,
      );
      await setRedemptionIssue(tx, found.id, userId, { bonusId: null, packId: pack.id });
      // As a bonus coupon's gift starts at once when its terms say so, so do its spins.
      const ready = terms.auto_activate ? await this.deps.freespins.activateIn(tx, userId, pack.id, now) : pack;
      return { outcome: 'successfully_activated', balance: null, pack: ready };
    }

    const issued = await issueFromCampaign(this.deps.bonuses, tx, {
      campaign,
      userId,
      currency: player.currency,
      source: 'coupon',
      sourceRef,
      now,
    });
    if (!issued) throw new Undo(failed(true));
    await setRedemptionIssue(tx, found.id, userId, { bonusId: issued.bonus.id, packId: null });
    return { outcome: 'successfully_activated', balance: issued.balance, pack: null };
  }

  /**
   * `GET /api/player/bonus_codes`: the codes the player redeemed (`activated` for them, with when)
   * and their personal codes not redeemed, with their state — an issued one past its validity shows
   * `expired` before the job comes by — newest first, titled by their campaign.
   */
  async playerCodes(userId: number): Promise<PlayerBonusCode[]> {
    const now = this.deps.clock.now();
    const player = (await playerFacts(this.deps.db, userId)) ?? null;
    const codes = await playerCodes(this.deps.db, userId);
    const campaigns = new Map(
      (await campaignsByIds(this.deps.db, [...new Set(codes.map((c) => c.campaignId))])).map((c) => [c.id, c]),
    );
    return codes.map((c) => {
      const campaign = campaigns.get(c.campaignId);
      const lapsed = c.state === 'issued' && c.validUntil !== null && c.validUntil <= now;
      return {
        code: c.code,
        state: c.redeemedAt ? 'activated' : lapsed ? 'expired' : c.state,
        title: campaign ? campaignTitle(campaign, player) : c.code,
        valid_until: iso(c.validUntil),
        redeemed_at: iso(c.redeemedAt),
      };
    });
  }

  /**
   * `POST /api/admin/bonus-campaigns/{id}/codes`: a personal code for each listed player, or one
   * shared code (the operator's, or generated) for `max_redemptions` players. Only a coupon
   * campaign (422 `campaign_not_coupon`); a taken code is 409 `code_taken`.
   */
  async generate(campaignId: number, request: AdminBonusCodesRequest): Promise<CodeRow[]> {
    const now = this.deps.clock.now();
    const validUntil = request.valid_until ? new Date(request.valid_until) : null;
    return this.deps.db.transaction(async (tx) => {
      const campaign = await findCampaign(tx, campaignId);
      if (!campaign) throw notFound('campaign_not_found', 'No such bonus campaign');
      const problem = couponCampaignProblem(campaign);
      if (problem) throw unprocessable('campaign_not_coupon', `No codes for this campaign: ${problem}`);

      const errors: Record<string, string[]> = {};
      const add = (field: string, message: string) => (errors[field] ??= []).push(message);
      if (validUntil && validUntil <= now) add('valid_until', 'must be in the future');
      const userIds = request.user_ids ? [...new Set(request.user_ids)].sort((a, b) => a - b) : null;
      if (userIds) {
        if (request.code !== undefined) add('code', 'personal codes are generated: name none');
        if (request.max_redemptions !== undefined && request.max_redemptions !== 1)
          add('max_redemptions', 'a personal code is used once, by its player');
        const known = await existingPlayers(tx, userIds);
        for (const id of userIds) if (!known.has(id)) add('user_ids', `${id} is not a player`);
      }
      if (Object.keys(errors).length > 0) throw unprocessable('codes_invalid', 'These codes cannot be made', errors);

      const base = { campaignId, validUntil, createdAt: now };
      if (userIds) {
        const made: CodeRow[] = [];
        for (const userId of userIds) made.push(await insertGenerated(tx, { ...base, userId, maxRedemptions: 1 }));
        return made;
      }
      const shared = { ...base, userId: null, maxRedemptions: request.max_redemptions ?? 1 };
      if (request.code === undefined) return [await insertGenerated(tx, shared)];
      const named = await insertCode(tx, { ...shared, code: request.code });
      if (!named) throw conflict('code_taken', 'Another code is spelled this way');
      return [named];
    });
  }

  /**
   * `DELETE /api/admin/bonus-codes/{id}`: an issued code can no longer be redeemed (what it issued
   * stays). Canceling a canceled code answers it as it is; a used-up or expired one is 422.
   */
  async cancel(id: number): Promise<CodeRow> {
    const canceled = await cancelCode(this.deps.db, id);
    if (canceled) return canceled;
    const found = await findCode(this.deps.db, id);
    if (!found) throw notFound('code_not_found', 'No such bonus code');
    if (found.state === 'canceled') return found;
    throw unprocessable('code_not_cancelable', `This code is ${found.state}: only an issued code can be canceled`);
  }

  /** The expiry job's part (docs/bonuses.md#leased-jobs): issued codes past `valid_until` → `expired`. */
  expire(): Promise<number> {
    return expireCodes(this.deps.db, this.deps.clock.now(), EXPIRY_BATCH);
  }
}

/** Inserts a code with a generated text, drawing again on the rare clash with an existing one. */
async function insertGenerated(
  tx: Executor,
  values: {
    campaignId: number;
    userId: number | null;
    maxRedemptions: number;
    validUntil: Date | null;
    createdAt: Date;
  },
): Promise<CodeRow> {
  for (let tries = 0; tries < 5; tries += 1) {
    const made = await insertCode(tx, { ...values, code: generatedCode() });
    if (made) return made;
  }
  throw new Error('bonus codes: five generated codes in a row were taken');
}
