/**
 * The mail module's public entry: other modules and the app import from here only (docs/architecture.md, "Module boundaries").
 */

import { defineModule } from '../module.ts';
import { eraseMailsOfPlayer, mailsOfPlayer } from './mail.repository.ts';
import { mailboxRoutes } from './mailbox.routes.ts';
import { createNotices, type Notices } from './notices.ts';
import { createPromotions, type Promotions } from './promotions.ts';

export { type MailKind, buildMail } from './mail.templates.ts';
export { type Mailer, createMailer } from './mailer.ts';
export { type SmsMessage, type SmsSender, createOutboxSmsSender, smsForExport } from './sms.ts';
export { type PromotionChannel, type PromotionOutcome, type Promotions } from './promotions.ts';
export type { Notices } from './notices.ts';
export { bonusMailDraft, type BonusMailFacts, type BonusMailKind } from './bonus.templates.ts';
export type { MailDraft } from './mail.templates.ts';

declare module '../module.ts' {
  interface ModuleApis {
    mail: { promotions: Promotions; notices: Notices };
  }
}

/**
 * Mail: templates, the durable outbox and SMTP delivery (a library the account flows call), the
 * promotional gate every marketing mail and SMS passes, and the development mailbox that shows
 * what was sent (text messages of the default SMS sender included) when DEV_MAILBOX is on.
 */
export const mailModule = defineModule({
  name: 'mail',
  // Every promotional mail and SMS goes through `promotions` (docs/player-profile.md#subscriptions);
  // account notices other modules' consumers write go through `notices`.
  setup: (ctx) => ({
    promotions: createPromotions({
      db: ctx.database.db,
      clock: ctx.clock,
      mailer: ctx.mailer,
      sms: ctx.sms,
      publicUrl: ctx.env.publicUrl,
    }),
    notices: createNotices({ clock: ctx.clock, mailer: ctx.mailer }),
  }),
  routes: (app, _api, ctx) => mailboxRoutes(app, ctx),
  personalData: () => ({
    sections: {
      mails:
        'The e-mails we sent you: subject, text and when. The links in them are shortened to their page: a link’s one-time code is not repeated here.',
    },
    export: async (userId, tx) => ({
      mails: (await mailsOfPlayer(tx, userId)).map((m) => ({ ...m, text: withoutLinkCodes(m.text) })),
    }),
    erase: (userId, tx) => eraseMailsOfPlayer(tx, userId),
  }),
});

/** A mailed link's query (its one-time token) is left out of the export: the page is enough. */
function withoutLinkCodes(text: string): string {
  return text.replace(/(https?:\/\/[^\s?#"<>]+)[?#][^\s"<>]*/g, '$1');
}
