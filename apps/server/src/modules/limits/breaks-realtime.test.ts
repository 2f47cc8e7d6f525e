/**
 * A break signs the player out everywhere (docs/limits.md#enforcement): every browser session and
 * every realtime socket, on every device, end with the request that starts it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { GOOD_PASSWORD, signUp } from '../auth/test-helpers.ts';
import type { GameLimitsEvent } from '@croupier/shared/api/limits';
import {
  disconnected,
  listen,
  nextEvent,
  openSocket,
  sessionCookie,
  type TestSocket,
} from '../../realtime/test-helpers.ts';

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
afterAll(async () => {
  await t?.close();
});

async function connect(cookie: string): Promise<TestSocket> {
  const socket = await openSocket(url, { origin: t.env.publicUrl, cookie });
  open.push(socket);
  return socket;
}

describe('a break', () => {
  for (const [type, period] of [
    ['coolingoff', 'day'],
    ['selfexclusion', 'month_6'],
  ] as const) {
    it(`${type}: both browsers are signed out and both sockets closed by the time the answer arrives`, async () => {
      const { client: laptop, user } = await signUp(t.app, { currency: 'EUR' });
      const phone = createClient(t.app);
      expect(
        (await phone.post('/api/users/sign_in', { user: { email: user.email, password: GOOD_PASSWORD } })).statusCode,
      ).toBe(201);
      const laptopSocket = await connect(sessionCookie(laptop));
      const phoneSocket = await connect(sessionCookie(phone));
      // Listening before the request: the close may come before its answer does.
      const told = nextEvent<GameLimitsEvent>(phoneSocket, 'game_limits');
      const closed = Promise.all([disconnected(laptopSocket, 2_000), disconnected(phoneSocket, 2_000)]);

      const started = await laptop.post('/api/user_limits', { type, period });
      expect(started.statusCode, started.body).toBe(201);
      expect(await told).toMatchObject({ reason: 'break_started', limits: [{ type }] });
      expect(await closed).toEqual(['io server disconnect', 'io server disconnect']);
      expect((await laptop.get('/api/player')).statusCode).toBe(401);
      expect((await phone.get('/api/player')).statusCode).toBe(401);
    });
  }
});
