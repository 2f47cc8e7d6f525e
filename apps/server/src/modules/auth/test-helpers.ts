/**
 * Helpers shared by the account tests (not a test file itself): a valid sign-up body, a signed-up
 * client, tokens from mailed links and row counts for "nothing was written" checks.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import type { SignUpRequest } from '@croupier/shared/api/auth';
import type { Database } from '../../db/client.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { createClient } from '../../../test/build-test-app.ts';

export type Client = ReturnType<typeof createClient>;

let counter = 0;

/** A unique e-mail per call, so tests in one file never collide. */
export function uniqueEmail(prefix = 'player'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}.${Date.now()}@example.com`;
}

export const GOOD_PASSWORD = 'correct horse battery staple';

export function signUpUser(overrides: Partial<SignUpRequest['user']> = {}): SignUpRequest['user'] {
  return {
    email: uniqueEmail(),
    password: GOOD_PASSWORD,
    password_confirmation: GOOD_PASSWORD,
    currency: 'EUR',
    nickname: 'lucky_ann',
    first_name: 'Ann',
    last_name: 'Example',
    gender: 'f',
    date_of_birth: '1990-05-17',
    mobile_phone: '+49 170 1234567',
    country: 'DE',
    city: 'Berlin',
    address: 'Unter den Linden 1',
    postal_code: '10117',
    receive_promos: true,
    receive_sms_promos: false,
    terms_acceptance: true,
    dfpc: 'fp-123',
    ...overrides,
  };
}

/** Signs up through the API with a fresh cookie jar; returns the client (signed in) and the body. */
export async function signUp(app: FastifyInstance, overrides: Partial<SignUpRequest['user']> = {}) {
  const client = createClient(app);
  const user = signUpUser(overrides);
  const res = await client.post('/api/users', { user });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { client, user, player: res.json() as { id: number; email: string } };
}

/**
 * Steps the client's session up with the password (decision 015): turning two-factor on needs it,
 * and a sign-up session has proven nothing yet.
 */
export async function stepUpWithPassword(client: Client, password = GOOD_PASSWORD): Promise<void> {
  const res = await client.post('/api/auth/step_up', { user: { password } });
  if (res.statusCode !== 200) throw new Error(`step-up failed: ${res.statusCode} ${res.body}`);
}

/** The value of a query parameter in the first link of a mail. */
export function tokenFromMail(message: MailMessage | undefined, param: string): string {
  if (!message) throw new Error('no mail');
  const link = message.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in mail "${message.subject}"`);
  const token = new URL(link).searchParams.get(param);
  if (!token) throw new Error(`no ${param} in ${link}`);
  return token;
}

export function lastMailTo(mail: MailMessage[], email: string): MailMessage | undefined {
  return mail.filter((m) => m.to === email).at(-1);
}

/** Rows per table that account calls write to; equal snapshots mean nothing was written. */
export async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = [
    'users',
    'sessions',
    'user_tokens',
    'player_accounts',
    'player_statuses',
    'auth_throttle',
    'mail_outbox',
  ];
  const out: Record<string, number> = {};
  for (const table of tables) {
    const result = await database.db.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
    out[table] = Number(result.rows[0]?.n ?? -1);
  }
  return out;
}

/** A TOTP code for the app's (fake) clock time, optionally `offsetSteps` periods away. */
export function totpAt(secret: string, now: Date, offsetSteps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(now.getTime() / 1000) + offsetSteps * 30 });
}

/** A request with a JSON body through inject, keeping the client's cookies (createClient's delete sends no body). */
export async function sendWithBody(
  app: FastifyInstance,
  client: Client,
  method: 'DELETE' | 'GET',
  url: string,
  body: unknown,
) {
  const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return app.inject({
    method,
    url,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      accept: 'application/json',
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
    },
    payload: JSON.stringify(body),
  });
}
