import type { Db } from '../../db/client.ts';
import { insertOutboxMessage } from './mail.repository.ts';

/** Why a text message is sent: a promotion goes through the subscription gate (promotions.ts). */
export type SmsKind = 'phone_code' | 'promotion';

export interface SmsMessage {
  /**
   * The player the text is for (the one who asked for a code, or the promotion's recipient): the
   * outbox row is theirs, whoever's number it went to (docs/privacy.md#mails-and-texts).
   */
  userId: number;
  /** E.164, with the leading plus. */
  to: string;
  text: string;
  kind: SmsKind;
}

/**
 * Sends text messages (docs/player-profile.md#sms-sender). `buildApp` takes one like the mailer;
 * a real gateway is an implementation of this passed from `main.ts`. `send` resolves once the
 * message is accepted and throws when it was not, so the caller can tell the player.
 */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * The default sender: records the message in the mail outbox as channel `sms`, where the dev
 * mailbox shows it (so a local install or the demo can verify a phone without a gateway). It
 * delivers nothing: a site that must reach real phones passes its own sender.
 */
export function createOutboxSmsSender(db: Db, now: () => Date = () => new Date()): SmsSender {
  return {
    async send(message) {
      await insertOutboxMessage(
        db,
        {
          userId: message.userId,
          to: message.to,
          subject: smsSubject(message.kind),
          text: message.text,
          channel: 'sms',
        },
        now(),
      );
    },
  };
}

/** The outbox subject of a text message, which names its kind. */
export function smsSubject(kind: SmsKind): string {
  return `SMS (${kind})`;
}

/**
 * A recorded text as the copy of the player's data shows it (docs/privacy.md#mails-and-texts): a
 * phone code is masked, since the copy must never repeat a one-time code; other texts are as sent.
 */
export function smsForExport(subject: string, text: string): string {
  return subject === smsSubject('promotion') ? text : text.replace(/\d{4,}/g, (digits) => '•'.repeat(digits.length));
}
