import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlayerSchema } from '@croupier/shared/api/player';
import { playerAccounts, playerStatuses, userTokens, users } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectContract } from '../../../test/contract.ts';
import { lastMailTo, rowCounts, signUp, signUpUser, tokenFromMail, uniqueEmail } from './test-helpers.ts';

describe('sign-up: POST /api/users', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('creates the player, signs them in with a safe cookie, answers 201 with the player object and mails a confirmation link', async () => {
    const client = createClient(t.app);
    const user = signUpUser({ email: uniqueEmail('New.Player'), currency: 'CAD', country: 'CA', receive_promos: true });
    const res = await client.post('/api/users', { user }, { cookie: 'locale=de' });

    expect(res.statusCode).toBe(201);
    const player = expectContract(PlayerSchema, res.json());
    expect(player).toMatchObject({
      email: user.email.toLowerCase(),
      currency: 'CAD',
      country: 'CA',
      first_name: 'Ann',
      mobile_phone: '+491701234567',
      language: 'de',
      receive_promos: true,
      two_factor_enabled: false,
      confirmed_at: null,
      auth_fields_missed: [],
      saved: true,
      level: 1,
    });
    expect(res.json()).not.toHaveProperty('encrypted_password');
    expect(JSON.stringify(res.json())).not.toContain('argon2');

    const cookie = res.cookies.find((c) => c.name === 'croupier_session');
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    expect(res.headers['cache-control']).toBe('no-store');

    // Signed in: the session cookie reaches the player.
    const me = await client.get('/api/player');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: player.id, email: player.email });

    // Confirmation mail in the player's language, with a 32-byte base64url token; only its hash is stored.
    const mail = lastMailTo(t.mail, player.email);
    expect(mail?.subject).toContain('Bestätige');
    const token = tokenFromMail(mail, 'confirmation_token');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail?.text).toContain(`${t.env.publicUrl}/users/confirmation?confirmation_token=${token}`);
    const [row] = await t.database.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, sha256(token)));
    expect(row).toMatchObject({ userId: player.id, purpose: 'confirmation', usedAt: null });
    expect(row!.expiresAt.getTime() - t.clock.now().getTime()).toBe(24 * 3_600_000);

    // The wallet exists in the chosen currency, and the password is an argon2id hash at the floor.
    const accounts = await t.database.db.select().from(playerAccounts).where(eq(playerAccounts.userId, player.id));
    expect(accounts).toMatchObject([{ currency: 'CAD', active: true, amountCents: 0n }]);
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, player.id));
    expect(stored!.encryptedPassword).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored!.termsAcceptedAt).toEqual(t.clock.now());
    expect(stored!.dfpc).toBe('fp-123');
    expect(stored!.signInCount).toBe(1);
  });

  it('records the A/B group by id parity (even → 543, odd → 544) and the registration variant', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    for (const { player } of [a, b]) {
      const statuses = await t.database.db.select().from(playerStatuses).where(eq(playerStatuses.userId, player.id));
      const ids = statuses.map((s) => s.statusId).sort();
      const group = player.id % 2 === 0 ? '543' : '544';
      const variant = player.id % 2 === 0 ? 'A' : 'B';
      expect(ids).toEqual([group, variant === 'A' ? '614' : '615', 'level_1'].sort());
      const me = (await a.client.get('/api/player')).json();
      expect(me).toBeDefined();
      const [row] = await t.database.db.select().from(users).where(eq(users.id, player.id));
      expect(row!.registrationVariant).toBe(variant);
    }
  });

  it('takes the variant from the affiliate id in stag (last hex digit parity), then from the form shown', async () => {
    const odd = await signUp(t.app, { stag: '12ab_visit9' }); // b = 11, odd → B
    const even = await signUp(t.app, { stag: '12a_x' }); // a = 10, even → A
    const shown = await signUp(t.app, { variant: 'B' });
    const variants = await Promise.all(
      [odd, even, shown].map(
        async ({ player }) =>
          (await t.database.db.select().from(users).where(eq(users.id, player.id)))[0]!.registrationVariant,
      ),
    );
    expect(variants).toEqual(['B', 'A', 'B']);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, odd.player.id));
    expect(row!.stag).toBe('12ab_visit9');
  });

  it('refuses a taken e-mail, whatever its case, with 422 and the SoftSwiss message', async () => {
    const { user } = await signUp(t.app);
    const before = await rowCounts(t.database);
    const res = await createClient(t.app).post('/api/users', { user: signUpUser({ email: user.email.toUpperCase() }) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation_error', errors: { email: ['has already been taken'] } });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it('applies the password policy: length, the breached list, no composition rules, long passphrases allowed', async () => {
    const client = createClient(t.app);
    const cases: Array<[string, number, string?]> = [
      ['short1!', 422, 'is too short (minimum is 8 characters)'],
      ['Password1!', 422, 'is too common'],
      ['qwertyuiop', 422, 'is too common'],
      ['12345678', 422, 'is too common'],
      ['x'.repeat(129), 422, 'is too long (maximum is 128 characters)'],
      ['all lowercase words only', 201],
      ['a'.repeat(64), 201],
    ];
    for (const [password, status, message] of cases) {
      const res = await client.post('/api/users', { user: signUpUser({ password, password_confirmation: password }) });
      expect(res.statusCode, password).toBe(status);
      if (message) expect(res.json().errors.password).toContain(message);
    }
    const mismatch = await client.post('/api/users', {
      user: signUpUser({ password_confirmation: 'something else entirely' }),
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: ["doesn't match Password"] });
  });

  it('answers field rule failures with 422 under the bare field names and writes nothing', async () => {
    const before = await rowCounts(t.database);
    const client = createClient(t.app);
    const res = await client.post('/api/users', {
      user: signUpUser({
        email: 'not-an-email',
        currency: 'XYZ',
        first_name: '   ',
        country: 'ZZ',
        mobile_phone: '0170 123',
        terms_acceptance: false,
        date_of_birth: '1990-02-30',
      }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'validation_error',
      errors: {
        email: ['is invalid'],
        currency: ['is not included in the list'],
        first_name: ["can't be blank"],
        country: ['is not included in the list'],
        mobile_phone: ['is invalid'],
        terms_acceptance: ['must be accepted'],
        date_of_birth: ['is invalid'],
      },
    });
    const minor = await client.post('/api/users', { user: signUpUser({ date_of_birth: '2010-01-01' }) });
    expect(minor.statusCode).toBe(422);
    expect(minor.json().errors).toEqual({ date_of_birth: ['must be at least 18 years old'] });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it('refuses unknown fields and wrong types with 400 and full field paths, writing nothing', async () => {
    const before = await rowCounts(t.database);
    const client = createClient(t.app);
    const unknown = await client.post('/api/users', {
      user: { ...signUpUser(), balance_cents: 1_000_000, verified: true },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'validation_error',
      errors: { 'user.balance_cents': ['is not permitted'], 'user.verified': ['is not permitted'] },
    });
    const wrongType = await client.post('/api/users', {
      user: { ...signUpUser(), terms_acceptance: 'yes', email: 42 },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json().errors)).toEqual(
      expect.arrayContaining(['user.terms_acceptance', 'user.email']),
    );
    const topLevel = await client.post('/api/users', { user: signUpUser(), admin: true });
    expect(topLevel.statusCode).toBe(400);
    expect(topLevel.json().errors).toEqual({ admin: ['is not permitted'] });
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it('lets only one of two simultaneous sign-ups with the same e-mail through', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      [1, 2, 3].map(() => createClient(t.app).post('/api/users', { user: signUpUser({ email }) })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it('refuses sign-up from a restricted country (451), before reading the body', async () => {
    const res = await createClient(t.app).post('/api/users', { user: signUpUser() }, { 'cf-ipcountry': 'US' });
    expect(res.statusCode).toBe(451);
    expect(res.json()).toEqual({ code: 'restricted_country', error: 'Registration restricted in your country' });
  });

  it('signs out with 204; the old cookie no longer reaches the player', async () => {
    const { client } = await signUp(t.app);
    const oldCookie = client.jar.get('croupier_session')!;
    const out = await client.delete('/api/users/sign_out');
    expect(out.statusCode).toBe(204);
    const me = await client.get('/api/player');
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ code: 'unauthorized' });
    const replay = await t.app.inject({ url: '/api/player', headers: { cookie: `croupier_session=${oldCookie}` } });
    expect(replay.statusCode).toBe(401);
  });
});
