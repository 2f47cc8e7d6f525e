/**
 * Deposit and registration bonuses from the event log (docs/bonuses.md#through-the-event-log-exactly-once).
 * Each runs in its consumer's transaction, so a gift and the cursor past its event commit together;
 * a bonus is issued once per source and ref (a unique index), so a consumer re-run from the log's
 * start issues nothing twice and never activates again what it issued before.
 */
import type { Executor } from '../../db/sql.ts';
import type { Clock } from '../../lib/clock.ts';
import { playerEventsAheadOf, type EventConsumer, type LoggedEvent } from '../../events/event-log.ts';
import type { ModuleContext } from '../module.ts';
import type { BonusesService, MovedBalance } from './bonuses.service.ts';
import { bonusRefusal, inWindow, termsFor } from './campaigns.ts';
import {
  activeCampaigns,
  defaultOfferCampaign,
  findCampaignByCode,
  playerFacts,
  setDepositBonusCodeIfUnset,
} from './campaigns.repository.ts';
import { heldDepositBonuses } from './bonuses.repository.ts';
import { activateOrLeave, campaignBonusAmount, issueFromCampaign } from './issue-from-campaign.ts';

export interface CampaignConsumerDeps {
  bonuses: BonusesService;
  clock: Clock;
  publish: (balance: MovedBalance) => void;
}

/** What the campaign consumers need, from the module's context. */
export function campaignConsumerDeps(
  bonuses: BonusesService,
  ctx: Pick<ModuleContext, 'clock' | 'wallet'>,
): CampaignConsumerDeps {
  return { bonuses, clock: ctx.clock, publish: (balance: MovedBalance) => ctx.wallet.service.publish(balance) };
}

/** The two consumers, as the module declares them. */
export function campaignConsumers(bonuses: BonusesService, ctx: ModuleContext): EventConsumer[] {
  const deps = campaignConsumerDeps(bonuses, ctx);
  return [depositBonusesConsumer(deps), registrationBonusesConsumer(deps)];
}

/**
 * Applies now, in the caller's transaction, the deposits of one player in one currency that
 * `bonuses.deposits` has not reached yet, exactly as the consumer will
 * (docs/bonuses.md#withdrawals-and-bonuses): a withdrawal must see the bonus a deposit brings before
 * that deposit's cash can leave. The consumer, reaching them later, finds each bonus issued (one per
 * payment: the unique source and ref) and neither issues nor grants it again. What it returns runs
 * after the caller's commit (the balance push).
 */
export async function applyDepositsAhead(
  deps: CampaignConsumerDeps,
  tx: Executor,
  userId: number,
  currency: string,
): Promise<(() => void)[]> {
  const consumer = depositBonusesConsumer(deps);
  const after: (() => void)[] = [];
  for (const event of await playerEventsAheadOf(tx, consumer.name, 'payment.deposit.succeeded', userId)) {
    if (event.payload.currency !== currency) continue;
    const done = await consumer.handle(tx, event);
    if (done) after.push(done);
  }
  return after;
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const count = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/**
 * `bonuses.deposits`: the deposit bonus the player chose when the deposit started (the payload's
 * `bonus_code`), issued and activated at once when, at the event's time, it is an active deposit
 * campaign in its window, the deposit meets its minimum and its `deposit_number`, the campaign reaches
 * the player (country, groups), and the player may receive bonuses (no opt-out, restriction or
 * break). Source `payment`, ref the payment id. Deposits logged before the payload carried a code
 * (or with none chosen) get nothing. A player whose address is not confirmed yet gets the bonus
 * held `issued`, bound to the deposit, started by the confirmation (docs/bonuses.md#confirmed-addresses-only).
 */
export function depositBonusesConsumer(deps: CampaignConsumerDeps): EventConsumer {
  return {
    name: 'bonuses.deposits',
    types: ['payment.deposit.succeeded'],
    async handle(tx, event) {
      const p = event.payload;
      const code = text(p.bonus_code);
      const number = count(p.deposit_number);
      const paymentId = count(p.payment_id);
      const amount = count(p.amount);
      const currency = text(p.currency);
      if (!event.userId || !code || number === null || paymentId === null || amount === null || !currency) return;
      const campaign = await findCampaignByCode(tx, code);
      if (!campaign || !campaign.active || campaign.kind !== 'deposit' || !inWindow(campaign, event.createdAt)) return;
      if (campaign.depositNumber !== null && campaign.depositNumber !== number) return;
      const player = await playerFacts(tx, event.userId);
      if (!player) return;
      const terms = termsFor(campaign, player, currency);
      if (!terms || campaignBonusAmount(terms, BigInt(amount)) <= 0n) return;
      const now = deps.clock.now();
      if (await bonusRefusal(tx, player, now)) return;
      const issued = await issueFromCampaign(deps.bonuses, tx, {
        campaign,
        userId: player.id,
        currency,
        source: 'payment',
        sourceRef: String(paymentId),
        depositCents: BigInt(amount),
        activate: true,
        now,
      });
      const balance = issued?.balance ?? null;
      return balance ? () => deps.publish(balance) : undefined;
    },
  };
}

/**
 * `bonuses.registrations`: at sign-up (`player.registered`) the welcome offer — the campaign marked
 * `default_offer`, if it reaches the new player — becomes their deposit bonus code unless they chose
 * one already, so the cashbox starts with it on. Registration campaigns are issued only once the
 * player's e-mail is confirmed (`player.email_confirmed`, docs/bonuses.md#settled-before-building):
 * each active one in its window at that moment that reaches the player in their currency, to
 * activate from the gifts page (or at once when its terms say `auto_activate`). Source
 * `registration`, ref `<player>:<campaign>`. The confirmation also starts the deposit bonuses held
 * until it.
 */
export function registrationBonusesConsumer(deps: CampaignConsumerDeps): EventConsumer {
  return {
    name: 'bonuses.registrations',
    types: ['player.registered', 'player.email_confirmed'],
    async handle(tx, event) {
      if (!event.userId) return;
      if (event.type === 'player.registered') return welcomeOffer(tx, event, deps.clock.now());
      const currency = text(event.payload.currency);
      if (!currency) return;
      const player = await playerFacts(tx, event.userId);
      if (!player) return;
      const now = deps.clock.now();
      if (await bonusRefusal(tx, player, now)) return;
      const balances: NonNullable<MovedBalance>[] = [];
      for (const campaign of await activeCampaigns(tx, 'registration')) {
        if (!inWindow(campaign, event.createdAt) || !termsFor(campaign, player, currency)) continue;
        const issued = await issueFromCampaign(deps.bonuses, tx, {
          campaign,
          userId: player.id,
          currency,
          source: 'registration',
          sourceRef: `${player.id}:${campaign.id}`,
          now,
        });
        if (issued?.balance) balances.push(issued.balance);
      }
      // Deposit bonuses held for this confirmation start now, as they would have at their deposits
      // (docs/bonuses.md#confirmed-addresses-only).
      for (const held of await heldDepositBonuses(tx, player.id)) {
        const balance = await activateOrLeave(deps.bonuses, tx, player.id, held.id, now);
        if (balance) balances.push(balance);
      }
      return balances.length > 0 ? () => balances.forEach((b) => deps.publish(b)) : undefined;
    },
  };
}

async function welcomeOffer(tx: Executor, event: LoggedEvent, now: Date): Promise<void> {
  const currency = text(event.payload.currency);
  if (!event.userId || !currency) return;
  const offer = await defaultOfferCampaign(tx);
  if (!offer?.code || !offer.active || offer.kind !== 'deposit' || !inWindow(offer, event.createdAt)) return;
  // A new player's next deposit is their first.
  if (offer.depositNumber !== null && offer.depositNumber !== 1) return;
  const player = await playerFacts(tx, event.userId);
  if (!player || !player.canIssueBonuses || player.restricted) return;
  if (!termsFor(offer, player, currency)) return;
  await setDepositBonusCodeIfUnset(tx, player.id, offer.code, now);
}
