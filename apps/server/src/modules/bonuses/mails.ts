/**
 * `bonuses.mails` (docs/bonuses.md#mails): the player hears by e-mail of a bonus waiting for them,
 * of one that started on its own, and of one that became cash. Each mail is written to the outbox by
 * the consumer's transaction, so a replayed or retried event never mails twice and a rolled-back
 * batch mails nothing; delivery starts after the commit.
 */
import type { EventPayload } from '@croupier/shared/events';
import type { EventConsumer } from '../../events/event-log.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  bonusMailDraft,
  type BonusMailFacts,
  type BonusMailKind,
  type MailDraft,
  type Notices,
  type Promotions,
} from '../mail/index.ts';
import { presentableBonuses, type PresentableBonus } from './player-bonuses.repository.ts';

/**
 * A change older than this gets no mail. A consumer added to a running casino starts at the log's
 * beginning (docs/events.md#consuming): it must not mail players about last year's bonuses, and
 * a mail a day late about a gift is worse than none.
 */
export const BONUS_MAIL_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface BonusMailsDeps {
  clock: Clock;
  promotions: Promotions;
  notices: Notices;
  publicUrl: string;
}

type Payload = EventPayload<'bonus.changed'>;

/**
 * Which mail a change calls for:
 * - a bonus just issued that still waits for the player's activation: `bonus_issued`, a promotion
 *   (the consent and break gate of docs/player-profile.md#subscriptions);
 * - one issued and started in the same step (a deposit bonus, an auto-activated gift, free-spin
 *   winnings): `bonus_active`, a notice about money already in the account;
 * - wagering done with something converted, or a wager-free gift that became cash in the step
 *   that issued it: `bonus_converted`, a notice.
 * The bonus is read as it is now, so a mail never tells of a stage it has already left.
 */
function mailFor(change: Payload, view: PresentableBonus): BonusMailKind | null {
  const { stage } = view.bonus;
  if (change.from === null) {
    if (stage === 'issued') return 'bonus_issued';
    if (stage === 'wait' || stage === 'handle_bets') return 'bonus_active';
    // A wager-free gift credited as cash in the step that issued it.
    if (stage === 'finished' && view.bonus.wagerMultiplier === 0) return 'bonus_converted';
    return null;
  }
  if (change.stage === 'wager_done' && view.bonus.converted > 0n) return 'bonus_converted';
  return null;
}

/** The campaign's title in the player's language, its base language, else English, else none. */
function titleFor(view: PresentableBonus, language: string): string | null {
  const titles = view.campaign?.titles ?? {};
  return titles[language] ?? titles[language.split('-')[0] ?? ''] ?? titles.en ?? null;
}

export function bonusMailsConsumer(deps: BonusMailsDeps): EventConsumer {
  const link = `${deps.publicUrl}/users/gifts`;
  return {
    name: 'bonuses.mails',
    types: ['bonus.changed'],
    async handle(tx, event) {
      if (event.userId === null) return;
      if (deps.clock.now().getTime() - event.createdAt.getTime() > BONUS_MAIL_WINDOW_MS) return;
      const change = event.payload as Payload;
      if (change.from !== null && change.stage !== 'wager_done') return;
      const [view] = await presentableBonuses(tx, { userId: event.userId, id: change.id });
      if (!view) return;
      const kind = mailFor(change, view);
      if (!kind) return;
      const { bonus } = view;
      const left = bonus.wagerRequirement - bonus.wagered;
      const facts: Omit<BonusMailFacts, 'title'> = {
        currency: bonus.currency,
        amountCents: bonus.amount,
        requirementCents: kind !== 'bonus_active' ? bonus.wagerRequirement : left > 0n ? left : 0n,
        validityDays: bonus.validityDays,
        activatableUntil: bonus.activatableUntil,
        validUntil: bonus.stage === 'handle_bets' ? bonus.validUntil : null,
        // A wager-free gift is credited whole (`finished`); a wagered one converts up to its cap.
        convertedCents: bonus.stage === 'finished' ? bonus.amount : bonus.converted,
        link,
      };
      const draft = (to: Parameters<typeof bonusMailDraft>[1]): MailDraft =>
        bonusMailDraft(kind, to, { ...facts, title: titleFor(view, to.language) });
      const written =
        kind === 'bonus_issued'
          ? await deps.promotions.mailIn(tx, event.userId, draft)
          : await deps.notices.noticeIn(tx, event.userId, draft);
      return written.deliver;
    },
  };
}
