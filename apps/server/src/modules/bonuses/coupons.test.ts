/**
 * Coupons and promo codes (docs/bonuses.md#free-spin-packs-codes, #the-calls): a one-use code is used
 * once however many players send it at the same moment (docs/reliability.md#b5-single-use-codes); a
 * personal code only by its player, and by them once; no code works during a break, after an opt-out
 * or under the operator's restriction, and those attempts write nothing; failed attempts lock the
 * player out like failed sign-ins; a code issues its campaign's bonus or free-spin pack on the
 * campaign's terms in the player's currency; the expiry job ends codes past their validity. Every
 * answer is held to its contract.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BonusCampaignRequest } from '@croupier/shared/api/bonuses';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import { expectRouteContract } from '../../../test/contract.ts';
import { rows } from '../../db/sql.ts';
import { GOOD_PASSWORD, type Client } from '../auth/test-helpers.ts';
import { expectLedgerSound } from '../wallet/test-helpers.ts';
import { seedBonusCampaigns } from './campaigns.seed.ts';
import { stageEvents } from './test-bonus-helpers.ts';
// Players confirm their address: no code works before (docs/bonuses.md#confirmed-addresses-only).
import {
  ADMIN_ENV,
  admin,
  createCampaign,
  depositOffer,
  signUpConfirmed,
  storedBonuses,
  walletOf,
} from './test-campaigns.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- bodies are checked field by field

const MINUTE = 60_000;
/** The sign-in throttle's settings, named here so the lock-out below is theirs. */
const MAX_FAILURES = 3;
const LOCK_MINUTES = 15;

let t: TestApp;
let slot: string;
beforeAll(async () => {
  t = await buildTestApp({
    ...ADMIN_ENV,
    AUTH_MAX_FAILURES: String(MAX_FAILURES),
    AUTH_LOCK_MINUTES: String(LOCK_MINUTES),
  });
  const [found] = await rows<{ identifier: string }>(
    t.database.db,
    sql`SELECT identifier FROM games WHERE engine LIKE 'slot-%' ORDER BY identifier LIMIT 1`,
  );
  slot = found!.identifier;
});
afterAll(() => t.close());
afterEach(() => expectLedgerSound(t.database));

const COUPON = '/api/bonuses/coupon';
const CODES = '/api/player/bonus_codes';

/** A no-deposit bonus a code issues: €10 (or $10), ×20, 7 days to activate and 7 to wager. */
function bonusCoupon(over: Partial<BonusCampaignRequest['terms']> = {}): BonusCampaignRequest {
  return {
    code: null,
    kind: 'nondeposit',
    trigger: 'coupon',
    terms: {
      amount_cents: { EUR: 10_00, USD: 10_00 },
      wager_multiplier: 20,
      activation_days: 7,
      validity_days: 7,
      ...over,
    },
  };
}

/** Free spins a code issues: 20 spins at 20 cents (30 in USD) on a slot of the catalogue. */
function spinsCoupon(over: { auto_activate?: boolean } = {}): BonusCampaignRequest {
  return {
    code: null,
    kind: 'freespins',
    trigger: 'coupon',
    titles: { en: 'Twenty spins' },
    terms: {
      ...over,
      wager_multiplier: 0,
      activation_days: 7,
      validity_days: 3,
      freespins: {
        count: 20,
        games: [slot],
        bet_level_cents: { EUR: 20, USD: 30 },
        winnings_wager_multiplier: 30,
        winnings_max_conversion_cents: { EUR: 100_00, USD: 100_00 },
      },
    },
  };
}

async function makeCodes(campaignId: number, body: Json): Promise<Json[]> {
  const res = await admin(t, 'POST', `/api/admin/bonus-campaigns/${campaignId}/codes`, body);
  expectRouteContract('POST', '/api/admin/bonus-campaigns/{id}/codes', res);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function sharedCode(campaignId: number, body: Json = {}): Promise<Json> {
  const [code] = await makeCodes(campaignId, body);
  return code!;
}

async function redeem(client: Client, code: string): Promise<string> {
  const res = await client.post(COUPON, { coupon_code: code });
  expectRouteContract('POST', COUPON, res);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Json).status;
}

async function myCodes(client: Client): Promise<Json[]> {
  const res = await client.get(CODES);
  expectRouteContract('GET', CODES, res);
  expect(res.headers['cache-control']).toContain('no-store');
  return res.json();
}

async function codeRow(id: number) {
  const [row] = await rows<{ state: string; redemptions: number }>(
    t.database.db,
    sql`SELECT state, redemptions FROM bonus_codes WHERE id = ${id}`,
  );
  return row;
}

async function redemptionsOf(codeId: number) {
  return rows<{ user_id: number; bonus_id: number | null; pack_id: number | null }>(
    t.database.db,
    sql`SELECT user_id, bonus_id, pack_id FROM bonus_code_redemptions WHERE code_id = ${codeId} ORDER BY user_id`,
  );
}

/** Everything a redemption could write for a player: rows of codes, gifts and the throttle. */
async function footprint(userId: number) {
  const [row] = await rows<Json>(
    t.database.db,
    sql`SELECT (SELECT count(*)::int FROM bonus_code_redemptions WHERE user_id = ${userId}) AS redemptions,
               (SELECT coalesce(sum(redemptions), 0)::int FROM bonus_codes) AS uses,
               (SELECT count(*)::int FROM player_bonuses WHERE user_id = ${userId}) AS bonuses,
               (SELECT count(*)::int FROM freespin_packs WHERE user_id = ${userId}) AS packs,
               (SELECT count(*)::int FROM auth_throttle WHERE key = ${`coupon:${userId}`}) AS throttle`,
  );
  return row;
}

async function signIn(email: string) {
  const client = createClient(t.app);
  const res = await client.post('/api/users/sign_in', { user: { email, password: GOOD_PASSWORD } });
  expect([200, 201]).toContain(res.statusCode);
  return client;
}

describe('a one-use code', () => {
  it('sent by 20 players at once is redeemed exactly once; the others fail and nothing of theirs stays', async () => {
    const campaign = await createCampaign(t, bonusCoupon({ auto_activate: true }));
    const code = await sharedCode(campaign.id, { max_redemptions: 1 });
    expect(code).toMatchObject({ user_id: null, max_redemptions: 1, redemptions: 0, state: 'issued' });
    const players = [];
    for (let i = 0; i < 20; i += 1) players.push(await signUpConfirmed(t, { currency: 'EUR' }));

    const outcomes = await Promise.all(players.map(({ client }) => redeem(client, code.code)));
    expect(outcomes.filter((o) => o === 'successfully_activated')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'failed_to_activate')).toHaveLength(19);

    const winner = players[outcomes.indexOf('successfully_activated')]!.player.id;
    expect(await codeRow(code.id)).toEqual({ state: 'activated', redemptions: 1 });
    const redemptions = await redemptionsOf(code.id);
    expect(redemptions).toMatchObject([{ user_id: winner, pack_id: null }]);
    const [bonus] = await storedBonuses(t, winner);
    expect(bonus).toMatchObject({
      id: redemptions[0]!.bonus_id,
      campaign_id: campaign.id,
      source: 'coupon',
      source_ref: `${code.id}:${winner}`,
      stage: 'handle_bets',
      amount_cents: 10_00,
      wager_requirement_cents: 20 * 10_00,
    });
    expect(await walletOf(t, winner)).toEqual({ cash: 0, bonus: 10_00 });
    expect(await stageEvents(t, bonus!.id)).toEqual(['∅ → issued', 'issued → handle_bets']);
    const gifts = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM player_bonuses WHERE source = 'coupon' AND source_ref LIKE ${`${code.id}:%`}`,
    );
    expect(gifts).toEqual([{ n: 1 }]);

    // The winner sees it redeemed; a second try is already_activated, the losers still fail.
    expect(await redeem(players[outcomes.indexOf('successfully_activated')]!.client, code.code)).toBe(
      'already_activated',
    );
    const loser = players[outcomes.indexOf('failed_to_activate')]!;
    expect(await redeem(loser.client, code.code)).toBe('failed_to_activate');
    expect(await myCodes(loser.client)).toEqual([]);
  });

  it('a shared code for three players takes three, each once, whatever the case and spaces typed', async () => {
    const campaign = await createCampaign(t, bonusCoupon());
    const code = await sharedCode(campaign.id, { code: 'THREEWAY', max_redemptions: 3 });
    const players = [];
    for (let i = 0; i < 4; i += 1) players.push(await signUpConfirmed(t, { currency: 'EUR' }));
    expect(await redeem(players[0]!.client, ' threeway ')).toBe('successfully_activated');
    expect(await codeRow(code.id)).toEqual({ state: 'issued', redemptions: 1 });
    expect(await redeem(players[0]!.client, 'ThreeWay')).toBe('already_activated');
    expect(await redeem(players[1]!.client, 'THREEWAY')).toBe('successfully_activated');
    expect(await redeem(players[2]!.client, 'THREEWAY')).toBe('successfully_activated');
    expect(await codeRow(code.id)).toEqual({ state: 'activated', redemptions: 3 });
    expect(await redeem(players[3]!.client, 'THREEWAY')).toBe('failed_to_activate');
    expect((await redemptionsOf(code.id)).map((r) => r.user_id)).toEqual(players.slice(0, 3).map((p) => p.player.id));
  });
});

describe('what a code issues', () => {
  it('a bonus campaign issues its bonus on its terms, to activate from the gifts page', async () => {
    const campaign = await createCampaign(t, bonusCoupon());
    const code = await sharedCode(campaign.id, { max_redemptions: 10 });
    const { client, player } = await signUpConfirmed(t, { currency: 'USD' });
    expect(await redeem(client, code.code)).toBe('successfully_activated');
    const [bonus] = await storedBonuses(t, player.id);
    expect(bonus).toMatchObject({
      kind: 'nondeposit',
      currency: 'USD',
      stage: 'issued',
      source: 'coupon',
      source_ref: `${code.id}:${player.id}`,
      amount_cents: 10_00,
      wager_multiplier: 20,
      terms: { currency: 'USD', amount_cents: 10_00 },
    });
    expect(await redemptionsOf(code.id)).toEqual([{ user_id: player.id, bonus_id: bonus!.id, pack_id: null }]);
    const listed = (await client.get('/api/player/bonuses')).json() as Json[];
    expect(listed).toMatchObject([
      {
        id: bonus!.id,
        stage: 'issued',
        strategy: 'coupon',
        activatable: true,
        activatable_until: new Date(t.clock.now().getTime() + 7 * 24 * 60 * MINUTE).toISOString(),
      },
    ]);
  });

  it('a free-spins campaign issues a pack in the player’s currency, listed with the packs', async () => {
    const campaign = await createCampaign(t, spinsCoupon());
    const code = await sharedCode(campaign.id, { max_redemptions: 10 });
    const { client, player } = await signUpConfirmed(t, { currency: 'USD' });
    expect(await redeem(client, code.code)).toBe('successfully_activated');
    const [pack] = await rows<Json>(
      t.database.db,
      sql`SELECT id, campaign_id, currency, stage, games, bet_level_cents::int AS bet, spins_total, source, source_ref,
                 winnings_wager_multiplier, winnings_max_conversion_cents::int AS cap, validity_days, title
            FROM freespin_packs WHERE user_id = ${player.id}`,
    );
    expect(pack).toMatchObject({
      campaign_id: campaign.id,
      currency: 'USD',
      stage: 'issued',
      bet: 30,
      spins_total: 20,
      source: 'coupon',
      source_ref: `${code.id}:${player.id}`,
      winnings_wager_multiplier: 30,
      cap: 100_00,
      validity_days: 3,
      title: 'Twenty spins',
    });
    expect(await redemptionsOf(code.id)).toEqual([{ user_id: player.id, bonus_id: null, pack_id: pack!.id }]);
    expect(await storedBonuses(t, player.id)).toEqual([]);
    const packs = (await client.get('/api/player/freespins')).json() as Json[];
    expect(packs).toMatchObject([
      { id: pack!.id, title: 'Twenty spins', freespins_total: 20, bet_level: 30, games: [slot] },
    ]);
    expect(await myCodes(client)).toEqual([
      {
        code: code.code,
        state: 'activated',
        title: 'Twenty spins',
        valid_until: null,
        redeemed_at: t.clock.now().toISOString(),
      },
    ]);
  });

  it('a free-spins campaign that says auto_activate starts its pack at once, ready to play', async () => {
    const campaign = await createCampaign(t, spinsCoupon({ auto_activate: true }));
    const code = await sharedCode(campaign.id, { max_redemptions: 10 });
    const { client, player } = await signUpConfirmed(t, { currency: 'EUR' });
    expect(await redeem(client, code.code)).toBe('successfully_activated');
    const [pack] = await rows<{ stage: string; valid_until: string | null }>(
      t.database.db,
      sql`SELECT stage, valid_until FROM freespin_packs WHERE user_id = ${player.id}`,
    );
    expect(pack).toEqual({ stage: 'handle_bets', valid_until: expect.anything() });
    const packs = (await client.get('/api/player/freespins')).json() as Json[];
    expect(packs).toMatchObject([{ stage: 'handle_bets', freespins_total: 20, bet_level: 20 }]);
  });

  it('a campaign that offers nothing in the player’s currency, or is switched off, fails and writes nothing', async () => {
    const eurOnly = await createCampaign(t, bonusCoupon({ amount_cents: { EUR: 10_00 } }));
    const code = await sharedCode(eurOnly.id, { max_redemptions: 10 });
    const { client, player } = await signUpConfirmed(t, { currency: 'USD' });
    expect(await redeem(client, code.code)).toBe('failed_to_activate');
    await admin(t, 'PATCH', `/api/admin/bonus-campaigns/${eurOnly.id}`, { active: false });
    const eur = await signUpConfirmed(t, { currency: 'EUR' });
    expect(await redeem(eur.client, code.code)).toBe('failed_to_activate');
    expect(await codeRow(code.id)).toEqual({ state: 'issued', redemptions: 0 });
    expect(await footprint(player.id)).toMatchObject({ redemptions: 0, bonuses: 0 });
  });
});

describe('personal codes', () => {
  it('work only for their player, once; the list shows them with their states', async () => {
    const campaign = await createCampaign(t, bonusCoupon());
    const a = await signUpConfirmed(t, { currency: 'EUR' });
    const b = await signUpConfirmed(t, { currency: 'EUR' });
    const made = await makeCodes(campaign.id, { user_ids: [b.player.id, a.player.id, a.player.id] });
    // One per player, whatever the order or repeats of the list.
    expect(made.map((c) => c.user_id)).toEqual([a.player.id, b.player.id].sort((x, y) => x - y));
    for (const c of made) {
      expect(c).toMatchObject({ campaign_id: campaign.id, max_redemptions: 1, redemptions: 0, state: 'issued' });
      expect(c.code).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
    }
    const codeOf = (userId: number) => made.find((c) => c.user_id === userId)!;

    expect(await myCodes(a.client)).toEqual([
      { code: codeOf(a.player.id).code, state: 'issued', title: '€10.00 bonus', valid_until: null, redeemed_at: null },
    ]);
    // Another player's code is as good as unknown.
    expect(await redeem(a.client, codeOf(b.player.id).code)).toBe('failed_to_activate');
    expect(await codeRow(codeOf(b.player.id).id)).toEqual({ state: 'issued', redemptions: 0 });
    expect(await redeem(b.client, codeOf(b.player.id).code)).toBe('successfully_activated');
    expect(await redeem(b.client, codeOf(b.player.id).code)).toBe('already_activated');
    expect(await codeRow(codeOf(b.player.id).id)).toEqual({ state: 'activated', redemptions: 1 });
    expect(await myCodes(b.client)).toEqual([
      {
        code: codeOf(b.player.id).code,
        state: 'activated',
        title: '€10.00 bonus',
        valid_until: null,
        redeemed_at: t.clock.now().toISOString(),
      },
    ]);
    expect(await redeem(a.client, codeOf(a.player.id).code.toLowerCase())).toBe('successfully_activated');
    expect(await storedBonuses(t, a.player.id)).toHaveLength(1);
    expect(await storedBonuses(t, b.player.id)).toHaveLength(1);
  });
});

describe('who may not redeem', () => {
  it('a player on a break, opted out or restricted fails, and nothing is written, not even a failure', async () => {
    const campaign = await createCampaign(t, spinsCoupon());
    const code = await sharedCode(campaign.id, { max_redemptions: 10 });

    const resting = await signUpConfirmed(t, { currency: 'EUR' });
    await t.croupier.modules.limits.set(resting.player.id, { type: 'coolingoff', period: 'day' } as Parameters<
      typeof t.croupier.modules.limits.set
    >[1]);
    const signedIn = await signIn(resting.user.email);
    const optedOut = await signUpConfirmed(t, { currency: 'EUR' });
    expect((await optedOut.client.patch('/api/player/update_bonus_settings', { can_issue: false })).statusCode).toBe(
      200,
    );
    const restricted = await signUpConfirmed(t, { currency: 'EUR' });
    await admin(t, 'PUT', `/api/admin/players/${restricted.player.id}/bonus-restriction`, { reason: 'abuse' });

    for (const [client, id] of [
      [signedIn, resting.player.id],
      [optedOut.client, optedOut.player.id],
      [restricted.client, restricted.player.id],
    ] as const) {
      const before = await footprint(id);
      // More attempts than the throttle allows: none counts, so none locks the player out.
      for (let i = 0; i <= MAX_FAILURES; i += 1) expect(await redeem(client, code.code)).toBe('failed_to_activate');
      expect(await redeem(client, 'NOSUCHCODE')).toBe('failed_to_activate');
      expect(await footprint(id)).toEqual(before);
      expect(before).toMatchObject({ redemptions: 0, packs: 0, throttle: 0 });
    }
    expect(await codeRow(code.id)).toEqual({ state: 'issued', redemptions: 0 });

    // Back in: the opted-out player opts in and redeems.
    await optedOut.client.patch('/api/player/update_bonus_settings', { can_issue: true });
    expect(await redeem(optedOut.client, code.code)).toBe('successfully_activated');
  });
});

describe('failed attempts', () => {
  it(`lock the player out after ${MAX_FAILURES} within ${LOCK_MINUTES} minutes: even a good code fails unread, until the lock ends`, async () => {
    const campaign = await createCampaign(t, bonusCoupon());
    const good = await sharedCode(campaign.id, { max_redemptions: 10 });
    const { client, player } = await signUpConfirmed(t, { currency: 'EUR' });
    const other = await signUpConfirmed(t, { currency: 'EUR' });

    for (let i = 0; i < MAX_FAILURES; i += 1) expect(await redeem(client, `WRONG${i}`)).toBe('failed_to_activate');
    expect(await redeem(client, good.code)).toBe('failed_to_activate');
    expect(await codeRow(good.id)).toEqual({ state: 'issued', redemptions: 0 });
    expect(await footprint(player.id)).toMatchObject({ redemptions: 0, bonuses: 0, throttle: 1 });
    // Per player: another player is not held back.
    expect(await redeem(other.client, good.code)).toBe('successfully_activated');

    t.clock.advance(LOCK_MINUTES * MINUTE - 1_000);
    expect(await redeem(client, good.code)).toBe('failed_to_activate');
    t.clock.advance(1_000);
    expect(await redeem(client, good.code)).toBe('successfully_activated');
    // A code the player already redeemed is no failure: asking again never locks them out.
    for (let i = 0; i <= MAX_FAILURES; i += 1) expect(await redeem(client, good.code)).toBe('already_activated');
  });
});

describe('the operator’s codes', () => {
  it('refuses codes for what a code cannot issue, for nobody, in the past, or twice the same', async () => {
    const campaign = await createCampaign(t, bonusCoupon());
    const deposit = await createCampaign(t, depositOffer());
    const { player } = await signUpConfirmed(t, { currency: 'EUR' });
    const url = (id: number) => `/api/admin/bonus-campaigns/${id}/codes`;
    const cases: Array<[number, Json, number, string]> = [
      [deposit.id, {}, 422, 'campaign_not_coupon'],
      [999_999, {}, 404, 'campaign_not_found'],
      [campaign.id, { user_ids: [player.id], code: 'MINEONLY' }, 422, 'codes_invalid'],
      [campaign.id, { user_ids: [player.id], max_redemptions: 2 }, 422, 'codes_invalid'],
      [campaign.id, { user_ids: [999_999] }, 422, 'codes_invalid'],
      [campaign.id, { valid_until: '2026-01-01T00:00:00Z' }, 422, 'codes_invalid'],
      [campaign.id, { code: 'lower-case' }, 422, 'validation_error'],
      [campaign.id, { max_redemptions: 0 }, 422, 'validation_error'],
      [campaign.id, { user_ids: [] }, 422, 'validation_error'],
    ];
    for (const [id, body, status, code] of cases) {
      const res = await admin(t, 'POST', url(id), body);
      expectRouteContract('POST', '/api/admin/bonus-campaigns/{id}/codes', res);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect((await admin(t, 'POST', url(campaign.id), { user_ids: [999_999] })).json().errors).toEqual({
      user_ids: ['999999 is not a player'],
    });
    await sharedCode(campaign.id, { code: 'ONLYONCE' });
    const taken = await admin(t, 'POST', url(campaign.id), { code: 'ONLYONCE' });
    expectRouteContract('POST', '/api/admin/bonus-campaigns/{id}/codes', taken);
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'code_taken']);
    const noToken = await t.app.inject({ method: 'POST', url: url(campaign.id), payload: {} });
    expect([noToken.statusCode, noToken.json().code]).toEqual([401, 'admin_token_invalid']);
  });

  it('cancels an issued code: no longer redeemed, what it issued stays; a used-up code cannot be canceled', async () => {
    const campaign = await createCampaign(t, bonusCoupon());
    const code = await sharedCode(campaign.id, { max_redemptions: 2 });
    const first = await signUpConfirmed(t, { currency: 'EUR' });
    const second = await signUpConfirmed(t, { currency: 'EUR' });
    expect(await redeem(first.client, code.code)).toBe('successfully_activated');

    const url = `/api/admin/bonus-codes/${code.id}`;
    const canceled = await admin(t, 'DELETE', url);
    expectRouteContract('DELETE', '/api/admin/bonus-codes/{id}', canceled);
    expect(canceled.json()).toMatchObject({ id: code.id, state: 'canceled', redemptions: 1 });
    expect((await admin(t, 'DELETE', url)).json()).toMatchObject({ state: 'canceled' });
    expect(await redeem(second.client, code.code)).toBe('failed_to_activate');
    expect(await redeem(first.client, code.code)).toBe('already_activated');
    expect(await storedBonuses(t, first.player.id)).toMatchObject([{ stage: 'issued' }]);

    const oneUse = await sharedCode(campaign.id);
    expect(await redeem(second.client, oneUse.code)).toBe('successfully_activated');
    const used = await admin(t, 'DELETE', `/api/admin/bonus-codes/${oneUse.id}`);
    expectRouteContract('DELETE', '/api/admin/bonus-codes/{id}', used);
    expect([used.statusCode, used.json().code]).toEqual([422, 'code_not_cancelable']);
    const missing = await admin(t, 'DELETE', '/api/admin/bonus-codes/999999');
    expectRouteContract('DELETE', '/api/admin/bonus-codes/{id}', missing);
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'code_not_found']);
  });
});

describe('the player’s calls', () => {
  it('need a session and a code to send', async () => {
    const guest = createClient(t.app);
    const anonymous = await guest.post(COUPON, { coupon_code: 'CROUPIER' });
    expectRouteContract('POST', COUPON, anonymous);
    expect(anonymous.statusCode).toBe(401);
    const list = await guest.get(CODES);
    expectRouteContract('GET', CODES, list);
    expect(list.statusCode).toBe(401);
    const { client } = await signUpConfirmed(t, { currency: 'EUR' });
    const empty = await client.post(COUPON, { coupon_code: '' });
    expectRouteContract('POST', COUPON, empty);
    expect([empty.statusCode, empty.json().code]).toEqual([422, 'validation_error']);
  });
});

describe('expiry', () => {
  it('a code past its validity fails at once, shows expired, and the job marks it once', async () => {
    const campaign = await createCampaign(t, bonusCoupon());
    const validUntil = new Date(t.clock.now().getTime() + 60 * MINUTE).toISOString();
    const shared = await sharedCode(campaign.id, { max_redemptions: 5, valid_until: validUntil });
    const { client, player } = await signUpConfirmed(t, { currency: 'EUR' });
    const [personal] = await makeCodes(campaign.id, { user_ids: [player.id], valid_until: validUntil });
    expect(shared.valid_until).toBe(validUntil);

    t.clock.advance(60 * MINUTE);
    expect(await redeem(client, shared.code)).toBe('failed_to_activate');
    expect(await redeem(client, personal!.code)).toBe('failed_to_activate');
    // Before the job comes by, the list already says so.
    expect((await myCodes(client)).map((c) => [c.code, c.state])).toEqual([[personal!.code, 'expired']]);

    const expiry = () => t.jobs.runNow('bonuses.expiry');
    expect(await expiry()).toEqual({ expired: 0, canceled: 0, promoted: 0, packs: 0, codes: 2 });
    expect(await expiry()).toEqual({ expired: 0, canceled: 0, promoted: 0, packs: 0, codes: 0 });
    expect(await codeRow(shared.id)).toEqual({ state: 'expired', redemptions: 0 });
    expect(await codeRow(personal!.id)).toEqual({ state: 'expired', redemptions: 0 });
    expect((await admin(t, 'DELETE', `/api/admin/bonus-codes/${shared.id}`)).json().code).toBe('code_not_cancelable');
  });
});

describe('the player’s copy of their data', () => {
  it('holds the codes they redeemed and their personal codes, nobody else’s', async () => {
    const campaign = await createCampaign(t, bonusCoupon());
    const shared = await sharedCode(campaign.id, { max_redemptions: 5 });
    const { client, player } = await signUpConfirmed(t, { currency: 'EUR' });
    const other = await signUpConfirmed(t, { currency: 'EUR' });
    const [mine] = await makeCodes(campaign.id, { user_ids: [player.id] });
    await makeCodes(campaign.id, { user_ids: [other.player.id] });
    expect(await redeem(client, shared.code)).toBe('successfully_activated');
    expect(await redeem(other.client, shared.code)).toBe('successfully_activated');
    const doc = JSON.parse(
      await t.database.db.transaction((tx) => t.croupier.modules.privacy.exportDocument(player.id, tx)),
    ) as Json;
    expect(doc.about.sections['bonuses.codes']).toEqual(expect.any(String));
    const [bonus] = await storedBonuses(t, player.id);
    expect(doc.bonuses.codes).toEqual([
      expect.objectContaining({
        code: shared.code,
        personal: false,
        redeemed_at: expect.any(String),
        bonus_id: bonus!.id,
      }),
      expect.objectContaining({ code: mine!.code, personal: true, state: 'issued', redeemed_at: null, bonus_id: null }),
    ]);
  });
});

describe('the demo seed', () => {
  it('seeds the shared coupon CROUPIER once, issuing the SPIN20 free spins', async () => {
    await seedBonusCampaigns(t.database.db);
    await seedBonusCampaigns(t.database.db);
    const [coupon] = await rows<Json>(
      t.database.db,
      sql`SELECT c.id, c.user_id, c.max_redemptions, c.state, k.code AS campaign
            FROM bonus_codes c JOIN bonus_campaigns k ON k.id = c.campaign_id WHERE c.code = 'CROUPIER'`,
    );
    expect(coupon).toMatchObject({ user_id: null, state: 'issued', campaign: 'SPIN20' });
    expect(Number(coupon!.max_redemptions)).toBeGreaterThanOrEqual(1_000_000);
    expect(await rows(t.database.db, sql`SELECT id FROM bonus_codes WHERE code = 'CROUPIER'`)).toHaveLength(1);

    // The seed starts its campaigns at the machine's time; this test's clock is its own.
    const [spin] = await rows<{ id: number }>(t.database.db, sql`SELECT id FROM bonus_campaigns WHERE code = 'SPIN20'`);
    await admin(t, 'PATCH', `/api/admin/bonus-campaigns/${spin!.id}`, { starts_at: '2026-01-01T00:00:00Z' });
    const { client, player } = await signUpConfirmed(t, { currency: 'EUR' });
    expect(await redeem(client, 'croupier')).toBe('successfully_activated');
    const packs = (await client.get('/api/player/freespins')).json() as Json[];
    expect(packs).toMatchObject([{ freespins_total: 20, bet_level: 20, stage: 'issued' }]);
    expect(await footprint(player.id)).toMatchObject({ redemptions: 1, packs: 1, bonuses: 0 });
  });
});
