import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../config/env.ts';
import { fixedClock } from '../../lib/clock.ts';
import { pino } from 'pino';
import { createClient, openTestDatabase } from '../../../test/build-test-app.ts';
import { signUpUser } from '../auth/test-helpers.ts';
import type { Database } from '../../db/client.ts';
import { createMailer } from './mailer.ts';
import { smsForExport } from './sms.ts';
import { buildMail, escapeHtml, mailLanguage, renderMail, type MailKind } from './mail.templates.ts';
import { bonusMailDraft, promotionFooter, type BonusMailFacts, type BonusMailKind } from './bonus.templates.ts';

/** The app wired to the real mailer (outbox + optional SMTP), as main.ts wires it. */
async function buildAppWithRealMailer(overrides: Record<string, string> = {}) {
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_ON_START: 'false', ...overrides });
  const { database, drop } = await openTestDatabase();
  const mailer = createMailer({
    db: database.db,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    log: pino({ level: 'silent' }),
  });
  const app = (await buildApp({ env, database, clock: fixedClock(new Date('2026-11-22T12:00:00Z')), mailer })).http;
  await app.ready();
  return {
    app,
    env,
    mailer,
    database,
    async close() {
      await app.close();
      await mailer.flush();
      mailer.close();
      await drop();
    },
  };
}

describe('mail through a real SMTP server on loopback', () => {
  let smtp: SMTPServer;
  const received: ParsedMail[] = [];
  let waiters: Array<() => void> = [];
  let built: Awaited<ReturnType<typeof buildAppWithRealMailer>>;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      // Plain SMTP on loopback: no certificate to set up.
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            received.push(parsed);
            for (const wake of waiters) wake();
            waiters = [];
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    built = await buildAppWithRealMailer({
      SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      MAIL_FROM: 'Croupier <no-reply@croupier.test>',
    });
  });
  afterAll(async () => {
    await built?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  async function nextMailTo(email: string, timeoutMs = 10_000): Promise<ParsedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = received.find((m) =>
        (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).some((a) => a.text.includes(email)),
      );
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${email} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  it('delivers the sign-up confirmation over SMTP; the token in the received mail confirms the account', async () => {
    const client = createClient(built.app);
    const user = signUpUser();
    const res = await client.post('/api/users', { user });
    expect(res.statusCode).toBe(201);

    const mail = await nextMailTo(user.email);
    expect(mail.subject).toBe('Croupier: Confirm your e-mail address');
    expect(mail.from?.text).toContain('no-reply@croupier.test');
    expect(typeof mail.html === 'string' && mail.html.includes('<a href=')).toBe(true);
    const link = mail.text?.match(/https?:\/\/\S+/)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(`${url.origin}${url.pathname}`).toBe(`${built.env.publicUrl}/users/confirmation`);
    const token = url.searchParams.get('confirmation_token')!;

    const confirmed = await client.get(`/api/users/confirmation?confirmation_token=${encodeURIComponent(token)}`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().confirmed_at).not.toBeNull();

    // The outbox records the delivery.
    await built.mailer.flush();
    const outbox = (await client.get('/dev/mailbox.json')).json() as Array<{
      to: string;
      sent_at: string | null;
      error: string | null;
    }>;
    expect(outbox.find((m) => m.to === user.email.toLowerCase())).toMatchObject({
      error: null,
      sent_at: expect.any(String),
    });
  });

  it('writes a consumer’s mail with its transaction: rolled back, nothing; committed, delivered once started', async () => {
    const user = signUpUser();
    const res = await createClient(built.app).post('/api/users', { user });
    expect(res.statusCode).toBe(201);
    const userId = (res.json() as { id: number }).id;
    await nextMailTo(user.email);
    const to = user.email.toLowerCase();
    const message = { userId, to, subject: 'Croupier: Your bonus is now cash', text: 'A notice.' };
    const written = async () =>
      (
        await built.database.db.execute<{ subject: string; sent_at: string | null }>(
          sql`SELECT subject, sent_at FROM mail_outbox WHERE "to" = ${to} AND subject = ${message.subject}`,
        )
      ).rows;

    const rolledBack = new Error('the batch failed');
    await expect(
      built.database.db.transaction(async (tx) => {
        await built.mailer.sendIn(tx, message);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await written()).toEqual([]);

    const deliver = await built.database.db.transaction((tx) => built.mailer.sendIn(tx, message));
    expect(await written()).toEqual([{ subject: message.subject, sent_at: null }]);
    deliver();
    await built.mailer.flush();
    expect(received.filter((m) => m.subject === message.subject)).toHaveLength(1);
    expect((await written())[0]!.sent_at).not.toBeNull();
  });
});

describe('outbox without SMTP and the dev mailbox', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let database: Database;
  beforeAll(async () => {
    const built = await buildAppWithRealMailer();
    app = built.app;
    close = built.close;
    database = built.database;
  });
  afterAll(async () => close());

  it("records the player each mail is for, also for a mail to a new address not yet the player's", async () => {
    const client = createClient(app);
    const user = signUpUser();
    const signedUp = await client.post('/api/users', { user });
    expect(signedUp.statusCode).toBe(201);
    const id = (signedUp.json() as { id: number }).id;
    const newAddress = `new-${user.email}`;
    const changed = await client.put('/api/users', { user: { current_password: user.password, email: newAddress } });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    const rows = await database.db.execute<{ to: string; subject: string; user_id: number | null }>(
      sql`SELECT "to", subject, user_id FROM mail_outbox WHERE lower("to") IN (${user.email.toLowerCase()}, ${newAddress.toLowerCase()}) ORDER BY id`,
    );
    // The confirmation, the link to the new address and the notice to the current one.
    expect(rows.rows.map((r) => r.to)).toEqual([
      user.email.toLowerCase(),
      newAddress.toLowerCase(),
      user.email.toLowerCase(),
    ]);
    expect(rows.rows.map((r) => r.user_id)).toEqual([id, id, id]);
  });

  it('keeps every mail in the outbox and lists the latest on /dev/mailbox(.json) with clickable, escaped links', async () => {
    const client = createClient(app);
    const user = signUpUser({ first_name: "Zoë O'Brien" });
    expect((await client.post('/api/users', { user })).statusCode).toBe(201);

    const json = await client.get('/dev/mailbox.json');
    expect(json.statusCode).toBe(200);
    const [latest] = json.json() as Array<{ to: string; subject: string; links: string[]; sent_at: string | null }>;
    expect(latest).toMatchObject({
      to: user.email.toLowerCase(),
      subject: 'Croupier: Confirm your e-mail address',
      sent_at: null,
    });
    expect(latest!.links[0]).toMatch(/\/users\/confirmation\?confirmation_token=[A-Za-z0-9_-]{43}$/);

    const html = await client.get('/dev/mailbox');
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    expect(html.body).toContain(`<a href="${latest!.links[0]}">`);
    expect(html.body).toContain('Zoë O&#39;Brien');
    expect(html.body).not.toContain("Zoë O'Brien");
  });

  it('does not exist in production on PostgreSQL, with SMTP, when others can reach the demo, nor when turned off', async () => {
    const secret = { APP_SECRET: 'a-test-secret-of-at-least-32-characters' };
    const cases: Record<string, string>[] = [
      { NODE_ENV: 'production', DATABASE_URL: 'postgres://127.0.0.1/unused', ...secret },
      { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525', ...secret },
      { DEV_MAILBOX: 'false' },
      // The embedded demo reachable from other machines: its mailbox would hand out every player's links.
      { NODE_ENV: 'production', HOST: '0.0.0.0', ...secret },
      { NODE_ENV: 'production', PUBLIC_URL: 'https://casino.example', ...secret },
      { NODE_ENV: 'production', TRUST_PROXY: 'true', ...secret },
    ];
    for (const overrides of cases) await expectNoMailbox(overrides);
  });

  it('exists for the embedded demo in production without SMTP (README run command)', async () => {
    const demo = await buildAppWithRealMailer({
      NODE_ENV: 'production',
      APP_SECRET: 'a-test-secret-of-at-least-32-characters',
    });
    try {
      expect((await createClient(demo.app).get('/dev/mailbox.json')).statusCode).toBe(200);
    } finally {
      await demo.close();
    }
  });

  async function expectNoMailbox(overrides: Record<string, string>) {
    const prod = await buildAppWithRealMailer(overrides);
    try {
      for (const url of ['/dev/mailbox', '/dev/mailbox.json']) {
        const res = await createClient(prod.app).get(url);
        expect(res.statusCode, url).toBe(404);
      }
    } finally {
      await prod.close();
    }
  }
});

describe('mail texts', () => {
  it('follow the player language and fall back to English', () => {
    expect(mailLanguage('pt-BR')).toBe('pt');
    expect(mailLanguage('en-AU')).toBe('en');
    expect(mailLanguage('xx')).toBe('en');
    const de = buildMail(
      'reset_password',
      { id: 1, email: 'a@example.com', language: 'de', firstName: 'Anna' },
      'http://x/users/password/edit?reset_password_token=t',
    );
    expect(de.subject).toBe('Croupier: Passwort zurücksetzen');
    expect(de.text).toContain('Hallo Anna,');
    expect(de.text).toContain('http://x/users/password/edit?reset_password_token=t');
    const ja = buildMail(
      'password_changed',
      { id: 1, email: 'a@example.com', language: 'ja', firstName: null },
      undefined,
    );
    expect(ja.text.startsWith('お客様')).toBe(true);
    const html = buildMail(
      'confirmation',
      { id: 1, email: 'a@example.com', language: 'en', firstName: '<b>Eve</b>' },
      'http://x/c?t=1',
    ).html!;
    expect(html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(html).not.toContain('<b>Eve</b>');
  });
});

describe('mail texts in every language', () => {
  // Records, so that a new kind or language does not compile here until it is listed.
  const KINDS: Record<MailKind, { link: boolean }> = {
    confirmation: { link: true },
    reset_password: { link: true },
    email_change: { link: true },
    password_changed: { link: false },
    email_change_requested: { link: false },
    two_factor_enabled: { link: false },
    two_factor_disabled: { link: false },
    limit_change: { link: true },
    gdpr_report: { link: true },
    document_approved: { link: true },
    document_rejected: { link: true },
  };
  const LANGUAGES: Record<ReturnType<typeof mailLanguage>, true> = {
    en: true,
    de: true,
    es: true,
    fr: true,
    pt: true,
    no: true,
    ja: true,
  };
  const link = 'http://x/profile/limits/confirm?token=abc&from=mail';
  const reason = 'The photo is blurred: <all> corners & text must show';

  function build(kind: MailKind, language: string) {
    return buildMail(
      kind,
      { id: 1, email: 'a@example.com', language, firstName: 'Ana' },
      KINDS[kind].link ? link : undefined,
      kind === 'document_rejected' ? { reason } : undefined,
    );
  }

  it.each(Object.keys(KINDS) as MailKind[])('%s has its own words in every language', (kind) => {
    const english = build(kind, 'en');
    // The English paragraphs a fallback would repeat: everything but the link and the operator's reason.
    const englishWords = english.text
      .split('\n\n')
      .filter((paragraph) => paragraph !== link && !paragraph.includes(reason) && !paragraph.startsWith('— Croupier'));
    expect(englishWords.length).toBeGreaterThan(1);
    const subjects = new Set<string>();
    for (const language of Object.keys(LANGUAGES)) {
      const mail = build(kind, language);
      expect(mail.subject.startsWith('Croupier: '), language).toBe(true);
      subjects.add(mail.subject);
      if (language !== 'en') {
        for (const paragraph of englishWords) expect(mail.text, `${language}: ${paragraph}`).not.toContain(paragraph);
      }
      if (KINDS[kind].link) {
        expect(mail.text.split('\n\n'), language).toContain(link);
        expect(mail.html, language).toContain(`<a href="${escapeHtml(link)}">`);
      } else {
        expect(mail.text, language).not.toMatch(/https?:\/\//);
      }
      if (kind === 'document_rejected') {
        // The operator's reason is quoted as written: its own paragraph, escaped in the HTML part.
        expect(
          mail.text.split('\n\n').filter((paragraph) => paragraph.endsWith(reason)),
          language,
        ).toHaveLength(1);
        expect(mail.html, language).toContain(escapeHtml(reason));
        expect(mail.html, language).not.toContain('<all>');
      }
    }
    // Seven languages, seven different subjects: none borrows another language's.
    expect(subjects.size).toBe(Object.keys(LANGUAGES).length);
  });

  // Every variant of each bonus mail (docs/bonuses.md#mails), rendered as the consumer renders it.
  const bonusFacts: BonusMailFacts = {
    title: null,
    currency: 'EUR',
    amountCents: 100_00n,
    requirementCents: 1_000_00n,
    validityDays: 7,
    activatableUntil: new Date('2026-11-25T12:00:00Z'),
    validUntil: new Date('2026-11-29T12:00:00Z'),
    convertedCents: 120_00n,
    link,
  };
  const BONUS_VARIANTS: [string, BonusMailKind, Partial<BonusMailFacts>][] = [
    ['issued', 'bonus_issued', {}],
    ['issued, no deadline', 'bonus_issued', { activatableUntil: null }],
    ['issued, wager-free', 'bonus_issued', { requirementCents: 0n }],
    ['active', 'bonus_active', {}],
    ['active, waiting its turn', 'bonus_active', { validUntil: null }],
    ['converted', 'bonus_converted', {}],
    ['converted, wager-free', 'bonus_converted', { requirementCents: 0n }],
  ];
  function buildBonus(kind: BonusMailKind, over: Partial<BonusMailFacts>, language: string) {
    const to = { id: 1, email: 'a@example.com', language, firstName: 'Ana' };
    const { subject, paragraphs } = bonusMailDraft(kind, to, { ...bonusFacts, ...over });
    return renderMail(to, subject, paragraphs, promotionFooter(to, 'http://x/users'));
  }

  it.each(BONUS_VARIANTS)('the bonus mail "%s" has its own words in every language', (_name, kind, over) => {
    const englishWords = buildBonus(kind, over, 'en')
      .text.split('\n\n')
      .filter((paragraph) => !/^(https?:|— Croupier|Hi )/.test(paragraph));
    expect(englishWords.length).toBeGreaterThan(2);
    const subjects = new Set<string>();
    for (const language of Object.keys(LANGUAGES)) {
      const mail = buildBonus(kind, over, language);
      subjects.add(mail.subject);
      if (language !== 'en') {
        for (const paragraph of englishWords) expect(mail.text, `${language}: ${paragraph}`).not.toContain(paragraph);
      }
      expect(mail.text.split('\n\n'), language).toContain(link);
      // The figures, formatted for the language, and no placeholder left unfilled.
      const amount = kind === 'bonus_converted' ? 120 : 100;
      expect(mail.text, language).toMatch(new RegExp(`${amount}[.,]00`));
      expect(mail.text, language).not.toMatch(/undefined|null|NaN|\$\{/);
    }
    expect(subjects.size).toBe(Object.keys(LANGUAGES).length);
  });

  it('keeps the English texts of the limit and document mails', () => {
    expect(build('limit_change', 'en').subject).toBe('Croupier: Confirm the change to your limit');
    expect(build('document_approved', 'en').subject).toBe('Croupier: Your document was approved');
    const rejected = build('document_rejected', 'en');
    expect(rejected.subject).toBe('Croupier: Your document was not accepted');
    expect(rejected.text).toContain(
      `\n\nThe reason: ${reason}\n\nPlease upload a new document on this page:\n\n${link}\n\n`,
    );
    expect(build('document_rejected', 'de').text).toContain(`\n\nDer Grund: ${reason}\n\n`);
    expect(build('limit_change', 'pt-BR').subject).toBe('Croupier: Confirme a alteração do seu limite');
  });

  it('refuses a linked mail without its link and a rejection without its reason', () => {
    for (const kind of Object.keys(KINDS) as MailKind[]) {
      if (!KINDS[kind].link) continue;
      expect(
        () =>
          buildMail(kind, { id: 1, email: 'a@example.com', language: 'fr', firstName: null }, undefined, { reason }),
        kind,
      ).toThrow(`mail ${kind} needs a link`);
    }
    expect(() =>
      buildMail('document_rejected', { id: 1, email: 'a@example.com', language: 'ja', firstName: null }, link),
    ).toThrow('mail document_rejected needs a reason');
  });
});

describe('text messages in the copy of the data', () => {
  it('mask a phone code (and any long run of digits in a text that is not a promotion); a promotion is as sent', () => {
    expect(smsForExport('SMS (phone_code)', 'Croupier: your code is 042917. It works for 10 minutes.')).toBe(
      'Croupier: your code is ••••••. It works for 10 minutes.',
    );
    expect(smsForExport('SMS (something new)', 'PIN 1234')).toBe('PIN ••••');
    expect(smsForExport('SMS (promotion)', 'Deposit 100000 and win! Stop: http://x/users')).toBe(
      'Deposit 100000 and win! Stop: http://x/users',
    );
  });
});
