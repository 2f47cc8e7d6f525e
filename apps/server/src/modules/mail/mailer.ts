import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Every message is first written to the outbox (an audit trail, and the dev mailbox when no SMTP
 * server is configured), then handed to SMTP if one is. A delivery failure is recorded on the row
 * and logged; it never fails the player's request, so a mail outage cannot block sign-ups.
 */
export function createMailer({ db, smtpUrl, from, log }: { db: Db; smtpUrl?: string | undefined; from: string; log: FastifyBaseLogger }): Mailer & { close(): void } {
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(message) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null })
        .returning({ id: mailOutbox.id });
      if (!transport || !row) return;
      try {
        await transport.sendMail({ from, ...message });
        await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
      } catch (error) {
        log.error({ err: error, mailId: row.id }, 'mail delivery failed');
        await db.update(mailOutbox).set({ error: String(error) }).where(eq(mailOutbox.id, row.id));
      }
    },
    close() {
      transport?.close();
    },
  };
}
