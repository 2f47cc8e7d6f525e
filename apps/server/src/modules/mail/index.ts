/**
 * The mail module's public entry: other modules and the app import from here only (docs/architecture.md, "Module boundaries").
 */

export { type MailKind, buildMail } from './mail.templates.ts';
export { mailboxRoutes } from './mailbox.routes.ts';
export { type Mailer, createMailer } from './mailer.ts';
