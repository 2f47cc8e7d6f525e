import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignUpUserSchema } from '@croupier/shared/api/auth';
import { PlayerSchema, PlayerUpdateRequestSchema } from '@croupier/shared/api/player';
import { PlayerFieldsSchema, SubscriptionsSchema, UpdateDetailsRequestSchema } from '@croupier/shared/api/profile';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectContract, expectRouteContract } from '../../../test/contract.ts';
import { users } from '../../db/schema/index.ts';
import { rowCounts, signUp } from '../auth/test-helpers.ts';
import { presentPlayer } from '../player/player.presenter.ts';

describe('profile: subscriptions, the promotional gate, details, fields and groups', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const userRow = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const promotions = () => t.croupier.modules.mail.promotions;
  const outboxSms = async (to: string) =>
    (
      await t.database.db.execute<{ text: string; subject: string }>(
        sql`SELECT text, subject FROM mail_outbox WHERE channel = 'sms' AND "to" = ${to} ORDER BY id`,
      )
    ).rows;

  describe('GET and PUT /api/subscriptions', () => {
    it('answers the four consents; a new player has opted in to nothing but what they ticked', async () => {
      expect((await createClient(t.app).get('/api/subscriptions')).statusCode).toBe(401);
      const { client } = await signUp(t.app, { receive_promos: false });
      const res = await client.get('/api/subscriptions');
      expectRouteContract('GET', '/api/subscriptions', res);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json()).toEqual({
        receive_promos: false,
        receive_sms_promos: false,
        receive_promos_via_phone_calls: false,
        agreed_to_partner_promotions: false,
      });
    });

    it('accepts the flat and the wrapped body; fields left out keep their value', async () => {
      const { client, player } = await signUp(t.app, { receive_promos: false });
      const flat = await client.put('/api/subscriptions', { receive_promos: true, agreed_to_partner_promotions: true });
      expect(flat.statusCode).toBe(200);
      expect(expectContract(SubscriptionsSchema, flat.json())).toEqual({
        receive_promos: true,
        receive_sms_promos: false,
        receive_promos_via_phone_calls: false,
        agreed_to_partner_promotions: true,
      });
      const wrapped = await client.put('/api/subscriptions', {
        subscriptions: { receive_sms_promos: true, receive_promos_via_phone_calls: true, receive_promos: false },
      });
      expectRouteContract('PUT', '/api/subscriptions', wrapped);
      expect(wrapped.json()).toEqual({
        receive_promos: false,
        receive_sms_promos: true,
        receive_promos_via_phone_calls: true,
        agreed_to_partner_promotions: true,
      });
      expect((await client.get('/api/subscriptions')).json()).toEqual(wrapped.json());
      // The player object shows the same two consents it always carried.
      expect((await client.get('/api/player')).json()).toMatchObject({
        receive_promos: false,
        receive_sms_promos: true,
      });
      const row = await userRow(player.id);
      expect([row.receivePromosViaPhoneCalls, row.agreedToPartnerPromotions]).toEqual([true, true]);
    });

    it('refuses bad bodies with 4xx and changes nothing, for this player or another', async () => {
      const { client, player } = await signUp(t.app);
      const other = await signUp(t.app);
      const before = [await userRow(player.id), await userRow(other.player.id)];
      const counts = await rowCounts(t.database);
      const cases: Array<[unknown, number]> = [
        [{}, 422],
        [{ subscriptions: {} }, 422],
        [{ receive_promos: true, subscriptions: { receive_sms_promos: true } }, 422],
        [{ receive_promos: 'yes' }, 400],
        [{ receive_promos: 1 }, 400],
        [{ receive_promos: null }, 400],
        [{ newsletter: true }, 400],
        [{ subscriptions: { receive_promos: true, email: 'x@example.com' } }, 400],
        [{ subscriptions: [true] }, 400],
        [[], 400],
      ];
      for (const [body, status] of cases) {
        const res = await client.put('/api/subscriptions', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        expectRouteContract('PUT', '/api/subscriptions', res);
      }
      expect([await userRow(player.id), await userRow(other.player.id)]).toEqual(before);
      expect(await rowCounts(t.database)).toEqual(counts);
      // Changing one player's consents leaves another's alone.
      await client.put('/api/subscriptions', { receive_promos: false, receive_sms_promos: true });
      expect(await userRow(other.player.id)).toEqual(before[1]);
    });
  });

  describe('the promotional gate', () => {
    it('skips promotional mail for an unsubscribed player and sends it once they subscribe', async () => {
      const { client, player, user } = await signUp(t.app, { receive_promos: false });
      const mailsTo = () => t.mail.filter((m) => m.to === user.email && m.subject === 'Croupier: Weekend offer');
      const offer = { subject: 'Weekend offer', text: 'Twenty free spins this weekend.' };
      expect(await promotions().mayReceivePromotion(player.id, 'email')).toBe(false);
      expect(await promotions().sendMail(player.id, offer)).toBe('not_subscribed');
      expect(mailsTo()).toHaveLength(0);

      await client.put('/api/subscriptions', { receive_promos: true });
      expect(await promotions().sendMail(player.id, offer)).toBe('sent');
      expect(mailsTo()).toHaveLength(1);
      expect(mailsTo()[0]!.text).toContain('To stop them, change your subscriptions on this page:');
      // The mail is recorded as this player's (their copy and erasure find it by that).
      expect(mailsTo()[0]!.userId).toBe(player.id);

      // An opt-out applies to the very next message.
      await client.put('/api/subscriptions', { subscriptions: { receive_promos: false } });
      expect(await promotions().sendMail(player.id, offer)).toBe('not_subscribed');
      expect(mailsTo()).toHaveLength(1);
    });

    it('sends promotional SMS only to a subscribed player with a verified phone', async () => {
      const { client, player } = await signUp(t.app);
      const number = '+4917066600001';
      expect(await promotions().sendSms(player.id, 'Free spins!')).toBe('not_subscribed');
      await client.put('/api/subscriptions', { receive_sms_promos: true });
      expect(await promotions().sendSms(player.id, 'Free spins!')).toBe('no_verified_phone');
      await client.post('/api/player/phone', { phone: { number } });
      // A pending number is not enough.
      expect(await promotions().sendSms(player.id, 'Free spins!')).toBe('no_verified_phone');
      const code = (await outboxSms(number)).at(-1)!.text.match(/\b(\d{6})\b/)![1]!;
      expect((await client.post('/api/player/phone/confirm', { phone: { code } })).statusCode).toBe(200);
      expect(await promotions().mayReceivePromotion(player.id, 'sms')).toBe(true);
      expect(await promotions().sendSms(player.id, 'Free spins!')).toBe('sent');
      const texts = await outboxSms(number);
      expect(texts.at(-1)).toMatchObject({ subject: 'SMS (promotion)' });
      expect(texts.at(-1)!.text).toMatch(/^Free spins! Stop: /);
      // The code and the promotion are both recorded as this player's.
      const owners = await t.database.db.execute<{ user_id: number | null }>(
        sql`SELECT user_id FROM mail_outbox WHERE channel = 'sms' AND "to" = ${number} ORDER BY id`,
      );
      expect(owners.rows.map((r) => r.user_id)).toEqual(texts.map(() => player.id));
      await client.put('/api/subscriptions', { receive_sms_promos: false });
      expect(await promotions().sendSms(player.id, 'Free spins!')).toBe('not_subscribed');
      expect(await outboxSms(number)).toHaveLength(texts.length);
    });

    it('a player on a break gets no promotions, whatever they subscribed to', async () => {
      const { client, player, user } = await signUp(t.app, { receive_promos: true });
      expect(await promotions().mayReceivePromotion(player.id, 'email')).toBe(true);
      const res = await client.post('/api/user_limits', { type: 'coolingoff', period: 'day' });
      expect(res.statusCode).toBeLessThan(300);
      const before = t.mail.length;
      expect(await promotions().sendMail(player.id, { subject: 'Come back', text: 'Bonus inside.' })).toBe(
        'unavailable',
      );
      expect(
        t.mail.slice(before).filter((m) => m.to === user.email && m.subject === 'Croupier: Come back'),
      ).toHaveLength(0);
    });

    it('transactional mail is never gated: an unsubscribed player still gets a password reset link', async () => {
      const { user } = await signUp(t.app, { receive_promos: false });
      const before = t.mail.length;
      const res = await createClient(t.app).post('/api/users/password', { user: { email: user.email } });
      expect(res.statusCode).toBeLessThan(300);
      expect(t.mail.slice(before).filter((m) => m.to === user.email)).toHaveLength(1);
    });
  });

  describe('POST /api/auth_providers/update_details and auth_fields_missed', () => {
    it('a player who owes the terms sees terms_acceptance, and accepting answers 201 with the player', async () => {
      const { client, player } = await signUp(t.app);
      expect((await client.get('/api/player')).json().auth_fields_missed).toEqual([]);
      await t.database.db.update(users).set({ termsAcceptedAt: null }).where(eq(users.id, player.id));
      expect((await client.get('/api/player')).json().auth_fields_missed).toEqual(['terms_acceptance']);

      const res = await client.post('/api/auth_providers/update_details', { user: { terms_acceptance: true } });
      expectRouteContract('POST', '/api/auth_providers/update_details', res);
      expect(res.statusCode).toBe(201);
      expect(expectContract(PlayerSchema, res.json())).toMatchObject({ id: player.id, auth_fields_missed: [] });
      expect((await userRow(player.id)).termsAcceptedAt).toEqual(t.clock.now());
    });

    it('fills a missing country, never changes a set one; bad input changes nothing', async () => {
      const { client, player } = await signUp(t.app);
      await t.database.db.update(users).set({ country: null }).where(eq(users.id, player.id));
      expect((await client.get('/api/player')).json().auth_fields_missed).toEqual(['country']);
      const before = await userRow(player.id);
      const counts = await rowCounts(t.database);
      const cases: Array<[unknown, number]> = [
        [{ user: {} }, 422],
        [{ user: { terms_acceptance: false } }, 422],
        [{ user: { country: 'XX' } }, 422],
        [{ user: { country: 'DE', email: 'x@example.com' } }, 400],
        [{ user: { terms_acceptance: 'yes' } }, 400],
        [{ country: 'DE' }, 400],
        [{}, 400],
      ];
      for (const [body, status] of cases) {
        const res = await client.post('/api/auth_providers/update_details', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        expectRouteContract('POST', '/api/auth_providers/update_details', res);
      }
      expect(await userRow(player.id)).toEqual(before);
      expect(await rowCounts(t.database)).toEqual(counts);

      const filled = await client.post('/api/auth_providers/update_details', { user: { country: 'at' } });
      expect(filled.json()).toMatchObject({ country: 'AT', auth_fields_missed: [] });
      const change = await client.post('/api/auth_providers/update_details', { user: { country: 'DE' } });
      expect(change.statusCode).toBe(422);
      expect(change.json().errors).toEqual({ country: ["can't be changed"] });
      expect((await userRow(player.id)).country).toBe('AT');
      expect((await createClient(t.app).post('/api/auth_providers/update_details', { user: {} })).statusCode).toBe(401);
    });

    it('terms accepted before the current terms were published are owed again', async () => {
      const user = await userRow((await signUp(t.app)).player.id);
      const accepted = user.termsAcceptedAt!;
      const later = new Date(accepted.getTime() + 1000).toISOString();
      const earlier = new Date(accepted.getTime() - 1000).toISOString();
      expect(presentPlayer(user, [], 'x'.repeat(32), later).auth_fields_missed).toEqual(['terms_acceptance']);
      expect(presentPlayer(user, [], 'x'.repeat(32), earlier).auth_fields_missed).toEqual([]);
      expect(presentPlayer(user, [], 'x'.repeat(32)).auth_fields_missed).toEqual([]);
    });
  });

  describe('GET /api/info/player_fields', () => {
    it('describes the forms guests and players see, with fields the server really accepts', async () => {
      const res = await createClient(t.app).get('/api/info/player_fields');
      expectRouteContract('GET', '/api/info/player_fields', res);
      const body = expectContract(PlayerFieldsSchema, res.json());
      const names = new Set(body.fields.map((f) => f.field));
      const signUpKeys = Object.keys(SignUpUserSchema.shape);
      const editKeys = Object.keys(PlayerUpdateRequestSchema.shape.player.shape);
      const detailsKeys = Object.keys(UpdateDetailsRequestSchema.shape.user.shape);
      for (const f of body.contexts.registration) {
        expect(signUpKeys, f).toContain(f);
        expect(names, f).toContain(f);
      }
      for (const f of body.contexts.edition) expect(editKeys, f).toContain(f);
      for (const f of body.contexts.update_details) expect(detailsKeys, f).toContain(f);
      // A field required in a context is shown in it.
      for (const f of body.fields) {
        for (const ctx of f.required_in) {
          const shown = body.contexts[ctx as 'registration'];
          expect(shown, `${f.field} in ${ctx}`).toContain(f.field);
        }
      }
      expect(body.fields.find((f) => f.field === 'date_of_birth')).toMatchObject({ age: { min: { default: 18 } } });
      expect((await createClient(t.app).get('/api/info/player_fields?x=1')).statusCode).toBe(400);
    });
  });

  describe('POST /api/player/groups', () => {
    const statusIds = (body: { statuses: Array<{ id: string }> }) => body.statuses.map((s) => s.id);

    it('joins and leaves a writable group, by numeric or string id', async () => {
      const { client } = await signUp(t.app);
      const joined = await client.post('/api/player/groups', { groups: { add: [545] } });
      expectRouteContract('POST', '/api/player/groups', joined);
      expect(joined.statusCode).toBe(200);
      expect(statusIds(joined.json())).toContain('545');
      const left = await client.post('/api/player/groups', { groups: { remove: ['545'] } });
      expect(statusIds(left.json())).not.toContain('545');
    });

    it('refuses groups players may not choose, levels and unknown ids; nothing changes', async () => {
      const { client, player } = await signUp(t.app);
      const other = await signUp(t.app);
      await client.post('/api/player/groups', { groups: { add: ['545'] } });
      const mine = (await client.get('/api/player')).json().statuses;
      const theirs = (await other.client.get('/api/player')).json().statuses;
      const counts = await rowCounts(t.database);
      const cases: Array<[unknown, number]> = [
        [{ groups: { add: [543] } }, 422],
        [{ groups: { add: ['631'] } }, 422],
        [{ groups: { add: ['level_10'] } }, 422],
        [{ groups: { remove: ['level_1'] } }, 422],
        [{ groups: { add: ['999999'] } }, 422],
        [{ groups: { add: ['545', '614'] } }, 422],
        [{ groups: { add: ['545'], remove: [545] } }, 422],
        [{ groups: {} }, 422],
        [{ groups: { add: [] } }, 422],
        [{ groups: { add: [true] } }, 400],
        [{ groups: { add: '545' } }, 400],
        [{ groups: { add: ['545'], drop: ['1'] } }, 400],
        [{ add: ['545'] }, 400],
      ];
      for (const [body, status] of cases) {
        const res = await client.post('/api/player/groups', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        expectRouteContract('POST', '/api/player/groups', res);
      }
      expect((await client.get('/api/player')).json().statuses).toEqual(mine);
      expect((await other.client.get('/api/player')).json().statuses).toEqual(theirs);
      expect(await rowCounts(t.database)).toEqual(counts);
      expect(player.id).not.toBe(other.player.id);
    });
  });
});
