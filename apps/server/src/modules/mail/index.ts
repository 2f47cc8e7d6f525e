/**
 * The mail module's public entry: other modules and the app import from here only (docs/architecture.md, "Module boundaries").
 */

import { defineModule } from '../module.ts';
import { mailboxRoutes } from './mailbox.routes.ts';

export { type MailKind, buildMail } from './mail.templates.ts';
export { type Mailer, createMailer } from './mailer.ts';

/**
 * Mail: templates, the durable outbox and SMTP delivery (a library the account flows call), and the
 * development mailbox that shows what was sent when DEV_MAILBOX is on.
 */
export const mailModule = defineModule({
  name: 'mail',
  routes: (app, _api, ctx) => mailboxRoutes(app, ctx),
});
