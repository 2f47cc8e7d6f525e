import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlayerSchema } from '@croupier/shared/api/player';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectContract } from '../../../test/contract.ts';
import { GOOD_PASSWORD, rowCounts, signUp, uniqueEmail } from './test-helpers.ts';

/** Each test signs in from its own address, so the per-IP bucket of one test never affects another. */
let ipCounter = 10;
const nextIp = () => `203.0.113.${(ipCounter += 1)}`;

describe('sign-in: POST /api/users/sign_in', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a trusted proxy, X-Forwarded-For gives each simulated visitor its own address.
    t = await buildTestApp({ TRUST_PROXY: 'true', AUTH_MAX_FAILURES: '5', AUTH_LOCK_MINUTES: '15' });
  });
  afterAll(async () => t.close());

  function visitor(ip = nextIp()) {
    const client = createClient(t.app);
    const headers = { 'x-forwarded-for': ip };
    return {
      client,
      ip,
      signIn: (user: Record<string, unknown>) => client.post('/api/users/sign_in', { user }, headers),
    };
  }

  it('signs in with a fresh session token and answers 201 with the player object', async () => {
    const { client: first, user, player } = await signUp(t.app);
    const signUpToken = first.jar.get('croupier_session');
    t.clock.advance(60_000);
    const v = visitor();
    // A stale cookie from before is replaced, never reused (no session fixation).
    v.client.jar.set('croupier_session', signUpToken!);
    const res = await v.signIn({
      email: user.email.toUpperCase(),
      password: GOOD_PASSWORD,
      dfpc: 'fp',
      captcha: 'token',
      custom_login_reg: 'yes',
    });
    expect(res.statusCode).toBe(201);
    const body = expectContract(PlayerSchema, res.json());
    expect(body.id).toBe(player.id);
    const newToken = v.client.jar.get('croupier_session');
    expect(newToken).toBeDefined();
    expect(newToken).not.toBe(signUpToken);
    const cookie = res.cookies.find((c) => c.name === 'croupier_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    // The sign-up session was the one replaced; it is gone.
    expect((await first.get('/api/player')).statusCode).toBe(401);
    expect((await v.client.get('/api/player')).statusCode).toBe(200);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, player.id));
    expect(row!.signInCount).toBe(2);
    expect(row!.currentSignInAt).toEqual(t.clock.now());
    expect(row!.lastSignInAt).toEqual(new Date(t.clock.now().getTime() - 60_000));
    expect(row!.currentSignInIp).toBe(v.ip);
    expect(body.last_sign_in_at).toBe(row!.lastSignInAt!.toISOString());
  });

  it('answers a wrong password and an unknown e-mail with the same status and body, and no cookie', async () => {
    const { user } = await signUp(t.app);
    const wrong = await visitor().signIn({ email: user.email, password: 'not the password at all' });
    const unknown = await visitor().signIn({ email: uniqueEmail('nobody'), password: 'not the password at all' });
    const blank = await visitor().signIn({ email: '', password: '' });
    for (const res of [wrong, unknown, blank]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'invalid_credentials', error: 'Invalid email or password.' });
      expect(res.cookies).toHaveLength(0);
    }
    expect(wrong.body).toBe(unknown.body);
  });

  it('locks an account after AUTH_MAX_FAILURES failures: 429 with Retry-After, even with the right password, until the lock ends', async () => {
    const { user } = await signUp(t.app);
    for (let i = 0; i < 5; i += 1) {
      const res = await visitor().signIn({ email: user.email, password: `wrong password ${i}` });
      expect(res.statusCode).toBe(401);
    }
    const locked = await visitor().signIn({ email: user.email, password: GOOD_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'too_many_requests' });
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60);
    expect(locked.cookies).toHaveLength(0);

    t.clock.advance(10 * 60_000);
    const stillLocked = await visitor().signIn({ email: user.email, password: GOOD_PASSWORD });
    expect(stillLocked.statusCode).toBe(429);
    expect(Number(stillLocked.headers['retry-after'])).toBe(5 * 60);

    t.clock.advance(5 * 60_000 + 1000);
    const open = await visitor().signIn({ email: user.email, password: GOOD_PASSWORD });
    expect(open.statusCode).toBe(201);
  });

  it('locks unknown e-mails the same way, so a lock does not reveal that an account exists', async () => {
    const { user } = await signUp(t.app);
    const ghost = uniqueEmail('ghost');
    const answers = [];
    for (const email of [user.email, ghost]) {
      for (let i = 0; i < 5; i += 1) await visitor().signIn({ email, password: `wrong ${i}` });
      answers.push(await visitor().signIn({ email, password: 'anything at all' }));
    }
    const [known, unknown] = answers;
    expect(known!.statusCode).toBe(429);
    expect(unknown!.statusCode).toBe(429);
    expect(unknown!.body).toBe(known!.body);
    expect(unknown!.headers['retry-after']).toBe(known!.headers['retry-after']);
    t.clock.advance(16 * 60_000);
  });

  it('locks an IP after 4× AUTH_MAX_FAILURES failures across accounts; other addresses are unaffected', async () => {
    const { user } = await signUp(t.app);
    const ip = nextIp();
    for (let i = 0; i < 20; i += 1) {
      const res = await visitor(ip).signIn({ email: uniqueEmail('spray'), password: 'Summer2024!x' });
      expect(res.statusCode).toBe(401);
    }
    const fromSameIp = await visitor(ip).signIn({ email: user.email, password: GOOD_PASSWORD });
    expect(fromSameIp.statusCode).toBe(429);
    expect(Number(fromSameIp.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await visitor().signIn({ email: user.email, password: GOOD_PASSWORD });
    expect(elsewhere.statusCode).toBe(201);
    t.clock.advance(16 * 60_000);
  });

  it('starts counting again after a successful sign-in', async () => {
    const { user } = await signUp(t.app);
    for (let i = 0; i < 4; i += 1) await visitor().signIn({ email: user.email, password: `wrong ${i}` });
    expect((await visitor().signIn({ email: user.email, password: GOOD_PASSWORD })).statusCode).toBe(201);
    for (let i = 0; i < 4; i += 1) await visitor().signIn({ email: user.email, password: `wrong again ${i}` });
    expect((await visitor().signIn({ email: user.email, password: GOOD_PASSWORD })).statusCode).toBe(201);
  });

  it('refuses disabled players; their sessions stop working at once', async () => {
    const { client, user, player } = await signUp(t.app);
    await t.database.db.update(users).set({ disabledAt: t.clock.now() }).where(eq(users.id, player.id));
    expect((await client.get('/api/player')).statusCode).toBe(401);
    const right = await visitor().signIn({ email: user.email, password: GOOD_PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code: 'account_disabled' });
    expect(right.cookies).toHaveLength(0);
    const wrong = await visitor().signIn({ email: user.email, password: 'wrong wrong wrong' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials' });
  });

  it('upgrades a hash weaker than the current argon2id parameters at sign-in', async () => {
    const { user, player } = await signUp(t.app);
    const weak = await hash(GOOD_PASSWORD, { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await t.database.db.update(users).set({ encryptedPassword: weak }).where(eq(users.id, player.id));
    expect((await visitor().signIn({ email: user.email, password: GOOD_PASSWORD })).statusCode).toBe(201);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, player.id));
    expect(row!.encryptedPassword).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await visitor().signIn({ email: user.email, password: GOOD_PASSWORD })).statusCode).toBe(201);
  });

  it('refuses unknown fields and wrong types with 400 and changes nothing', async () => {
    const before = await rowCounts(t.database);
    const v = visitor();
    const unknown = await v.signIn({ email: 'a@example.com', password: 'whatever1', remember_me: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'validation_error',
      errors: { 'user.remember_me': ['is not permitted'] },
    });
    const wrongType = await v.signIn({ email: ['a@example.com'], password: 12345678 });
    expect(wrongType.statusCode).toBe(400);
    const noUser = await v.client.post('/api/users/sign_in', { email: 'a@example.com' }, { 'x-forwarded-for': v.ip });
    expect(noUser.statusCode).toBe(400);
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it('refuses sign-in from a restricted country with 451', async () => {
    const { user } = await signUp(t.app);
    const res = await createClient(t.app).post(
      '/api/users/sign_in',
      { user: { email: user.email, password: GOOD_PASSWORD } },
      { 'cf-ipcountry': 'us' },
    );
    expect(res.statusCode).toBe(451);
    expect(res.json()).toEqual({ code: 'restricted_country', error: 'Login not available in your country' });
  });
});
