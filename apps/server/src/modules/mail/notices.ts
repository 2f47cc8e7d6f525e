import type { Executor } from '../../db/sql.ts';
import type { Clock } from '../../lib/clock.ts';
import { promotionRecipient } from './mail.repository.ts';
import { renderMail, type MailDraft, type Recipient } from './mail.templates.ts';
import type { Mailer } from './mailer.ts';
import { recipientOf } from './promotions.ts';

/** Account notices other modules' event consumers send: mails about the player's own money, never gated by consent. */
export function createNotices({ clock, mailer }: { clock: Clock; mailer: Mailer }) {
  /**
   * An account notice about the player's own money (a bonus that became cash): not a promotion, so
   * no consent is asked, but a closed account gets nothing. Written by the caller's transaction.
   */
  async function noticeIn(
    tx: Executor,
    userId: number,
    draft: (to: Recipient) => MailDraft,
  ): Promise<{ sent: boolean; deliver: () => void }> {
    const recipient = await promotionRecipient(tx, userId, clock.now());
    if (!recipient || recipient.disabled) return { sent: false, deliver: () => undefined };
    const to = recipientOf(userId, recipient);
    const { subject, paragraphs } = draft(to);
    return { sent: true, deliver: await mailer.sendIn(tx, renderMail(to, subject, paragraphs)) };
  }

  return { noticeIn };
}

export type Notices = ReturnType<typeof createNotices>;
