import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Game, PlayedGame, RecentGame } from '@croupier/shared/api/games';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { FavoriteGamesSchema, PlayedGameSchema, RecentGameSchema } from '@croupier/shared/api/games';
import { z } from 'zod';
import { expectContract } from '../../../test/contract.ts';
import { signedInPlayer, tolerateForcedDrop } from './test-factories.ts';

const V1 = 'application/vnd.s.v1+json';
const V2 = 'application/vnd.s.v2+json';

describe('player games', () => {
  let t: TestApp;
  let catalogue: Record<string, Game>;
  beforeAll(async () => {
    t = await buildTestApp();
    tolerateForcedDrop(t.database);
    const res = await createClient(t.app).post('/api/games_filter/select', {
      game_ids: [
        'turbo-games/rocket',
        'croupier-originals/european-roulette',
        'croupier-originals/classic-blackjack',
        'velvet-room-live/velvet-room-roulette',
      ],
    });
    catalogue = res.json() as Record<string, Game>;
  });
  afterAll(async () => t.close());

  const rocket = () => catalogue['turbo-games/rocket']!;
  const roulette = () => catalogue['croupier-originals/european-roulette']!;
  const blackjack = () => catalogue['croupier-originals/classic-blackjack']!;
  const live = () => catalogue['velvet-room-live/velvet-room-roulette']!;

  it('requires a signed-in player', async () => {
    const guest = createClient(t.app);
    const calls = [
      () => guest.get('/api/player/favorite_games'),
      () => guest.put(`/api/player/favorite_games/${rocket().currencies.EUR!.id}`),
      () => guest.delete(`/api/player/favorite_games/${rocket().currencies.EUR!.id}`),
      () => guest.get('/api/player/recent_games'),
      () => guest.get('/api/player/played_games'),
      () => guest.post('/api/player/played_games', { identifier: 'turbo-games/rocket' }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized' });
    }
  });

  describe('favourites', () => {
    it('adds, lists (v1 ids and v2 objects, oldest first), is idempotent and removes', async () => {
      const { client } = await signedInPlayer(t, { currency: 'EUR' });
      expect((await client.get('/api/player/favorite_games')).json()).toEqual([]);

      const put1 = await client.put(`/api/player/favorite_games/${rocket().currencies.EUR!.id}`);
      expect(put1.statusCode).toBe(201);
      t.clock.advance(1000);
      // Any currency's id, or the demo id, resolves to its game.
      expect((await client.put(`/api/player/favorite_games/${roulette().currencies.FUN!.id}`)).statusCode).toBe(201);
      t.clock.advance(1000);
      expect((await client.put(`/api/player/favorite_games/${blackjack().currencies.BTC!.id}`)).statusCode).toBe(201);
      t.clock.advance(1000);
      // Adding again changes nothing, not even the order.
      expect((await client.put(`/api/player/favorite_games/${rocket().currencies.USD!.id}`)).statusCode).toBe(201);

      const v2 = await client.get('/api/player/favorite_games');
      expect(v2.statusCode).toBe(200);
      expect(v2.headers['cache-control']).toBe('private, no-store');
      const objects = v2.json() as Game[];
      expectContract(FavoriteGamesSchema, objects);
      expect(objects.map((g) => g.identifier)).toEqual([
        'turbo-games/rocket',
        'croupier-originals/european-roulette',
        'croupier-originals/classic-blackjack',
      ]);
      expect(objects[0]).toEqual(rocket());
      const explicitV2 = await client.get('/api/player/favorite_games', { 'accept-client': V2 });
      expect(explicitV2.json()).toEqual(objects);

      const expectedIds = [rocket().currencies.EUR!.id, roulette().currencies.EUR!.id, blackjack().currencies.EUR!.id];
      const v1 = await client.get('/api/player/favorite_games', { 'accept-client': V1 });
      expect(v1.json()).toEqual(expectedIds);
      expectContract(FavoriteGamesSchema, v1.json());
      // Standard SoftSwiss clients put the media type in Accept.
      expect((await client.get('/api/player/favorite_games', { accept: V1 })).json()).toEqual(expectedIds);

      const del = await client.delete(`/api/player/favorite_games/${roulette().currencies.EUR!.id}`);
      expect(del.statusCode).toBe(204);
      expect(del.body).toBe('');
      // Removing what is not there is fine too.
      expect((await client.delete(`/api/player/favorite_games/${roulette().currencies.EUR!.id}`)).statusCode).toBe(204);
      expect((await client.get('/api/player/favorite_games', { 'accept-client': V1 })).json()).toEqual([
        expectedIds[0],
        expectedIds[2],
      ]);
    });

    it('accepts PUT and DELETE without a body or content type', async () => {
      const { token } = await signedInPlayer(t);
      const headers = { 'x-requested-with': 'XMLHttpRequest', cookie: `croupier_session=${token}` };
      const url = `/api/player/favorite_games/${blackjack().currencies.EUR!.id}`;
      expect((await t.app.inject({ method: 'PUT', url, headers })).statusCode).toBe(201);
      expect((await t.app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(204);
    });

    it('lists v1 ids in the player’s own currency and keeps players apart', async () => {
      const btc = await signedInPlayer(t, { currency: 'BTC' });
      const other = await signedInPlayer(t, { currency: 'EUR' });
      expect((await btc.client.put(`/api/player/favorite_games/${live().currencies.EUR!.id}`)).statusCode).toBe(201);
      expect((await btc.client.get('/api/player/favorite_games', { 'accept-client': V1 })).json()).toEqual([
        live().currencies.BTC!.id,
      ]);
      expect((await other.client.get('/api/player/favorite_games', { 'accept-client': V1 })).json()).toEqual([]);
    });

    it('answers 404 game_not_found for unknown or malformed ids', async () => {
      const { client } = await signedInPlayer(t);
      for (const id of ['999999999', '0', 'abc', '1.5', '99999999999999999999', '-1', '2147483648']) {
        const res = await client.put(`/api/player/favorite_games/${id}`);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toMatchObject({ code: 'game_not_found' });
      }
      const res = await client.delete('/api/player/favorite_games/999999999');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'game_not_found' });
    });
  });

  describe('recent games', () => {
    it('records opened games and lists them newest first', async () => {
      const { client } = await signedInPlayer(t);
      const open = async (identifier: string) => {
        const at = t.clock.now().toISOString();
        const res = await client.post('/api/player/played_games', { identifier });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toEqual({ identifier, last_activity_at: at });
        t.clock.advance(60_000);
        return expectContract(PlayedGameSchema, res.json());
      };
      await open('turbo-games/rocket');
      await open('croupier-originals/european-roulette');
      await open('croupier-originals/classic-blackjack');
      const reopened = await open('turbo-games/rocket');

      const played = (await client.get('/api/player/played_games')).json() as PlayedGame[];
      expectContract(z.array(PlayedGameSchema), played);
      expect(played.map((p) => p.identifier)).toEqual([
        'turbo-games/rocket',
        'croupier-originals/classic-blackjack',
        'croupier-originals/european-roulette',
      ]);
      expect(played[0]!.last_activity_at).toBe(reopened.last_activity_at);
      expect(Date.parse(played[1]!.last_activity_at)).toBeLessThan(Date.parse(played[0]!.last_activity_at));

      const res = await client.get('/api/player/recent_games');
      expect(res.statusCode).toBe(200);
      const recent = res.json() as RecentGame[];
      expectContract(z.array(RecentGameSchema), recent);
      expect(recent.map((g) => g.identifier)).toEqual(played.map((p) => p.identifier));
      expect(recent.map((g) => g.last_activity_at)).toEqual(played.map((p) => p.last_activity_at));
      const { last_activity_at: _, ...game } = recent[0]!;
      expect(game).toEqual(rocket());
    });

    it('keeps at most 40, and refuses unknown games and bad bodies', async () => {
      const { client } = await signedInPlayer(t);
      const all = (await createClient(t.app).get('/api/games/allowed_desktop')).json() as string[];
      for (const identifier of all.slice(0, 45)) {
        expect((await client.post('/api/player/played_games', { identifier })).statusCode).toBe(201);
        t.clock.advance(1000);
      }
      const played = (await client.get('/api/player/played_games')).json() as PlayedGame[];
      expect(played).toHaveLength(40);
      expect(played[0]!.identifier).toBe(all[44]);
      expect(((await client.get('/api/player/recent_games')).json() as RecentGame[]).length).toBe(40);

      const unknown = await client.post('/api/player/played_games', { identifier: 'nobody/nothing' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'game_not_found' });
      expect(
        (await client.post('/api/player/played_games', { identifier: 'turbo-games/rocket', extra: true })).statusCode,
      ).toBe(400);
      expect((await client.post('/api/player/played_games', {})).statusCode).toBe(400);
    });
  });
});
