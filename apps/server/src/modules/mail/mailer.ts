import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Executor } from '../../db/sql.ts';
import { insertOutboxMessage, insertOutboxMessageIn, markOutboxFailed, markOutboxSent } from './mail.repository.ts';

export interface MailMessage {
  /**
   * The player the mail is for, recorded on the outbox row: the copy of their data and the erasure
   * find their mails by it, never by the address (docs/privacy.md#mails-and-texts).
   */
  userId: number;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Resolves once the message is recorded; delivery may still be under way. */
  send(message: MailMessage): Promise<void>;
  /**
   * Records the message in the caller's transaction and returns what starts its delivery, to call
   * once that transaction has committed: a mail about a change goes out exactly when the change
   * happened (an event consumer's mail, docs/events.md#consuming).
   */
  sendIn(tx: Executor, message: MailMessage): Promise<() => void>;
}

/**
 * Every message is first written to the outbox (an audit trail, and the dev mailbox when no SMTP
 * server is configured), then handed to SMTP if one is. Delivery runs after `send` resolves, so a
 * slow or unreachable mail server never holds up (or times out) the player's request, and the
 * answer time of "mail me a reset link" does not depend on whether a mail was sent. A delivery
 * failure is recorded on the row and logged; the row stays unsent for a later retry.
 */
export function createMailer({
  db,
  smtpUrl,
  from,
  log,
}: {
  db: Db;
  smtpUrl?: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): Mailer & { close(): void; flush(): Promise<void> } {
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  const pending = new Set<Promise<void>>();

  async function deliver(id: number, { to, subject, text, html }: MailMessage): Promise<void> {
    if (!transport) return;
    try {
      await transport.sendMail({ from, to, subject, text, ...(html !== undefined ? { html } : {}) });
      await markOutboxSent(db, id, new Date());
    } catch (error) {
      log.error({ err: error, mailId: id }, 'mail delivery failed');
      await markOutboxFailed(db, id, String(error)).catch((e: unknown) =>
        log.error({ err: e, mailId: id }, 'could not record the mail failure'),
      );
    }
  }

  return {
    async send(message) {
      const id = await insertOutboxMessage(db, message, new Date());
      if (!transport) return;
      const job = deliver(id, message).finally(() => pending.delete(job));
      pending.add(job);
    },
    async sendIn(tx, message) {
      const id = await insertOutboxMessageIn(tx, message, new Date());
      return () => {
        if (!transport) return;
        const job = deliver(id, message).finally(() => pending.delete(job));
        pending.add(job);
      };
    },
    /** Waits for deliveries under way (shutdown and tests). */
    async flush() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close() {
      transport?.close();
    },
  };
}

/** A mailer that keeps nothing: for apps whose mails nobody reads (benches, tests of other concerns). */
export const discardingMailer: Mailer = {
  async send() {},
  async sendIn() {
    return () => undefined;
  },
};
