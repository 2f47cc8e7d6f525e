/**
 * The operator's campaign API (docs/bonuses.md#the-calls, #data-model): what a campaign must keep to
 * be saved, a campaign issued to a player by hand once per key, the restriction; and the offers the
 * player sees with their settings. Every answer is held to its contract.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { termsForCurrency } from '@croupier/shared/api/bonuses';
import { CURRENCY_CODES } from '@croupier/shared/currencies';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectRouteContract } from '../../../test/contract.ts';
import { signUp } from '../auth/test-helpers.ts';
import { expectLedgerSound } from '../wallet/test-helpers.ts';
import { demoCampaigns, seedBonusCampaigns } from './campaigns.seed.ts';
import { campaignErrors } from './campaigns.ts';
import {
  ADMIN_ENV,
  admin,
  createCampaign,
  deposit,
  depositOffer,
  newCode,
  registrationOffer,
  storedBonuses,
  walletOf,
} from './test-campaigns.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- bodies are checked field by field

let t: TestApp;
beforeAll(async () => {
  // A lower cap than the default, so the refusal is this deployment's setting.
  t = await buildTestApp({ ...ADMIN_ENV, BONUS_MAX_WAGER_MULTIPLIER: '40' });
});
afterAll(() => t.close());
afterEach(() => expectLedgerSound(t.database));

const CAMPAIGNS = '/api/admin/bonus-campaigns';

async function post(body: unknown) {
  const res = await admin(t, 'POST', CAMPAIGNS, body);
  expectRouteContract('POST', CAMPAIGNS, res);
  return res;
}

describe('creating and changing campaigns', () => {
  it('saves a valid campaign, lists it, and changes it; every answer in its contract', async () => {
    const created = await post(depositOffer({ groups_any: ['vip'], countries: ['DE'] }));
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json() as Json;
    expect(campaign).toMatchObject({
      kind: 'deposit',
      trigger: 'deposit',
      groups_any: ['vip'],
      groups_none: [],
      countries: ['DE'],
      default_offer: false,
      active: true,
      starts_at: null,
      created_at: t.clock.now().toISOString(),
    });
    const listed = await admin(t, 'GET', CAMPAIGNS);
    expectRouteContract('GET', CAMPAIGNS, listed);
    expect((listed.json() as Json[]).map((c) => c.id)).toContain(campaign.id);

    const patched = await admin(t, 'PATCH', `${CAMPAIGNS}/${campaign.id}`, { active: false, countries: [] });
    expectRouteContract('PATCH', `${CAMPAIGNS}/{id}`, patched);
    expect(patched.json()).toMatchObject({ id: campaign.id, code: campaign.code, active: false, countries: [] });
    const missing = await admin(t, 'PATCH', `${CAMPAIGNS}/999999`, { active: false });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'campaign_not_found']);
    expectRouteContract('PATCH', `${CAMPAIGNS}/{id}`, missing);
  });

  it(`refuses a multiplier above BONUS_MAX_WAGER_MULTIPLIER, and a change that would pass it`, async () => {
    const over = await post(depositOffer({ terms: { ...depositOffer().terms, wager_multiplier: 41 } }));
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      code: 'campaign_invalid',
      errors: { 'terms.wager_multiplier': ['must be at most 40 (BONUS_MAX_WAGER_MULTIPLIER)'] },
    });
    const atCap = await post(depositOffer({ terms: { ...depositOffer().terms, wager_multiplier: 40 } }));
    expect(atCap.statusCode).toBe(201);
    const change = await admin(t, 'PATCH', `${CAMPAIGNS}/${atCap.json().id}`, {
      terms: { ...depositOffer().terms, wager_multiplier: 45 },
    });
    expect([change.statusCode, change.json().code]).toEqual([422, 'campaign_invalid']);
    // Past the contract's own ceiling it is refused by the validator, whatever the setting.
    const past = await post(depositOffer({ terms: { ...depositOffer().terms, wager_multiplier: 101 } }));
    expect([past.statusCode, past.json().code]).toEqual([422, 'validation_error']);
  });

  it('refuses a kind without its amounts in a currency it names, or in none', async () => {
    const terms = depositOffer().terms;
    // A cap in USD but no match... and a minimum in PLN without a cap.
    const lacking = await post(
      depositOffer({ terms: { ...terms, max_bonus_cents: { EUR: 200_00 }, min_deposit_cents: { EUR: 1, PLN: 100 } } }),
    );
    expect(lacking.statusCode).toBe(422);
    expect(lacking.json().errors.terms).toEqual([
      'PLN lacks percent and max_bonus_cents',
      'USD lacks percent and max_bonus_cents',
    ]);
    const none = await post(registrationOffer({ terms: { wager_multiplier: 10, validity_days: 7 } }));
    expect(none.json().errors.terms).toEqual([
      'names no currency: a nondeposit campaign needs amount_cents per currency',
    ]);
    const unknown = await post(
      registrationOffer({ terms: { ...registrationOffer().terms, amount_cents: { XYZ: 5 } } }),
    );
    expect(unknown.json().errors.terms).toContain('XYZ is not a currency of the casino');
  });

  it('refuses mixed products, a trigger that cannot issue the kind, an offer without a code and a window ending first', async () => {
    const res = await post({
      ...depositOffer(),
      code: null,
      trigger: 'registration',
      terms: { ...depositOffer().terms, amount_cents: { EUR: 5_00 } },
      starts_at: '2026-12-01T00:00:00Z',
      ends_at: '2026-11-30T00:00:00Z',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'terms.amount_cents': ['is not part of a deposit campaign'],
      trigger: ['a deposit bonus is issued by a deposit, and a deposit issues only deposit bonuses'],
      code: ['is required for a registration offer'],
      ends_at: ['must be after starts_at'],
    });
    const welcomeFreeSpins = await post({
      ...registrationOffer(),
      default_offer: true,
      deposit_number: 1,
      terms: {
        ...registrationOffer().terms,
        cashback: { percent: 10, max_cents: { EUR: 1 }, min_loss_cents: { EUR: 1 } },
      },
    });
    expect(welcomeFreeSpins.json().errors).toEqual({
      'terms.cashback': ['is not part of a nondeposit campaign'],
      default_offer: ['only a deposit offer can be the welcome offer'],
      deposit_number: ['only a deposit bonus counts deposits'],
    });
  });

  it('keeps codes unique and at most one welcome offer', async () => {
    const first = await createCampaign(t, depositOffer({ default_offer: true }));
    const taken = await post(depositOffer({ code: first.code }));
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'campaign_code_taken']);
    const second = await post(depositOffer({ default_offer: true }));
    expect([second.statusCode, second.json().code]).toEqual([409, 'default_offer_taken']);
    const other = await createCampaign(t, depositOffer());
    const moved = await admin(t, 'PATCH', `${CAMPAIGNS}/${other.id}`, { default_offer: true });
    expect([moved.statusCode, moved.json().code]).toEqual([409, 'default_offer_taken']);
    expectRouteContract('PATCH', `${CAMPAIGNS}/{id}`, moved);
    // Unmarked first, the welcome offer moves.
    expect((await admin(t, 'PATCH', `${CAMPAIGNS}/${first.id}`, { default_offer: false })).statusCode).toBe(200);
    expect((await admin(t, 'PATCH', `${CAMPAIGNS}/${other.id}`, { default_offer: true })).json()).toMatchObject({
      default_offer: true,
    });
    await admin(t, 'PATCH', `${CAMPAIGNS}/${other.id}`, { default_offer: false });
  });

  it('needs the admin token', async () => {
    const res = await t.app.inject({ method: 'GET', url: CAMPAIGNS });
    expect([res.statusCode, res.json().code]).toEqual([401, 'admin_token_invalid']);
    expectRouteContract('GET', CAMPAIGNS, res);
  });
});

describe('a campaign issued by hand', () => {
  it('issues once per key: 201, then 200 with the same bonus; the key elsewhere is a conflict', async () => {
    const { player } = await signUp(t.app, { currency: 'EUR' });
    const campaign = await createCampaign(t, registrationOffer());
    const url = `/api/admin/players/${player.id}/bonuses`;
    const body = { campaign_id: campaign.id, currency: 'EUR', key: `ticket-${player.id}` };
    const first = await admin(t, 'POST', url, body);
    expectRouteContract('POST', '/api/admin/players/{id}/bonuses', first);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      user_id: player.id,
      campaign_id: campaign.id,
      kind: 'nondeposit',
      stage: 'issued',
      amount_cents: 5_00,
      wager_requirement_cents: 40 * 5_00,
      created: true,
    });
    const again = await admin(t, 'POST', url, body);
    expectRouteContract('POST', '/api/admin/players/{id}/bonuses', again);
    expect([again.statusCode, again.json().id, again.json().created]).toEqual([200, first.json().id, false]);
    expect(await storedBonuses(t, player.id)).toMatchObject([
      { source: 'manual', source_ref: body.key, max_conversion_cents: 50_00 },
    ]);
    const reused = await admin(t, 'POST', url, { ...body, currency: 'USD' });
    expect([reused.statusCode, reused.json().code]).toEqual([409, 'idempotency_key_reused']);
  });

  it('activates at once when the terms say so; a wager-free one is cash', async () => {
    const { player } = await signUp(t.app, { currency: 'EUR' });
    const gift = await createCampaign(t, {
      code: null,
      kind: 'cash',
      trigger: 'manual',
      terms: { amount_cents: { EUR: 7_50 }, wager_multiplier: 0, validity_days: 1, auto_activate: true },
    });
    const res = await admin(t, 'POST', `/api/admin/players/${player.id}/bonuses`, {
      campaign_id: gift.id,
      currency: 'EUR',
      key: `gift-${player.id}`,
    });
    expect(res.json()).toMatchObject({ stage: 'finished', created: true });
    expect(await walletOf(t, player.id)).toEqual({ cash: 7_50, bonus: 0 });
  });

  it('refuses what cannot be issued by hand, to whom, or in what', async () => {
    const { player } = await signUp(t.app, { currency: 'EUR' });
    const reg = await createCampaign(t, registrationOffer());
    const dep = await createCampaign(t, depositOffer());
    const issue = (id: number, over: Json = {}) =>
      admin(t, 'POST', `/api/admin/players/${id}/bonuses`, {
        campaign_id: reg.id,
        currency: 'EUR',
        key: newCode('key-'),
        ...over,
      });
    const cases: Array<[Promise<Awaited<ReturnType<typeof issue>>>, number, string]> = [
      [issue(player.id, { campaign_id: dep.id }), 422, 'campaign_not_issuable'],
      [issue(player.id, { campaign_id: 999_999 }), 404, 'campaign_not_found'],
      [issue(999_999), 404, 'player_not_found'],
      [issue(player.id, { currency: 'JPY' }), 409, 'wallet_missing'],
    ];
    for (const [pending, status, code] of cases) {
      const res = await pending;
      expectRouteContract('POST', '/api/admin/players/{id}/bonuses', res);
      expect([res.statusCode, res.json().code]).toEqual([status, code]);
    }
    const eurOnly = await createCampaign(
      t,
      registrationOffer({
        terms: { ...registrationOffer().terms, amount_cents: { EUR: 5_00 }, max_conversion_cents: {} },
      }),
    );
    expect((await issue(player.id, { campaign_id: eurOnly.id, currency: 'USD' })).json().code).toBe(
      'currency_not_offered',
    );
    await admin(t, 'PUT', `/api/admin/players/${player.id}/bonus-restriction`, { reason: 'abuse' });
    expect((await issue(player.id)).json().code).toBe('bonuses_restricted');
    await admin(t, 'DELETE', `/api/admin/players/${player.id}/bonus-restriction`);
    expect(await storedBonuses(t, player.id)).toEqual([]);
  });
});

describe('the restriction', () => {
  it('is set with a reason, replaced, lifted; an unknown player is 404', async () => {
    const { player } = await signUp(t.app, { currency: 'EUR' });
    const url = `/api/admin/players/${player.id}/bonus-restriction`;
    const set = await admin(t, 'PUT', url, { reason: 'suspected multi-account' });
    expectRouteContract('PUT', '/api/admin/players/{id}/bonus-restriction', set);
    expect(set.json()).toEqual({
      user_id: player.id,
      reason: 'suspected multi-account',
      created_at: t.clock.now().toISOString(),
    });
    expect((await admin(t, 'PUT', url, { reason: 'confirmed' })).json()).toMatchObject({ reason: 'confirmed' });
    const lifted = await admin(t, 'DELETE', url);
    expectRouteContract('DELETE', '/api/admin/players/{id}/bonus-restriction', lifted);
    expect(lifted.statusCode).toBe(204);
    const unknown = await admin(t, 'PUT', '/api/admin/players/999999/bonus-restriction', { reason: 'x' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'player_not_found']);
  });
});

describe('the offers and the player’s settings', () => {
  it('guests see every live offer; a player those that reach them, minus dismissed ones, none when opted out', async () => {
    const dep = await createCampaign(t, depositOffer({ countries: ['DE'] }));
    const elsewhere = await createCampaign(t, depositOffer({ countries: ['AT'] }));
    const grouped = await createCampaign(t, depositOffer({ groups_any: ['vip-only'] }));
    const later = await createCampaign(
      t,
      depositOffer({ starts_at: new Date(t.clock.now().getTime() + 60_000).toISOString() }),
    );
    const reg = await createCampaign(t, registrationOffer());

    const guest = createClient(t.app);
    const guestDeposit = await guest.get('/api/bonuses/deposit');
    expectRouteContract('GET', '/api/bonuses/deposit', guestDeposit);
    const guestCodes = (guestDeposit.json() as Json[]).map((o) => o.id);
    expect(guestCodes).toEqual(expect.arrayContaining([dep.code, elsewhere.code, grouped.code]));
    expect(guestCodes).not.toContain(later.code);
    expect(guestDeposit.headers['cache-control']).toContain('no-store');

    const { client } = await signUp(t.app, { currency: 'EUR', country: 'DE' });
    const mine = await client.get('/api/bonuses/deposit');
    const offers = mine.json() as Json[];
    const offer = offers.find((o) => o.id === dep.code)!;
    expect(offers.map((o) => o.id)).not.toEqual(expect.arrayContaining([elsewhere.code]));
    expect(offers.map((o) => o.id)).not.toContain(grouped.code);
    expect(offer).toMatchObject({
      title: '100 % up to €200.00',
      title_generated: true,
      kind: 'deposit',
      selected: false,
      bonuses: [
        {
          title: '100 % up to €200.00',
          type: 'bonus',
          conditions: [
            {
              field: 'amount',
              type: 'min',
              value: [
                { currency: 'EUR', amount_cents: 20_00 },
                { currency: 'USD', amount_cents: 20_00 },
              ],
            },
          ],
        },
      ],
    });
    expect(offer.terms.map((x: Json) => x.currency)).toEqual(['EUR', 'USD']);
    const grouping = (await guest.get('/api/bonuses/deposit')).json() as Json[];
    expect(grouping.find((o) => o.id === grouped.code)!.bonuses[0].conditions).toContainEqual({
      field: 'groups',
      type: 'pick',
      value: ['pick:vip-only'],
    });

    // Chosen, it is marked; dismissed, it is gone (and may still be chosen).
    const chosen = await client.patch('/api/player/set_bonus_code', { deposit_bonus_code: dep.code!.toLowerCase() });
    expectRouteContract('PATCH', '/api/player/set_bonus_code', chosen);
    expect(chosen.json().deposit_bonus_code).toBe(dep.code);
    expect(((await client.get('/api/bonuses/deposit')).json() as Json[]).find((o) => o.id === dep.code)!.selected).toBe(
      true,
    );
    const dismissed = await client.delete(`/api/bonuses/deposit/${dep.code}`);
    expectRouteContract('DELETE', '/api/bonuses/deposit/{id}', dismissed);
    expect(dismissed.statusCode).toBe(204);
    expect(((await client.get('/api/bonuses/deposit')).json() as Json[]).map((o) => o.id)).not.toContain(dep.code);
    const wrongList = await client.delete(`/api/bonuses/registration/${dep.code}`);
    expect([wrongList.statusCode, wrongList.json().code]).toEqual([404, 'offer_not_found']);
    expectRouteContract('DELETE', '/api/bonuses/registration/{id}', wrongList);

    const registration = await client.get('/api/bonuses/registration');
    expectRouteContract('GET', '/api/bonuses/registration', registration);
    expect((registration.json() as Json[]).find((o) => o.id === reg.code)).toMatchObject({
      kind: 'nondeposit',
      title: '€5.00 bonus',
      selected: false,
    });

    const off = await client.patch('/api/player/update_bonus_settings', { can_issue: false });
    expectRouteContract('PATCH', '/api/player/update_bonus_settings', off);
    expect(off.json()).toMatchObject({ can_issue_bonuses: false, deposit_bonus_code: null });
    expect((await client.get('/api/bonuses/deposit')).json()).toEqual([]);
    expect((await client.get('/api/bonuses/registration')).json()).toEqual([]);
    const available = await client.get('/api/bonuses/available_bonuses');
    expectRouteContract('GET', '/api/bonuses/available_bonuses', available);
    expect(available.json()).toEqual({ available_bonuses: false });
    const refused = await client.patch('/api/player/set_bonus_code', { deposit_bonus_code: dep.code });
    expect(refused.json()).toMatchObject({
      code: 'bonus_code_unknown',
      errors: { deposit_bonus_code: [expect.any(String)] },
    });
    expect((await client.patch('/api/player/update_bonus_settings', { can_issue: true })).json()).toMatchObject({
      can_issue_bonuses: true,
    });
    expect((await client.get('/api/bonuses/available_bonuses')).json()).toEqual({ available_bonuses: true });
  });

  it('a first-deposit offer leaves the list after the first deposit', async () => {
    const welcome = await createCampaign(t, depositOffer({ deposit_number: 1 }));
    const { client } = await signUp(t.app, { currency: 'EUR' });
    const codes = async () => ((await client.get('/api/bonuses/deposit')).json() as Json[]).map((o) => o.id);
    expect(await codes()).toContain(welcome.code);
    await deposit(t, client, 10_00);
    expect(await codes()).not.toContain(welcome.code);
  });

  it('player calls need a session', async () => {
    const guest = createClient(t.app);
    for (const [res, method, route] of [
      [await guest.get('/api/bonuses/available_bonuses'), 'GET', '/api/bonuses/available_bonuses'],
      [await guest.delete('/api/player/clear_bonus_code'), 'DELETE', '/api/player/clear_bonus_code'],
      [
        await guest.patch('/api/player/update_bonus_settings', { can_issue: true }),
        'PATCH',
        '/api/player/update_bonus_settings',
      ],
      [
        await guest.patch('/api/player/set_bonus_code', { deposit_bonus_code: 'X' }),
        'PATCH',
        '/api/player/set_bonus_code',
      ],
      [await guest.delete('/api/bonuses/deposit/X'), 'DELETE', '/api/bonuses/deposit/{id}'],
    ] as const) {
      expect(res.statusCode).toBe(401);
      expectRouteContract(method, route, res);
    }
  });
});

describe('the demo seed', () => {
  it('seeds valid campaigns with amounts in every currency, once', async () => {
    const seeded = demoCampaigns('croupier/slot');
    for (const c of seeded) {
      expect(campaignErrors({ ...c, startsAt: null, endsAt: null, active: true }, 100), c.code!).toEqual({});
      for (const currency of CURRENCY_CODES)
        expect(termsForCurrency(c.kind, c.terms, currency), `${c.code} ${currency}`).not.toBeNull();
    }
    expect(seeded.map((c) => c.kind).sort()).toEqual(['cashback', 'deposit', 'deposit', 'freespins', 'nondeposit']);

    // Seeded twice: one of each, the welcome offer the default one (this file's own were unmarked).
    expect(await seedBonusCampaigns(t.database.db)).toBe(5);
    await seedBonusCampaigns(t.database.db);
    const all = (await admin(t, 'GET', CAMPAIGNS)).json() as Json[];
    const demo = all.filter((c) => ['WELCOME100', 'RELOAD50', 'SIGNUP5', 'SPIN20', 'CASHBACK10'].includes(c.code));
    expect(demo.map((c) => c.code).sort()).toEqual(['CASHBACK10', 'RELOAD50', 'SIGNUP5', 'SPIN20', 'WELCOME100']);
    expect(demo.find((c) => c.code === 'WELCOME100')).toMatchObject({
      default_offer: true,
      deposit_number: 1,
      terms: { percent: 100, max_bonus_cents: { EUR: 200_00, BTC: 400_000 }, min_deposit_cents: { EUR: 20_00 } },
    });
    expect(demo.find((c) => c.code === 'SPIN20')!.terms.freespins.games).toEqual([
      expect.stringMatching(/^[a-z0-9-]+\/[a-z0-9-]+$/),
    ]);
  });
});
