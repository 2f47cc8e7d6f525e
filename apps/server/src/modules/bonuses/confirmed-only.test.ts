/**
 * Nothing before a confirmed address (docs/bonuses.md#confirmed-addresses-only,
 * docs/reliability.md#b8-confirmed-addresses-only): fifteen fresh accounts that never confirmed their
 * address redeem the demo's free-spin coupon at once and get 403 `email_not_confirmed`, with nothing
 * read, used or counted; a deposit bonus chosen before the confirmation is held, bound to its deposit,
 * and starts when the address is confirmed. On a moving clock, on both databases.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WithdrawalBonusRefusalSchema } from '@croupier/shared/api/bonuses';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { expectContract, expectRouteContract } from '../../../test/contract.ts';
import { rows } from '../../db/sql.ts';
import { GOOD_PASSWORD, signUp, type Client } from '../auth/test-helpers.ts';
import { expectLedgerSound } from '../wallet/test-helpers.ts';
import {
  ADMIN_ENV,
  admin,
  confirmEmail,
  createCampaign,
  deposit,
  depositOffer,
  drainAll,
  expectConsumersHealthy,
  storedBonuses,
  walletOf,
} from './test-campaigns.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are checked by their contract first

let t: TestApp;
let slot: string;
beforeAll(async () => {
  t = await buildTestApp(ADMIN_ENV, { tickMs: 3 });
  const [found] = await rows<{ identifier: string }>(
    t.database.db,
    sql`SELECT identifier FROM games WHERE engine LIKE 'slot-%' ORDER BY identifier LIMIT 1`,
  );
  slot = found!.identifier;
});
afterEach(async () => {
  await expectConsumersHealthy(t);
  await expectLedgerSound(t.database);
});
afterAll(() => t.close());

const COUPON = '/api/bonuses/coupon';

async function redeem(client: Client, code: string) {
  const res = await client.post(COUPON, { coupon_code: code });
  expectRouteContract('POST', COUPON, res);
  return res;
}

/** Everything a redemption could write: redemptions and uses of codes, gifts, packs and throttle rows. */
async function footprint(userIds: number[]) {
  const ids = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [row] = await rows<Json>(
    t.database.db,
    sql`SELECT (SELECT count(*)::int FROM bonus_code_redemptions WHERE user_id IN (${ids})) AS redemptions,
               (SELECT coalesce(sum(redemptions), 0)::int FROM bonus_codes) AS uses,
               (SELECT count(*)::int FROM player_bonuses WHERE user_id IN (${ids})) AS bonuses,
               (SELECT count(*)::int FROM freespin_packs WHERE user_id IN (${ids})) AS packs,
               (SELECT count(*)::int FROM auth_throttle WHERE key LIKE 'coupon:%') AS throttle`,
  );
  return row;
}

describe('a coupon', () => {
  it('redeemed by 15 unconfirmed accounts at once: 403 email_not_confirmed for each, nothing used or counted; once confirmed it works', async () => {
    // The demo's coupon: 20 free spins, shared by up to a million players.
    const spins = await createCampaign(t, {
      code: null,
      kind: 'freespins',
      trigger: 'coupon',
      terms: {
        wager_multiplier: 0,
        activation_days: 7,
        validity_days: 3,
        freespins: { count: 20, games: [slot], bet_level_cents: { EUR: 20 }, winnings_wager_multiplier: 30 },
      },
    });
    const made = await admin(t, 'POST', `/api/admin/bonus-campaigns/${spins.id}/codes`, {
      code: 'CROUPIER',
      max_redemptions: 1_000_000,
    });
    expect(made.statusCode, made.body).toBe(201);

    const farm = [];
    for (let i = 0; i < 15; i += 1) farm.push(await signUp(t.app, { currency: 'EUR' }));
    const answers = await Promise.all(farm.map(({ client }) => redeem(client, 'CROUPIER')));
    for (const res of answers) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'email_not_confirmed',
        error:
          'Confirm your e-mail address to redeem a code: open the link we sent you, or ask for a new one from your profile.',
      });
    }
    // A made-up code answers the same: an unconfirmed account learns nothing about codes either.
    expect((await redeem(farm[0]!.client, 'NOSUCHCODE')).statusCode).toBe(403);
    expect(await footprint(farm.map((p) => p.player.id))).toEqual({
      redemptions: 0,
      uses: 0,
      bonuses: 0,
      packs: 0,
      throttle: 0,
    });

    await confirmEmail(t, farm[0]!.player.email);
    const res = await redeem(farm[0]!.client, 'CROUPIER');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'successfully_activated' });
    expect(await footprint([farm[0]!.player.id])).toMatchObject({ redemptions: 1, uses: 1, packs: 1 });
  });
});

describe('a deposit bonus chosen before the confirmation', () => {
  async function unconfirmedDepositor() {
    const offer = await createCampaign(t, depositOffer());
    const { client, player } = await signUp(t.app, { currency: 'EUR' });
    expect((await client.patch('/api/player/set_bonus_code', { deposit_bonus_code: offer.code })).statusCode).toBe(200);
    await deposit(t, client, 50_00);
    await drainAll(t, 'bonuses.deposits');
    return { client, id: player.id, email: player.email };
  }

  it('is held, bound to its deposit: the player cannot start it; the confirmation does', async () => {
    const p = await unconfirmedDepositor();
    const [held] = await storedBonuses(t, p.id);
    expect(held).toMatchObject({ stage: 'issued', source: 'payment', amount_cents: 50_00 });
    expect(await walletOf(t, p.id)).toEqual({ cash: 50_00, bonus: 0 });

    const route = '/api/player/bonuses/{id}/activation';
    const refused = await p.client.post(`/api/player/bonuses/${held!.id}/activation`);
    expectRouteContract('POST', route, refused);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'email_not_confirmed' });
    expect(await walletOf(t, p.id)).toEqual({ cash: 50_00, bonus: 0 });

    await confirmEmail(t, p.email);
    await drainAll(t, 'bonuses.registrations');
    expect(await storedBonuses(t, p.id)).toMatchObject([{ id: held!.id, stage: 'handle_bets' }]);
    expect(await walletOf(t, p.id)).toEqual({ cash: 50_00, bonus: 50_00 });
  });

  it('goes with its deposit: a withdrawal of that cash names it, and forfeits it once confirmed', async () => {
    const p = await unconfirmedDepositor();
    expect((await p.client.post('/api/auth/step_up', { user: { password: GOOD_PASSWORD } })).statusCode).toBe(200);
    const withdraw = (extra: Json = {}) =>
      p.client.post('/api/payments/withdrawals', {
        payment: {
          currency: 'EUR',
          amount_cents: 50_00,
          method_id: 'sandbox_ewallet',
          fields: { email: 'a@example.com' },
        },
        ...extra,
      });
    const refused = await withdraw();
    expect(refused.statusCode).toBe(409);
    const body = expectContract(WithdrawalBonusRefusalSchema, refused.json());
    expect(body.forfeits).toMatchObject([{ stage: 'issued', amount_cents: 50_00, bonus_balance_cents: 0 }]);
    expect(body.error).toContain('(€50.00, not started yet, will never be granted)');

    expect((await withdraw({ forfeit_bonus: true })).statusCode).toBe(201);
    expect(await storedBonuses(t, p.id)).toMatchObject([{ stage: 'canceled' }]);
    // The confirmation finds nothing held any more.
    await confirmEmail(t, p.email);
    await drainAll(t, 'bonuses.registrations');
    expect(await walletOf(t, p.id)).toEqual({ cash: 0, bonus: 0 });
  });
});
