/**
 * The copy of a player's data and the erasure (docs/privacy.md): what the export holds and never
 * holds, the one-time link built by the job, and the erasure's refusals, effects and idempotency.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectRouteContract } from '../../../test/contract.ts';
import { GOOD_PASSWORD, lastMailTo, signUp, tokenFromMail } from '../auth/test-helpers.ts';
import { launch } from '../games-host/test-helpers.ts';
import {
  expectLedgerSound,
  fund,
  gameSession,
  TEST_PROVIDER,
  TEST_PROVIDER_SECRET,
  TEST_PROVIDERS_ENV,
  walletCall,
} from '../wallet/test-helpers.ts';
import { GDPR_REPORT_TTL_MS } from './privacy.service.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ADMIN = 'admin-token-for-privacy-tests-0123456789';
const HOUR = 3_600_000;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ...TEST_PROVIDERS_ENV, ADMIN_API_TOKEN: ADMIN });
});
afterAll(async () => {
  await expectLedgerSound(t.database);
  await t.close();
});

let n = 0;
/** The one-time code of the texts richPlayer records: it must never be in a copy. */
const PHONE_CODE = '987654';
const q = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];
const checked = (method: string, route: string, res: LightMyRequestResponse) => {
  expectRouteContract(method, route, res);
  return res;
};

/** A player with something in every module: profile, sessions, money, rounds on two seed pairs, a limit, a mail. */
async function richPlayer(firstName: string) {
  const { client, user, player } = await signUp(t.app, {
    currency: 'EUR',
    first_name: firstName,
    last_name: 'Lovelace',
  });
  await fund(t.wallet, player.id, 'EUR', 10_000);
  const { headers, game } = await launch(t, client, 'slot-low');
  expect((await client.put(`/api/player/favorite_games/${game.id}`, {})).statusCode).toBeLessThan(300);
  expect((await client.post('/games-api/rounds', { bet: { amount: 100 } }, headers)).statusCode).toBe(200);
  // The first pair is revealed by the rotation; the next round is drawn from a pair still secret.
  expect((await client.post('/api/fairness/rotate', {})).statusCode).toBe(200);
  expect((await client.post('/games-api/rounds', { bet: { amount: 100 } }, headers)).statusCode).toBe(200);
  const limit = await client.post('/api/user_limits', {
    type: 'deposit',
    period: 'week',
    accounts: [{ currency: 'EUR', amount_cents: 50_000 }],
  });
  expect(limit.statusCode, limit.body).toBe(201);
  // The test mailer records nothing in the outbox: one mail as the real mailer would have stored it.
  await t.database.db.execute(
    sql`INSERT INTO mail_outbox (user_id, "to", subject, text, created_at)
        VALUES (${player.id}, ${user.email}, 'Croupier: Reset your password',
                ${`Hi ${firstName},\n\nhttp://localhost/users/reset_password?reset_password_token=SECRET-LINK-${++n}\n`},
                ${t.clock.now()})`,
  );
  await t.database.db.execute(
    sql`UPDATE users SET two_factor_secret = ${`TOTPSECRET${firstName}`} WHERE id = ${player.id}`,
  );
  // A verified phone with a code still pending, a text sent to it, a verification document.
  const phone = `+4915${String(player.id).padStart(9, '0')}`;
  await t.database.db.execute(
    sql`INSERT INTO player_phones (user_id, number, verified_at, code_hash, created_at, updated_at)
        VALUES (${player.id}, ${phone}, ${t.clock.now()}, ${`SECRETCODEHASH${player.id}`}, ${t.clock.now()}, ${t.clock.now()})`,
  );
  await t.database.db.execute(
    sql`INSERT INTO mail_outbox (user_id, "to", channel, subject, text, created_at)
        VALUES (${player.id}, ${phone}, 'sms', 'SMS (phone_code)', ${`Your Croupier code is ${PHONE_CODE} (${firstName})`},
                ${t.clock.now()})`,
  );
  await t.database.db.execute(
    sql`INSERT INTO player_documents (user_id, document_type, status, description, file_name, content_type, size_bytes,
                                      sha256, storage_key, created_at, updated_at)
        VALUES (${player.id}, 'identity', 'not_approved', 'Passport', 'passport.jpg', 'image/jpeg', 1234,
                ${`SECRETSHA${player.id}`}, ${`SECRETSTORAGEKEY${player.id}`}, ${t.clock.now()}, ${t.clock.now()})`,
  );
  return { client, id: player.id, email: user.email, firstName, phone };
}

const exportOf = async (userId: number) =>
  t.database.db.transaction((tx) => t.croupier.modules.privacy.exportDocument(userId, tx));

describe('the export', () => {
  it("holds every module's section for the player, and nothing of another player", async () => {
    const a = await richPlayer('Adaexport');
    const b = await richPlayer('Bobexport');
    const text = await exportOf(a.id);
    const doc = JSON.parse(text) as Json;

    const declared = Object.keys(doc.about.sections as Json);
    for (const section of [
      'auth.account',
      'auth.sessions',
      'player.profile',
      'player.wallets',
      'mail.mails',
      'games.recent_games',
      'wallet.ledger',
      'limits.limits',
      'games-host.rounds',
      'games-host.seed_pairs',
      'payments.payments',
      'jackpots.wins',
      'privacy.event_log',
      'profile.phone',
      'profile.sms',
      'profile.subscriptions',
      'documents.documents',
      'documents.verification_changes',
    ])
      expect(declared).toContain(section);
    for (const section of declared) {
      const [module, part] = section.split('.') as [string, string];
      expect(doc[module], section).toHaveProperty(part);
    }

    expect(doc.auth.account.email).toBe(a.email);
    expect(doc.auth.sessions.length).toBeGreaterThan(0);
    expect(doc.player.profile).toMatchObject({
      id: a.id,
      first_name: 'Adaexport',
      last_name: 'Lovelace',
      city: 'Berlin',
    });
    expect(doc.player.wallets).toEqual([expect.objectContaining({ currency: 'EUR' })]);
    const kinds = (doc.wallet.ledger as Json[]).map((e) => e.kind as string);
    expect(kinds.filter((k) => k === 'bet')).toHaveLength(2);
    expect(kinds.every((k) => ['deposit', 'bet', 'win'].includes(k))).toBe(true);
    expect(doc.wallet.ledger[0]).toMatchObject({ kind: 'deposit', currency: 'EUR', cash_change: 10_000 });
    expect(doc['games-host'].rounds).toHaveLength(2);
    expect(doc['games-host'].seed_pairs).toHaveLength(2);
    expect(doc.limits.limits).toEqual([expect.objectContaining({ type: 'deposit', period: 'week' })]);
    expect(doc.mail.mails).toHaveLength(1);
    expect(doc.mail.mails[0].text).toContain('http://localhost/users/reset_password');
    expect(doc.games.favourites).toEqual([expect.objectContaining({ game: expect.any(String) })]);
    expect(doc.privacy.event_log.length).toBeGreaterThan(0);
    expect(doc.profile.phone).toMatchObject({ number: a.phone });
    expect(doc.profile.sms).toEqual([
      expect.objectContaining({ to: a.phone, text: 'Your Croupier code is •••••• (Adaexport)' }),
    ]);
    expect(doc.profile.subscriptions).toMatchObject({ receive_promos: expect.any(Boolean) });
    expect(doc.documents.documents).toEqual([
      expect.objectContaining({ document_type: 'identity', file_name: 'passport.jpg', status: 'not_approved' }),
    ]);

    // Nothing of B: their address, name, rounds or ledger entries.
    expect(text).not.toContain(b.email);
    expect(text).not.toContain('Bobexport');
    const bRounds = await q<{ id: string }>(sql`SELECT id::text FROM game_rounds WHERE user_id = ${b.id}`);
    const aRoundIds = (doc['games-host'].rounds as Json[]).map((r) => String(r.id));
    for (const r of bRounds) expect(aRoundIds).not.toContain(r.id);
    const bLedger = await q<{ id: string }>(sql`SELECT id::text FROM ledger_transactions WHERE user_id = ${b.id}`);
    const aLedgerIds = (doc.wallet.ledger as Json[]).map((e) => String(e.id));
    for (const e of bLedger) expect(aLedgerIds).not.toContain(e.id);
  });

  it('never holds a secret: password hash, two-factor secret, session ids, link tokens, unrevealed seeds', async () => {
    const a = await richPlayer('Secretkeeper');
    const text = await exportOf(a.id);
    const secrets: string[] = [];
    const [user] = await q<{ encrypted_password: string; two_factor_secret: string }>(
      sql`SELECT encrypted_password, two_factor_secret FROM users WHERE id = ${a.id}`,
    );
    secrets.push(user!.encrypted_password, user!.two_factor_secret);
    for (const s of await q<{ id: string }>(sql`SELECT id FROM sessions WHERE user_id = ${a.id}`)) secrets.push(s.id);
    for (const s of await q<{ token_hash: string }>(sql`SELECT token_hash FROM user_tokens WHERE user_id = ${a.id}`))
      secrets.push(s.token_hash);
    for (const s of await q<{ token_hash: string }>(sql`SELECT token_hash FROM game_sessions WHERE user_id = ${a.id}`))
      secrets.push(s.token_hash);
    const seeds = await q<{ server_seed: string; revealed: boolean }>(
      sql`SELECT server_seed, revealed_at IS NOT NULL AS revealed FROM fairness_seeds WHERE owner = ${`user:${a.id}`}`,
    );
    expect(seeds.map((s) => s.revealed).sort()).toEqual([false, true]);
    for (const s of seeds) if (!s.revealed) secrets.push(s.server_seed);
    // The revealed one is the player's to check their rounds with.
    expect(text).toContain(seeds.find((s) => s.revealed)!.server_seed);
    expect(secrets.length).toBeGreaterThanOrEqual(5);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain('SECRET-LINK');
    // Nor a phone code, even in the texts that carried it.
    expect(text).not.toContain(PHONE_CODE);
    // Nor a phone code's HMAC, nor where a document's file is stored or its hash.
    expect(text).not.toMatch(/SECRETCODEHASH|SECRETSTORAGEKEY|SECRETSHA/);
    expect(text).not.toMatch(/encrypted_password|two_factor_secret|token_hash/);
  });

  it("holds none of another player's messages when the player typed that player's number or address", async () => {
    const b = await richPlayer('Bobvictim');
    // A row from before messages recorded their owner: B's address, B's number, no owner.
    await t.database.db.execute(
      sql`INSERT INTO mail_outbox ("to", channel, subject, text, created_at)
          VALUES (${b.email}, 'email', 'Croupier: old', 'Old mail of Bobvictim', ${t.clock.now()}),
                 (${b.phone}, 'sms', 'SMS (phone_code)', 'Old code 111222 of Bobvictim', ${t.clock.now()})`,
    );
    const { client, player } = await signUp(t.app, { currency: 'EUR', first_name: 'Attacker' });
    // A adds B's verified number as pending (B's number receives A's code: that text is A's) …
    const added = await client.post('/api/player/phone', { phone: { number: b.phone } });
    expect(added.statusCode, added.body).toBe(201);
    // … and has B's address as a pending e-mail change (asked for before B signed up with it).
    await t.database.db.execute(sql`UPDATE users SET unconfirmed_email = ${b.email} WHERE id = ${player.id}`);

    const text = await exportOf(player.id);
    const doc = JSON.parse(text) as Json;
    expect(text).not.toContain('Bobvictim');
    expect(text).not.toContain('SECRET-LINK');
    expect(text).not.toContain(PHONE_CODE);
    expect(doc.mail.mails).toEqual([]);
    // Only A's own code text, its code masked.
    expect(doc.profile.sms).toEqual([expect.objectContaining({ to: b.phone, text: expect.any(String) })]);
    expect(doc.profile.sms[0].text).toContain('your code is ••••••');
    expect(doc.profile.sms[0].text).not.toMatch(/\d{4}/);

    // A's erasure changes none of B's messages, nor the rows with no owner; A's code text goes.
    const messagesOf = () =>
      q(sql`SELECT id, user_id, "to", text, html FROM mail_outbox
             WHERE user_id IS DISTINCT FROM ${player.id} AND ("to" IN (${b.email}, ${b.phone}) OR user_id = ${b.id})
             ORDER BY id`);
    const before = await messagesOf();
    expect(before).toHaveLength(4);
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/admin/players/${player.id}/erasure`,
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ reason: 'ticket 43' }),
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await messagesOf()).toEqual(before);
    expect(await q(sql`SELECT "to", text FROM mail_outbox WHERE user_id = ${player.id}`)).toEqual([
      { to: `erased-${player.id}`, text: '[erased]' },
    ]);
    // And B's own copy still has B's messages, none of the rows without an owner.
    const bDoc = JSON.parse(await exportOf(b.id)) as Json;
    expect(bDoc.mail.mails).toEqual([expect.objectContaining({ to: b.email })]);
    expect(bDoc.profile.sms).toEqual([
      expect.objectContaining({ to: b.phone, text: expect.stringContaining('Bobvictim') }),
    ]);
    expect(JSON.stringify(bDoc)).not.toMatch(/Old (mail|code)/);
  });
});

describe('POST /api/gdpr_reports and the mailed link', () => {
  it('builds the copy by the job, mails a one-time link that only the same signed-in player can use, once', async () => {
    // The file's clock is shared and other tests move it: the dates below are from where it stands now.
    const start = t.clock.now();
    const a = await richPlayer('Linkowner');
    const other = await signUp(t.app, { currency: 'EUR' });
    expect((await createClient(t.app).post('/api/gdpr_reports', {})).statusCode).toBe(401);

    const asked = checked('POST', '/api/gdpr_reports', await a.client.post('/api/gdpr_reports', {}));
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({ status: 'pending', ready_at: null });
    const again = checked('POST', '/api/gdpr_reports', await a.client.post('/api/gdpr_reports', {}));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'gdpr_report_pending' });
    expect(lastMailTo(t.mail, a.email)?.subject ?? '').not.toMatch(/copy/);

    const run = (await t.jobs.runNow('privacy.reports')) as Json;
    expect(run).toMatchObject({ built: 1, mailed: 1 });
    expect(await t.jobs.runNow('privacy.reports')).toMatchObject({ built: 0, mailed: 0 });
    const mail = lastMailTo(t.mail, a.email);
    expect(mail?.subject).toBe('Croupier: Your copy of your data is ready');
    expect(mail?.text).toContain('/profile/data/download?token=');
    const token = tokenFromMail(mail, 'token');
    const [stored] = await q<{ token_hash: string }>(sql`SELECT token_hash FROM gdpr_reports WHERE user_id = ${a.id}`);
    expect(stored!.token_hash).not.toBe(token);

    const listed = checked('GET', '/api/gdpr_reports', await a.client.get('/api/gdpr_reports'));
    expect(listed.json()).toEqual([
      expect.objectContaining({
        status: 'ready',
        expires_at: new Date(start.getTime() + GDPR_REPORT_TTL_MS).toISOString(),
      }),
    ]);

    const url = `/api/gdpr_reports/download?token=${encodeURIComponent(token)}`;
    expect((await createClient(t.app).get(url)).statusCode).toBe(401);
    const stranger = checked('GET', '/api/gdpr_reports/download', await other.client.get(url));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'gdpr_report_not_found' });
    expect((await a.client.get('/api/gdpr_reports/download?token=wrong')).statusCode).toBe(404);

    const got = checked('GET', '/api/gdpr_reports/download', await a.client.get(url));
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="croupier-data-${a.id}-${start.toISOString().slice(0, 10)}.json"`,
    );
    expect(got.headers['cache-control']).toBe('private, no-store');
    const doc = got.json() as Json;
    expect(doc.about.player_id).toBe(a.id);
    expect(doc.auth.account.email).toBe(a.email);
    expect(got.body).toContain('\n  "about": {');

    const twice = checked('GET', '/api/gdpr_reports/download', await a.client.get(url));
    expect(twice.statusCode).toBe(410);
    expect(twice.json()).toMatchObject({ code: 'gdpr_report_used' });
    const [row] = await q<{ content: string | null; status: string }>(
      sql`SELECT content, status FROM gdpr_reports WHERE user_id = ${a.id}`,
    );
    expect(row).toEqual({ content: null, status: 'downloaded' });

    // One a day.
    t.clock.advance(23 * HOUR);
    const soon = checked('POST', '/api/gdpr_reports', await a.client.post('/api/gdpr_reports', {}));
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ code: 'gdpr_report_too_soon' });
    expect(soon.headers['retry-after']).toBe('3600');
    t.clock.advance(HOUR);
    expect((await a.client.post('/api/gdpr_reports', {})).statusCode).toBe(201);
    expect(await t.jobs.runNow('privacy.reports')).toMatchObject({ built: 1, mailed: 1 });
  });

  it('expires: after 7 days the link answers 410 and the copy is deleted by the job', async () => {
    const { client, user, player } = await signUp(t.app, { currency: 'EUR' });
    expect((await client.post('/api/gdpr_reports')).statusCode).toBe(201);
    await t.jobs.runNow('privacy.reports');
    const token = tokenFromMail(lastMailTo(t.mail, user.email), 'token');
    t.clock.advance(GDPR_REPORT_TTL_MS);
    // The session would not outlive the jump: sign in again.
    const fresh = createClient(t.app);
    expect(
      (await fresh.post('/api/users/sign_in', { user: { email: user.email, password: GOOD_PASSWORD } })).statusCode,
    ).toBe(201);
    const late = checked(
      'GET',
      '/api/gdpr_reports/download',
      await fresh.get(`/api/gdpr_reports/download?token=${encodeURIComponent(token)}`),
    );
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ code: 'gdpr_report_expired' });
    expect(((await t.jobs.runNow('privacy.reports')) as Json).expired).toBeGreaterThanOrEqual(1);
    const [row] = await q<{ content: string | null; status: string }>(
      sql`SELECT content, status FROM gdpr_reports WHERE user_id = ${player.id}`,
    );
    expect(row).toEqual({ content: null, status: 'expired' });
  });

  it('refuses a body with fields', async () => {
    const { client, player } = await signUp(t.app, { currency: 'EUR' });
    const res = checked('POST', '/api/gdpr_reports', await client.post('/api/gdpr_reports', { all: true }));
    expect(res.statusCode).toBe(400);
    expect(await q(sql`SELECT 1 FROM gdpr_reports WHERE user_id = ${player.id}`)).toEqual([]);
  });
});

describe('POST /api/admin/players/{id}/erasure', () => {
  const erase = (id: number, token = ADMIN) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/players/${id}/erasure`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ reason: 'ticket 42' }),
    });
  const playerMoney = async (id: number) =>
    q<{ kind: string; sum: string; n: number }>(
      sql`SELECT a.kind, sum(p.amount)::text AS sum, count(*)::int AS n
            FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
           WHERE a.ref = ${String(id)} AND a.kind IN ('player_cash', 'player_bonus') GROUP BY a.kind ORDER BY a.kind`,
    );

  it('refuses while the player holds money, and changes nothing', async () => {
    const a = await richPlayer('Moneyholder');
    const res = checked('POST', '/api/admin/players/{id}/erasure', await erase(a.id));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'erasure_money_held' });
    const [user] = await q<{ email: string; first_name: string }>(
      sql`SELECT email, first_name FROM users WHERE id = ${a.id}`,
    );
    expect(user).toEqual({ email: a.email, first_name: 'Moneyholder' });
    expect((await a.client.get('/api/player')).statusCode).toBe(200);
  });

  it('refuses while a withdrawal is under way', async () => {
    const { client, user, player } = await signUp(t.app, { currency: 'EUR' });
    await fund(t.wallet, player.id, 'EUR', 5_000);
    expect((await client.post('/api/auth/step_up', { user: { password: GOOD_PASSWORD } })).statusCode).toBe(200);
    const out = await client.post('/api/payments/withdrawals', {
      payment: { currency: 'EUR', amount_cents: 5_000, method_id: 'sandbox_ewallet', fields: { email: user.email } },
    });
    expect(out.statusCode, out.body).toBeLessThan(300);
    const res = checked('POST', '/api/admin/players/{id}/erasure', await erase(player.id));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'erasure_payment_pending' });
  });

  it("refuses while an outside provider's round holds a bet that no closing win settled", async () => {
    const { player, user } = await signUp(t.app, { currency: 'EUR' });
    await fund(t.wallet, player.id, 'EUR', 1_000);
    const session = await gameSession(t.database, player.id, 'EUR', TEST_PROVIDER, t.clock.now());
    const call = async (action: string, body: Json) =>
      (
        await walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, action, {
          user_id: String(player.id),
          ...(action === 'round' ? {} : { currency: 'EUR', game: 'acme/fruit' }),
          ...body,
        })
      ).json as Json;
    const bet = (round: string) =>
      call('bet', { session_token: session, round_id: round, transaction_id: `${round}-bet`, amount: 1_000 });
    // A round whose only bet was rolled back holds nothing: no win can come, so it is not open.
    const cancelled = `cancelled-${player.id}`;
    expect((await bet(cancelled)).status).toBe('OK');
    const rolledBack = await call('rollback', {
      round_id: cancelled,
      transaction_id: `${cancelled}-rollback`,
      reference_transaction_id: `${cancelled}-bet`,
    });
    expect(rolledBack.status).toBe('OK');
    // All the money is on the table: nothing is held in the wallet, so only the round stands in the way.
    const round = `open-${player.id}`;
    expect((await bet(round)).status).toBe('OK');
    const refusedNow = async () => {
      const res = checked('POST', '/api/admin/players/{id}/erasure', await erase(player.id));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'erasure_round_open', error: expect.stringContaining('round') });
      expect(await q(sql`SELECT email FROM users WHERE id = ${player.id}`)).toEqual([{ email: user.email }]);
      expect(await q(sql`SELECT 1 FROM gdpr_erasures WHERE user_id = ${player.id}`)).toEqual([]);
    };
    await refusedNow();
    // A win that leaves the round open (more may follow) does not settle it.
    const partial = await call('win', {
      round_id: round,
      transaction_id: `${round}-win-1`,
      amount: 0,
      round_closed: false,
    });
    expect(partial.status).toBe('OK');
    expect((await call('round', { round_id: round })).round).toMatchObject({ closed: false });
    await refusedNow();
    // The provider's closing win (a loss: zero) settles it, as the protocol's `round` answer says.
    const closing = await call('win', { round_id: round, transaction_id: `${round}-win-2`, amount: 0 });
    expect(closing.status).toBe('OK');
    expect((await call('round', { round_id: round })).round).toMatchObject({ closed: true });
    const res = checked('POST', '/api/admin/players/{id}/erasure', await erase(player.id));
    expect(res.statusCode, res.body).toBe(200);
    // Erased: a late win of that round is refused, never paid onto the anonymised account.
    const late = await call('win', { round_id: round, transaction_id: `${round}-win-3`, amount: 500 });
    expect(late.status).toBe('ROUND_CLOSED');
  });

  it('anonymises, ends sessions, keeps the money records intact, and is idempotent', async () => {
    const { client, user, player } = await signUp(t.app, { currency: 'EUR', first_name: 'Erasable' });
    await fund(t.wallet, player.id, 'EUR', 1_000);
    // The player loses it all at an outside provider's game: a zero balance, and ledger entries to keep.
    const session = await gameSession(t.database, player.id, 'EUR', TEST_PROVIDER, t.clock.now());
    const bet = await walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, 'bet', {
      user_id: String(player.id),
      currency: 'EUR',
      game: 'croupier-originals/test',
      session_token: session,
      round_id: `erase-${player.id}`,
      transaction_id: `erase-bet-${player.id}`,
      amount: 1_000,
    });
    expect(bet.json.status).toBe('OK');
    // Its closing win of nothing settles the round: an open one would stop the erasure.
    const lost = await walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, 'win', {
      user_id: String(player.id),
      currency: 'EUR',
      game: 'croupier-originals/test',
      round_id: `erase-${player.id}`,
      transaction_id: `erase-win-${player.id}`,
      amount: 0,
    });
    expect(lost.json.status).toBe('OK');
    // Two-factor recovery codes, one of them used: each is a way back into the account.
    await t.database.db.execute(
      sql`INSERT INTO two_factor_recovery_codes (user_id, code_hash, created_at, used_at)
          VALUES (${player.id}, ${`RECOVERY-A-${player.id}`}, ${t.clock.now()}, NULL),
                 (${player.id}, ${`RECOVERY-B-${player.id}`}, ${t.clock.now()}, ${t.clock.now()})`,
    );
    expect((await client.post('/api/user_limits', { type: 'coolingoff', period: 'day' })).statusCode).toBe(201);
    await t.database.db.execute(
      sql`INSERT INTO mail_outbox (user_id, "to", subject, text, created_at) VALUES (${player.id}, ${user.email}, 'Croupier: hello', ${'Hi Erasable'}, ${t.clock.now()})`,
    );
    const phone = `+4916${String(player.id).padStart(9, '0')}`;
    await t.database.db.execute(
      sql`INSERT INTO player_phones (user_id, number, verified_at, created_at, updated_at)
          VALUES (${player.id}, ${phone}, ${t.clock.now()}, ${t.clock.now()}, ${t.clock.now()})`,
    );
    await t.database.db.execute(
      sql`INSERT INTO mail_outbox (user_id, "to", channel, subject, text, created_at)
          VALUES (${player.id}, ${phone}, 'sms', 'SMS (phone_code)', 'Your Croupier code is 654321', ${t.clock.now()})`,
    );
    const moneyBefore = await playerMoney(player.id);
    const [{ n: ledgerBefore }] = (await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM ledger_transactions`)) as [
      { n: number },
    ];

    expect((await erase(player.id, 'wrong-token')).statusCode).toBe(401);
    const erasedAt = t.clock.now().toISOString();
    const res = checked('POST', '/api/admin/players/{id}/erasure', await erase(player.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ player_id: player.id, erased_at: erasedAt, already_erased: false });

    const [row] = await q<Json>(
      sql`SELECT email, first_name, last_name, date_of_birth, mobile_phone, address, encrypted_password,
                 current_sign_in_ip, dfpc, disabled_at IS NOT NULL AS disabled, country, currency
            FROM users WHERE id = ${player.id}`,
    );
    expect(row).toEqual({
      email: `erased-${player.id}@invalid`,
      first_name: null,
      last_name: null,
      date_of_birth: null,
      mobile_phone: null,
      address: null,
      encrypted_password: '!erased',
      current_sign_in_ip: null,
      dfpc: null,
      disabled: true,
      country: 'DE',
      currency: 'EUR',
    });
    expect(await q(sql`SELECT 1 FROM sessions WHERE user_id = ${player.id}`)).toEqual([]);
    expect(await q(sql`SELECT 1 FROM two_factor_recovery_codes WHERE user_id = ${player.id}`)).toEqual([]);
    expect(await q(sql`SELECT 1 FROM game_sessions WHERE user_id = ${player.id}`)).toEqual([]);
    expect(await q(sql`SELECT 1 FROM mail_outbox WHERE "to" = ${user.email}`)).toEqual([]);
    expect(await q(sql`SELECT text FROM mail_outbox WHERE "to" = ${`erased-${player.id}@invalid`}`)).toEqual([
      { text: '[erased]' },
    ]);
    // The phone goes, and the texts sent to it keep only their date.
    expect(await q(sql`SELECT 1 FROM player_phones WHERE user_id = ${player.id}`)).toEqual([]);
    expect(await q(sql`SELECT text FROM mail_outbox WHERE "to" = ${`erased-${player.id}`}`)).toEqual([
      { text: '[erased]' },
    ]);
    // Signed out, and no way back in.
    expect((await client.get('/api/player')).statusCode).toBe(401);
    const signIn = await createClient(t.app).post('/api/users/sign_in', {
      user: { email: user.email, password: GOOD_PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
    // Money records are whole: the same postings, the same sums, the limits and the invariants.
    expect(await playerMoney(player.id)).toEqual(moneyBefore);
    expect(await q(sql`SELECT count(*)::int AS n FROM ledger_transactions`)).toEqual([{ n: ledgerBefore }]);
    expect(await q(sql`SELECT type FROM user_limits WHERE user_id = ${player.id}`)).toEqual([{ type: 'coolingoff' }]);
    await expectLedgerSound(t.database);

    // Again: the first erasure's answer, nothing changed.
    t.clock.advance(HOUR);
    const again = checked('POST', '/api/admin/players/{id}/erasure', await erase(player.id));
    expect(again.json()).toEqual({ player_id: player.id, erased_at: erasedAt, already_erased: true });

    // The export of an erased player shows the anonymised record.
    const doc = JSON.parse(await exportOf(player.id)) as Json;
    expect(doc.auth.account.email).toBe(`erased-${player.id}@invalid`);
    expect(JSON.stringify(doc)).not.toContain(user.email);
  });

  it('cancels a copy being prepared; 404 for an unknown player', async () => {
    const { client, player } = await signUp(t.app, { currency: 'EUR' });
    expect((await client.post('/api/gdpr_reports', {})).statusCode).toBe(201);
    expect((await erase(player.id)).statusCode).toBe(200);
    expect(await q(sql`SELECT status FROM gdpr_reports WHERE user_id = ${player.id}`)).toEqual([
      { status: 'cancelled' },
    ]);
    const unknown = checked('POST', '/api/admin/players/{id}/erasure', await erase(2_000_000_000));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'player_not_found' });
  });
});
