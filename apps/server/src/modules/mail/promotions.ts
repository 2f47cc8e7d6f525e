import type { Db } from '../../db/client.ts';
import type { Executor } from '../../db/sql.ts';
import type { Clock } from '../../lib/clock.ts';
import { promotionFooter } from './bonus.templates.ts';
import { promotionRecipient, type PromotionRecipient } from './mail.repository.ts';
import { renderMail, type MailDraft, type Recipient } from './mail.templates.ts';
import type { Mailer } from './mailer.ts';
import type { SmsSender } from './sms.ts';

/** The ways a promotion can reach a player, one consent each (docs/player-profile.md#subscriptions). */
export type PromotionChannel = 'email' | 'sms' | 'phone_call' | 'partner';

/** What became of one promotion: only `sent` reached the player. */
export type PromotionOutcome = 'sent' | 'not_subscribed' | 'no_verified_phone' | 'unavailable';

/**
 * The one rule for every promotional message: the player consented on that channel, the account is
 * open and no break runs (a player taking a break from gambling gets no offers to come back). SMS
 * also need a verified phone. Transactional mail (confirmation, password reset, limit changes,
 * security notices) never asks this: it goes through the mailer directly.
 */
export function mayReceive(recipient: PromotionRecipient | undefined, channel: PromotionChannel): boolean {
  if (!recipient || recipient.disabled || recipient.onBreak) return false;
  switch (channel) {
    case 'email':
      return recipient.receivePromos;
    case 'sms':
      return recipient.receiveSmsPromos && recipient.verifiedPhone !== null;
    case 'phone_call':
      return recipient.receivePromosViaPhoneCalls && recipient.verifiedPhone !== null;
    case 'partner':
      return recipient.agreedToPartnerPromotions;
  }
}

/** Who a mail goes to, from what the gate read. */
export function recipientOf(userId: number, r: PromotionRecipient): Recipient {
  return { id: userId, email: r.email, language: r.language, firstName: r.firstName };
}

export interface PromotionalMail {
  subject: string;
  text: string;
}

/**
 * Promotional mail and SMS go out only through this (docs/player-profile.md#subscriptions): it reads
 * the consent at the moment of sending, so an opt-out applies to the next message at once.
 */
export function createPromotions({
  db,
  clock,
  mailer,
  sms,
  publicUrl,
}: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  publicUrl: string;
}) {
  const settingsLink = `${publicUrl}/users`;

  async function mayReceivePromotion(userId: number, channel: PromotionChannel): Promise<boolean> {
    return mayReceive(await promotionRecipient(db, userId, clock.now()), channel);
  }

  /** Every promotion says how to stop them, in the player's language (the profile page holds the switches). */
  const render = (to: Recipient, draft: MailDraft) =>
    renderMail(to, draft.subject, draft.paragraphs, promotionFooter(to, settingsLink));

  async function sendMail(userId: number, mail: PromotionalMail): Promise<PromotionOutcome> {
    const recipient = await promotionRecipient(db, userId, clock.now());
    if (!recipient || recipient.disabled || recipient.onBreak) return 'unavailable';
    if (!mayReceive(recipient, 'email')) return 'not_subscribed';
    await mailer.send(render(recipientOf(userId, recipient), { subject: mail.subject, paragraphs: [mail.text] }));
    return 'sent';
  }

  /**
   * A promotional mail written by the caller's transaction (an event consumer's): the gate reads the
   * consent in that transaction, and `deliver` is to be called after its commit.
   */
  async function mailIn(
    tx: Executor,
    userId: number,
    draft: (to: Recipient) => MailDraft,
  ): Promise<{ outcome: PromotionOutcome; deliver: () => void }> {
    const recipient = await promotionRecipient(tx, userId, clock.now());
    const none = () => undefined;
    if (!recipient || recipient.disabled || recipient.onBreak) return { outcome: 'unavailable', deliver: none };
    if (!mayReceive(recipient, 'email')) return { outcome: 'not_subscribed', deliver: none };
    const to = recipientOf(userId, recipient);
    return { outcome: 'sent', deliver: await mailer.sendIn(tx, render(to, draft(to))) };
  }

  async function sendSms(userId: number, text: string): Promise<PromotionOutcome> {
    const recipient = await promotionRecipient(db, userId, clock.now());
    if (!recipient || recipient.disabled || recipient.onBreak) return 'unavailable';
    if (!recipient.receiveSmsPromos) return 'not_subscribed';
    if (!mayReceive(recipient, 'sms') || recipient.verifiedPhone === null) return 'no_verified_phone';
    await sms.send({ userId, to: recipient.verifiedPhone, text: `${text} Stop: ${settingsLink}`, kind: 'promotion' });
    return 'sent';
  }

  return { mayReceivePromotion, sendMail, mailIn, sendSms };
}

export type Promotions = ReturnType<typeof createPromotions>;
