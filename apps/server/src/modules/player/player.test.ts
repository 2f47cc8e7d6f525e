import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AccountSchema, PlayerSchema, PlayerSettingsSchema } from '@croupier/shared/api/player';
import { playerAccounts, users } from '../../db/schema/index.ts';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectContract } from '../../../test/contract.ts';
import { rowCounts, signUp } from '../auth/test-helpers.ts';
import { isValidRealtimeToken } from './realtime-token.ts';

describe('player: /api/player', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  async function userRow(id: number) {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    return row!;
  }

  it('answers guests with 401 unauthorized and players with their object, never cached', async () => {
    const guest = await createClient(t.app).get('/api/player');
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ code: 'unauthorized', error: 'You need to sign in or sign up before continuing.' });
    const { client, player } = await signUp(t.app);
    const res = await client.get('/api/player');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = expectContract(PlayerSchema, res.json());
    expect(body).toMatchObject({
      id: player.id,
      user_id: player.id,
      statuses: expect.arrayContaining([{ id: 'level_1', name: 'Level 1' }]),
    });
    expect(body.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await client.get('/api/player?x=1')).statusCode).toBe(400);
  });

  it('edits the profile fields it is sent and marks the profile saved once the required data is complete', async () => {
    const { client, player } = await signUp(t.app, { mobile_phone: '', nickname: undefined });
    expect((await client.get('/api/player')).json()).toMatchObject({
      saved: false,
      mobile_phone: null,
      nickname: null,
    });
    const res = await client.patch('/api/player', {
      context: 'edition',
      player: {
        mobile_phone: '+1 (416) 555-0199',
        city: 'Toronto',
        nickname: 'ace_99',
        receive_sms_promos: true,
        profession: 'Baker',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(expectContract(PlayerSchema, res.json())).toMatchObject({
      mobile_phone: '+14165550199',
      city: 'Toronto',
      nickname: 'ace_99',
      receive_sms_promos: true,
      profession: 'Baker',
      first_name: 'Ann',
      saved: true,
    });
    const cleared = await client.patch('/api/player', { player: { nickname: '', profession: null, gender: null } });
    expect(cleared.json()).toMatchObject({ nickname: null, profession: null, gender: null, saved: true });
    expect((await userRow(player.id)).city).toBe('Toronto');
  });

  it('refuses anything but profile fields with 400 and changes nothing (mass assignment)', async () => {
    const { client, player } = await signUp(t.app);
    const before = await userRow(player.id);
    const counts = await rowCounts(t.database);
    const attempts: unknown[] = [
      { player: { balanceCents: 1e9 } },
      { player: { first_name: 'Eve', balanceCents: 1e9 } },
      { player: { verified: true, role: 'admin', kycStatus: 'verified' } },
      { player: { email: 'other@example.com' } },
      { player: { currency: 'BTC' } },
      { player: { first_name: 'Eve' }, role: 'admin' },
      { player: { first_name: 42 } },
      { player: 'first_name=Eve' },
      { player: [] },
      [],
      null,
    ];
    for (const body of attempts) {
      const res = await client.patch('/api/player', body === null ? 'null' : body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('validation_error');
    }
    const one = await client.patch('/api/player', { player: { balanceCents: 1e9 } });
    expect(one.json().errors).toEqual({ 'player.balanceCents': ['is not permitted'] });
    expect(await userRow(player.id)).toEqual(before);
    expect(await rowCounts(t.database)).toEqual(counts);
    const [account] = await t.database.db.select().from(playerAccounts).where(eq(playerAccounts.userId, player.id));
    expect(account!.amountCents).toBe(0n);
  });

  it('refuses __proto__ and constructor payloads with a 4xx and no effect', async () => {
    const { client, player } = await signUp(t.app);
    const before = await userRow(player.id);
    const payloads = [
      '{"player":{"__proto__":{"verified":true}}}',
      '{"__proto__":{"isAdmin":true},"player":{}}',
      '{"player":{"constructor":{"prototype":{"verified":true}}}}',
      '{"player":{"first_name":"Eve","__proto__":{"saved":true}}}',
    ];
    for (const payload of payloads) {
      const res = await client.patch('/api/player', payload);
      expect(res.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, payload).toBeLessThan(500);
      expect(typeof res.json().code).toBe('string');
    }
    expect(({} as Record<string, unknown>).verified).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(await userRow(player.id)).toEqual(before);
  });

  it('answers rule failures with 422 per field', async () => {
    const { client, player } = await signUp(t.app);
    const before = await userRow(player.id);
    const res = await client.patch('/api/player', {
      player: { first_name: ' ', mobile_phone: '0170 1234567', country: 'XX', postal_code: '<b>' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'validation_error',
      errors: {
        first_name: ["can't be blank"],
        mobile_phone: ['is invalid'],
        country: ['is not included in the list'],
        postal_code: ['is invalid'],
      },
    });
    const young = await client.patch('/api/player', { player: { date_of_birth: '2015-01-01' } });
    expect(young.json().errors).toEqual({ date_of_birth: ['must be at least 18 years old'] });
    expect(await userRow(player.id)).toEqual(before);
  });

  it('keeps name and birth date of a verified player fixed', async () => {
    const { client, player } = await signUp(t.app);
    await t.database.db.update(users).set({ verified: true }).where(eq(users.id, player.id));
    const res = await client.patch('/api/player', {
      player: { last_name: 'Other', date_of_birth: '1980-01-01', city: 'Hamburg' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ last_name: ["can't be changed"], date_of_birth: ["can't be changed"] });
    const same = await client.patch('/api/player', { player: { last_name: 'Example', city: 'Hamburg' } });
    expect(same.statusCode).toBe(200);
    expect(same.json().city).toBe('Hamburg');
  });

  it('changes the locale to one of the 11 and refuses others', async () => {
    const { client } = await signUp(t.app);
    const res = await client.patch('/api/player/update_locale', { locale: 'pt-BR' });
    expect(res.statusCode).toBe(200);
    expectContract(PlayerSchema, res.json());
    expect(res.json()).toMatchObject({ language: 'pt-BR', locale: 'pt-BR' });
    const bad = await client.patch('/api/player/update_locale', { locale: 'ru' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ locale: ['is not included in the list'] });
    expect((await client.patch('/api/player/update_locale', { locale: 'de', language: 'de' })).statusCode).toBe(400);
    expect((await createClient(t.app).patch('/api/player/update_locale', { locale: 'de' })).statusCode).toBe(401);
  });

  it('serves settings to guests and players, with a realtime token for the right user', async () => {
    const guest = await createClient(t.app).get('/api/player/settings');
    expect(guest.statusCode).toBe(200);
    const g = expectContract(PlayerSettingsSchema, guest.json());
    expect(g).toMatchObject({
      cent: { url: '/sock', user: '' },
      recaptcha: '',
      recaptcha_version: 3,
      captcha: { site_key: '', enabled_register: false },
      registrationConfig: { skipNickname: false },
      abTests: { registration_variant: 'A' },
      webPushKey: '',
    });
    expect(isValidRealtimeToken(t.env.appSecret, '', g.cent.timestamp, g.cent.token, t.clock.now(), 60)).toBe(true);
    expect(isValidRealtimeToken(t.env.appSecret, '1', g.cent.timestamp, g.cent.token, t.clock.now(), 60)).toBe(false);

    const affiliate = await createClient(t.app).get('/api/player/settings', { cookie: 'stag=abd_1' });
    expect(affiliate.json().abTests.registration_variant).toBe('B');

    const { client, player } = await signUp(t.app, { variant: 'B' });
    const mine = expectContract(PlayerSettingsSchema, (await client.get('/api/player/settings')).json());
    expect(mine.cent.user).toBe(String(player.id));
    expect(mine.abTests.registration_variant).toBe('B');
    expect(
      isValidRealtimeToken(t.env.appSecret, String(player.id), mine.cent.timestamp, mine.cent.token, t.clock.now(), 60),
    ).toBe(true);
  });

  it('lists wallets as a bare array and opens a new one that becomes the player currency', async () => {
    const { client, player } = await signUp(t.app, { currency: 'EUR' });
    const list = await client.get('/api/player/accounts?compatibility=false');
    expect(list.statusCode).toBe(200);
    expect(expectContract(z.array(AccountSchema), list.json())).toEqual([
      {
        currency: 'EUR',
        active: true,
        amount_cents: 0,
        available_to_cashout_cents: 0,
        available_to_bet_with_locked_cent: 0,
        deposit_available: true,
        hidden_at: null,
        selected_lottery_id: null,
        version: 0,
      },
    ]);

    const opened = await client.post('/api/player/accounts', { currency: 'BTC' });
    expect(opened.statusCode).toBe(201);
    expect(expectContract(AccountSchema, opened.json())).toMatchObject({
      currency: 'BTC',
      active: true,
      amount_cents: 0,
    });
    expect((await client.get('/api/player')).json().currency).toBe('BTC');
    const both = (await client.get('/api/player/accounts')).json() as Array<{ currency: string }>;
    expect(both.map((a) => a.currency)).toEqual(['BTC', 'EUR']);

    // Selecting an existing wallet again neither duplicates nor resets it.
    await t.database.db
      .update(playerAccounts)
      .set({ amountCents: 1234n, availableToCashoutCents: 1000n })
      .where(eq(playerAccounts.userId, player.id));
    const back = await client.post('/api/player/accounts', { currency: 'eur' });
    expect(back.statusCode).toBe(201);
    expect(back.json()).toMatchObject({ currency: 'EUR', amount_cents: 1234, available_to_cashout_cents: 1000 });
    expect((await client.get('/api/player/accounts')).json()).toHaveLength(2);

    const bad = await client.post('/api/player/accounts', { currency: 'DOGE' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ currency: ['is not included in the list'] });
    expect((await client.post('/api/player/accounts', { currency: 'USD', amount_cents: 100 })).statusCode).toBe(400);
    expect((await client.get('/api/player/accounts?page=2')).statusCode).toBe(400);
    expect((await createClient(t.app).get('/api/player/accounts')).statusCode).toBe(401);
    expect((await createClient(t.app).post('/api/player/accounts', { currency: 'USD' })).statusCode).toBe(401);
  });
});
