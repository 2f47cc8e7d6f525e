import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@croupier/shared/api/player';
import type { WinEvent } from '@croupier/shared/realtime';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUp } from '../modules/auth/test-helpers.ts';
import {
  disconnected,
  listen,
  nextEvent,
  openSocket,
  record,
  sessionCookie,
  wallet,
  type TestSocket,
} from './test-helpers.ts';

const REDIS_URL = process.env.REDIS_URL;

// Two api instances, each with its own socket.io server, joined only through Redis pub/sub: an
// event published on one reaches a socket connected to the other.
describe.skipIf(!REDIS_URL)('fan-out across instances through Redis (REDIS_URL)', () => {
  let one: TestApp;
  let two: TestApp;
  let urlTwo: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    // A prefix of our own: another test run may share this Redis server.
    const env = { REDIS_URL: REDIS_URL!, REDIS_PREFIX: `test-${process.pid}-${Date.now()}` };
    [one, two] = await Promise.all([buildTestApp(env), buildTestApp(env)]);
    await listen(one.app);
    urlTwo = await listen(two.app);
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await Promise.all([one?.close(), two?.close()]);
  });

  it('delivers a private event published on instance one to the player connected to instance two, and only to them', async () => {
    const [ann, bob] = await Promise.all([signUp(two.app), signUp(two.app)]);
    const annSocket = await openSocket(urlTwo, { origin: two.env.publicUrl, cookie: sessionCookie(ann.client) });
    const bobSocket = await openSocket(urlTwo, { origin: two.env.publicUrl, cookie: sessionCookie(bob.client) });
    sockets.push(annSocket, bobSocket);
    const bobSeen = record(bobSocket, ['balance']);
    const marker = 'fanout-marker';
    const toAnn = nextEvent<Account>(annSocket, 'balance', (w) => w.version === 41);
    const bobMarker = nextEvent<WinEvent>(bobSocket, 'public:wins', (w) => w.nickname === marker);

    one.realtime.publishPrivate(ann.player.id, 'balance', wallet(4_100, 41));
    one.realtime.publishPublic('public:wins', {
      at: 1_790_000_000,
      bet_amount_cents: 100,
      win_amount_cents: 200,
      currency: 'EUR',
      game_identifier: 'croupier/dice',
      game_title: 'Dice',
      game_table_image_path: null,
      game_table_url: null,
      humanized_win: null,
      nickname: marker,
    });

    expect(await toAnn).toEqual(wallet(4_100, 41));
    await bobMarker;
    expect(bobSeen.filter((e) => (e.data as Account).version === 41)).toEqual([]);
  });

  it('disconnects a player on instance two when instance one ends their sessions', async () => {
    const ann = await signUp(two.app);
    const socket = await openSocket(urlTwo, { origin: two.env.publicUrl, cookie: sessionCookie(ann.client) });
    sockets.push(socket);
    const gone = disconnected(socket, 2_000);
    one.realtime.disconnectUser(ann.player.id);
    expect(await gone).toBe('io server disconnect');
  });
});
