/**
 * The player's active sessions (docs/auth.md#active-sessions): the list shows only the player's own
 * sessions, this one marked, under public ids that are neither the cookie nor its hash; signing one
 * out, or every other one, ends those sessions and closes their sockets, and another player's id
 * ends nothing. Also runs on PostgreSQL (DATABASE_URL).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PlayerSessionListSchema } from '@croupier/shared/api/auth';
import { sha256 } from '../../lib/crypto.ts';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectContract } from '../../../test/contract.ts';
import { disconnected, listen, openSocket, sessionCookie, type TestSocket } from '../../realtime/test-helpers.ts';
import { SESSION_COOKIE } from './session.service.ts';
import { type Client, GOOD_PASSWORD, rowCounts, signUp } from './test-helpers.ts';

let t: TestApp;
let url: string;
const open: TestSocket[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => t.close());

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile Safari/604.1';

/** A second browser of the same player, signed in with a user agent and a CDN country. */
async function secondBrowser(email: string): Promise<Client> {
  const client = createClient(t.app);
  const res = await client.post(
    '/api/users/sign_in',
    { user: { email, password: GOOD_PASSWORD } },
    { 'user-agent': PHONE_UA, 'cf-ipcountry': 'de' },
  );
  expect(res.statusCode).toBe(201);
  return client;
}

async function list(client: Client) {
  const res = await client.get('/api/player/sessions');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toContain('no-store');
  return expectContract(PlayerSessionListSchema, res.json());
}

async function connect(client: Client): Promise<TestSocket> {
  const socket = await openSocket(url, { origin: t.env.publicUrl, cookie: sessionCookie(client) });
  open.push(socket);
  return socket;
}

describe('the sessions list', () => {
  it('shows only the player’s own sessions, this one marked current, with public ids that are not the cookie or its hash', async () => {
    const { client: laptop, user } = await signUp(t.app);
    const phone = await secondBrowser(user.email);
    // Someone else's session must not show.
    await signUp(t.app);

    const fromLaptop = await list(laptop);
    expect(fromLaptop).toHaveLength(2);
    expect(fromLaptop.filter((s) => s.current)).toHaveLength(1);
    const phoneRow = fromLaptop.find((s) => !s.current)!;
    expect(phoneRow).toMatchObject({ user_agent: PHONE_UA, country: 'DE', ip: '127.0.0.1' });
    expect(phoneRow.created_at).toBe(t.clock.now().toISOString());

    const fromPhone = await list(phone);
    expect(fromPhone.find((s) => s.current)!.id).toBe(phoneRow.id);
    expect(new Set(fromPhone.map((s) => s.id))).toEqual(new Set(fromLaptop.map((s) => s.id)));

    const body = JSON.stringify(fromLaptop);
    for (const client of [laptop, phone]) {
      const token = client.jar.get(SESSION_COOKIE)!;
      expect(body).not.toContain(token);
      expect(body).not.toContain(sha256(token));
    }
    expect((await createClient(t.app).get('/api/player/sessions')).statusCode).toBe(401);
  });

  it('session ids are random: sessions started one after another, by two players, are not neighbours', async () => {
    const ann = await signUp(t.app);
    const bob = await signUp(t.app);
    const annPhone = await secondBrowser(ann.user.email);
    const bobPhone = await secondBrowser(bob.user.email);
    // In the order the sessions started: Ann's, Bob's, Ann's second, Bob's second.
    const ids = [
      (await list(ann.client)).find((s) => s.current)!.id,
      (await list(bob.client)).find((s) => s.current)!.id,
    ];
    ids.push((await list(annPhone)).find((s) => s.current)!.id, (await list(bobPhone)).find((s) => s.current)!.id);
    expect(new Set(ids).size).toBe(4);
    // A sequence would make each the last plus one; 52 random bits are nowhere near each other
    // (two of four landing within a million of each other has odds below 10⁻⁸).
    const sorted = [...ids].sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i += 1) expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThan(1_000_000);
    for (const id of ids) expect(Number.isSafeInteger(id) && id > 0).toBe(true);
  });

  it('last use moves at most once a minute, and a session past its idle timeout is not listed', async () => {
    const { client: laptop, user } = await signUp(t.app);
    const phone = await secondBrowser(user.email);
    const signedInAt = t.clock.now().toISOString();
    const phoneSeen = async () => (await list(laptop)).find((s) => !s.current)!.last_used_at;

    t.clock.advance(30_000);
    await phone.get('/api/player');
    expect(await phoneSeen()).toBe(signedInAt);
    t.clock.advance(60_000);
    await phone.get('/api/player');
    expect(await phoneSeen()).toBe(t.clock.now().toISOString());

    // The laptop keeps itself alive; the phone idles past SESSION_IDLE_MINUTES.
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance((t.env.SESSION_IDLE_MINUTES / 4) * 60_000 + 1_000);
      await laptop.get('/api/player');
    }
    const left = await list(laptop);
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
  });
});

describe('signing sessions out', () => {
  it('one session: it gets 401 and its socket closes; this one and its socket stay', async () => {
    const { client: laptop, user } = await signUp(t.app);
    const phone = await secondBrowser(user.email);
    const laptopSocket = await connect(laptop);
    const phoneSocket = await connect(phone);
    const phoneClosed = disconnected(phoneSocket, 2_000);
    const phoneId = (await list(laptop)).find((s) => !s.current)!.id;

    const res = await laptop.delete(`/api/player/sessions/${phoneId}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await phoneClosed).toBe('io server disconnect');
    expect((await phone.get('/api/player')).statusCode).toBe(401);
    expect((await laptop.get('/api/player')).statusCode).toBe(200);
    expect(laptopSocket.connected).toBe(true);
    expect((await list(laptop)).map((s) => s.id)).not.toContain(phoneId);
    // Gone is gone: the same id again is a 404.
    expect((await laptop.delete(`/api/player/sessions/${phoneId}`)).statusCode).toBe(404);
  });

  it('another player’s session id: 404 and nothing changes', async () => {
    const { client: mine } = await signUp(t.app);
    const { client: theirs } = await signUp(t.app);
    const theirSocket = await connect(theirs);
    const theirId = (await list(theirs))[0]!.id;
    const before = await rowCounts(t.database);

    const res = await mine.delete(`/api/player/sessions/${theirId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    expect(await rowCounts(t.database)).toEqual(before);
    expect((await theirs.get('/api/player')).statusCode).toBe(200);
    expect(theirSocket.connected).toBe(true);
    // Ids that cannot be a session are 404 too, and bad ones a shape error.
    expect((await mine.delete('/api/player/sessions/99999999999')).statusCode).toBe(404);
    expect((await mine.delete('/api/player/sessions/abc')).statusCode).toBe(400);
    expect((await createClient(t.app).delete(`/api/player/sessions/${theirId}`)).statusCode).toBe(401);
  });

  it('this session by its id: signed out here, the cookie cleared', async () => {
    const { client, user } = await signUp(t.app);
    const other = await secondBrowser(user.email);
    const current = (await list(client)).find((s) => s.current)!.id;
    const res = await client.delete(`/api/player/sessions/${current}`);
    expect(res.statusCode).toBe(204);
    expect(client.jar.has(SESSION_COOKIE)).toBe(false);
    expect((await client.get('/api/player')).statusCode).toBe(401);
    expect((await other.get('/api/player')).statusCode).toBe(200);
  });

  it('everywhere else: this session keeps working, the others get 401 and their sockets close', async () => {
    const { client: laptop, user } = await signUp(t.app);
    const phone = await secondBrowser(user.email);
    const tablet = await secondBrowser(user.email);
    const { client: stranger } = await signUp(t.app);
    const laptopSocket = await connect(laptop);
    // Every socket open before any timer starts: a slow connect must not eat into another's wait.
    const phoneSocket = await connect(phone);
    const tabletSocket = await connect(tablet);
    const closed = Promise.all([disconnected(phoneSocket, 2_000), disconnected(tabletSocket, 2_000)]);

    const res = await laptop.delete('/api/player/sessions');
    expect(res.statusCode, res.body).toBe(204);
    expect(await closed).toEqual(['io server disconnect', 'io server disconnect']);
    expect((await phone.get('/api/player')).statusCode).toBe(401);
    expect((await tablet.get('/api/player')).statusCode).toBe(401);
    expect((await laptop.get('/api/player')).statusCode).toBe(200);
    expect(laptopSocket.connected).toBe(true);
    expect((await list(laptop)).map((s) => s.current)).toEqual([true]);
    // Another player's sessions are not touched.
    expect((await stranger.get('/api/player')).statusCode).toBe(200);
  });
});
