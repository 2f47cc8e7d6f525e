/**
 * Deposit bonuses (docs/bonuses.md#through-the-event-log-exactly-once): the offer chosen when a
 * deposit starts travels in its `payment.deposit.succeeded` event, and `bonuses.deposits` issues and
 * activates it exactly once — however often the provider's webhook and the consumer run — only in the
 * campaign's window at the event's time, above its minimum, for the right deposit number, and never
 * to a player who opted out, is restricted or cleared the code. On both databases.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PlayerSchema } from '@croupier/shared/api/player';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { expectContract, expectRouteContract } from '../../../test/contract.ts';
import { expectEventsMatchContract } from '../../events/test-helpers.ts';
import { expectLedgerSound } from '../wallet/test-helpers.ts';
import {
  ADMIN_ENV,
  admin,
  createCampaign,
  deposit,
  depositOffer,
  drainAll,
  expectConsumersHealthy,
  pendingDeposit,
  rewind,
  signUpConfirmed,
  storedBonuses,
  walletOf,
} from './test-campaigns.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(ADMIN_ENV);
});
afterAll(async () => {
  // Every deposit event carries its bonus code and number in the contract's shape.
  const checked = await expectEventsMatchContract(t.database);
  expect(checked['payment.deposit.succeeded']).toBeGreaterThan(0);
  await t.close();
});
afterEach(async () => {
  await expectConsumersHealthy(t);
  await expectLedgerSound(t.database);
});

const MINUTE = 60_000;
const drain = () => drainAll(t, 'bonuses.deposits');

/**
 * A signed-up player, address confirmed (a deposit bonus waits for that:
 * docs/bonuses.md#confirmed-addresses-only), who chose `code` for their next deposits.
 */
async function playerWith(code: string | null, currency = 'EUR') {
  const { client, player } = await signUpConfirmed(t, { currency });
  if (code) {
    const res = await client.patch('/api/player/set_bonus_code', { deposit_bonus_code: code });
    expect(res.statusCode, res.body).toBe(200);
    expect(expectContract(PlayerSchema, res.json()).deposit_bonus_code).toBe(code);
  }
  return { client, id: player.id };
}

async function depositEvents(userId: number) {
  const found = await t.database.db.execute(
    sql`SELECT payload FROM events WHERE user_id = ${userId} AND type = 'payment.deposit.succeeded' ORDER BY tx, id`,
  );
  return (found.rows as { payload: { payment_id: number; bonus_code: string | null; deposit_number: number } }[]).map(
    (r) => r.payload,
  );
}

describe('a deposit with the chosen offer', () => {
  it('is granted once: the webhook replayed 3×, the consumer drained twice and re-run from the log’s start', async () => {
    const offer = await createCampaign(t, depositOffer());
    const p = await playerWith(offer.code);
    const pending = await pendingDeposit(t, p.client, 50_00);
    const answers = await Promise.all([pending.succeed(), pending.succeed(), pending.succeed()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await depositEvents(p.id)).toMatchObject([
      { payment_id: pending.paymentId, bonus_code: offer.code, deposit_number: 1 },
    ]);

    await drain();
    await drain();
    const [bonus, ...others] = await storedBonuses(t, p.id);
    expect(others).toEqual([]);
    // Issued and activated at once, its terms for EUR frozen on it.
    expect(bonus).toMatchObject({
      campaign_id: offer.id,
      kind: 'deposit',
      stage: 'handle_bets',
      source: 'payment',
      source_ref: String(pending.paymentId),
      amount_cents: 50_00,
      wager_multiplier: 35,
      wager_requirement_cents: 35 * 50_00,
      max_bet_cents: 5_00,
      max_conversion_cents: null,
      weights: { pokies: 100, table: 10 },
      default_weight: 100,
      excluded_collections: ['wager0'],
      deposit_cents: 50_00,
      terms: { kind: 'deposit', currency: 'EUR', percent: 100, min_deposit_cents: 20_00, max_bonus_cents: 200_00 },
    });
    expect(await walletOf(t, p.id)).toEqual({ cash: 50_00, bonus: 50_00 });

    // The player ends it; a consumer reading the log again from its start neither issues nor grants anew.
    expect((await t.croupier.modules.bonuses.cancel(p.id, bonus!.id)).stage).toBe('canceled');
    await rewind(t, 'bonuses.deposits');
    await drain();
    expect(await storedBonuses(t, p.id)).toMatchObject([{ id: bonus!.id, stage: 'canceled' }]);
    expect(await walletOf(t, p.id)).toEqual({ cash: 50_00, bonus: 0 });
  });

  it('matches the deposit: capped, nothing below the minimum, and a bonus_and_deposit base counts the deposit', async () => {
    const offer = await createCampaign(
      t,
      depositOffer({
        terms: { ...depositOffer().terms, wager_multiplier: 10, wager_base: 'bonus_and_deposit' },
      }),
    );
    const small = await playerWith(offer.code);
    await deposit(t, small.client, 19_99);
    const big = await playerWith(offer.code);
    await deposit(t, big.client, 500_00);
    await drain();
    expect(await storedBonuses(t, small.id)).toEqual([]);
    expect(await walletOf(t, small.id)).toEqual({ cash: 19_99, bonus: 0 });
    expect(await storedBonuses(t, big.id)).toMatchObject([
      { amount_cents: 200_00, deposit_cents: 500_00, wager_requirement_cents: 10 * (200_00 + 500_00) },
    ]);
    expect(await walletOf(t, big.id)).toEqual({ cash: 500_00, bonus: 200_00 });
  });

  it('counts deposits: a first-deposit offer rewards only the first, a second-deposit one only the second', async () => {
    const welcome = await createCampaign(t, depositOffer({ deposit_number: 1 }));
    const reload = await createCampaign(
      t,
      depositOffer({ deposit_number: 2, terms: { ...depositOffer().terms, percent: 50 } }),
    );
    const p = await playerWith(welcome.code);
    // Before any deposit the reload is not on offer.
    const early = await p.client.patch('/api/player/set_bonus_code', { deposit_bonus_code: reload.code });
    expect([early.statusCode, early.json().code]).toEqual([422, 'bonus_code_unknown']);
    expectRouteContract('PATCH', '/api/player/set_bonus_code', early);
    const first = await deposit(t, p.client, 40_00);
    const second = await deposit(t, p.client, 40_00);
    await drain();
    expect(await storedBonuses(t, p.id)).toMatchObject([{ source_ref: String(first), amount_cents: 40_00 }]);

    const q = await playerWith(null);
    await deposit(t, q.client, 30_00);
    expect((await q.client.patch('/api/player/set_bonus_code', { deposit_bonus_code: reload.code })).statusCode).toBe(
      200,
    );
    const third = await deposit(t, q.client, 30_00);
    await drain();
    expect(await storedBonuses(t, q.id)).toMatchObject([
      { campaign_id: reload.id, source_ref: String(third), amount_cents: 15_00 },
    ]);
    expect(second).not.toBe(third);
  });

  it('queues behind a bonus being wagered: the second deposit bonus waits without money', async () => {
    const offer = await createCampaign(t, depositOffer());
    const p = await playerWith(offer.code);
    await deposit(t, p.client, 20_00);
    await deposit(t, p.client, 30_00);
    await drain();
    expect((await storedBonuses(t, p.id)).map((b) => [b.stage, b.amount_cents])).toEqual([
      ['handle_bets', 20_00],
      ['wait', 30_00],
    ]);
    expect(await walletOf(t, p.id)).toEqual({ cash: 50_00, bonus: 20_00 });
  });
});

describe('what gets nothing', () => {
  it('an event from before the campaign’s start is ignored; one inside its window counts even when read after it ended', async () => {
    const offer = await createCampaign(t, depositOffer());
    const p = await playerWith(offer.code);
    const before = await deposit(t, p.client, 50_00);
    // The operator moves the start past that deposit before the consumer read it.
    t.clock.advance(MINUTE);
    const moved = await admin(t, 'PATCH', `/api/admin/bonus-campaigns/${offer.id}`, {
      starts_at: t.clock.now().toISOString(),
      ends_at: new Date(t.clock.now().getTime() + MINUTE).toISOString(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await drain();
    expect(await storedBonuses(t, p.id)).toEqual([]);

    const inside = await deposit(t, p.client, 50_00);
    // Read two minutes later, past the window's end: the event's own time decides.
    t.clock.advance(2 * MINUTE);
    await drain();
    expect((await storedBonuses(t, p.id)).map((b) => b.source_ref)).toEqual([String(inside)]);
    expect(before).not.toBe(inside);
  });

  it('a player who opted out after starting the deposit, or whom the operator restricted, gets nothing', async () => {
    const offer = await createCampaign(t, depositOffer());
    const optedOut = await playerWith(offer.code);
    const first = await pendingDeposit(t, optedOut.client, 50_00);
    const settings = await optedOut.client.patch('/api/player/update_bonus_settings', { can_issue: false });
    expect(settings.statusCode).toBe(200);
    // Opting out also drops the chosen offer.
    expect(expectContract(PlayerSchema, settings.json())).toMatchObject({
      can_issue_bonuses: false,
      deposit_bonus_code: null,
    });
    expect((await optedOut.client.get('/api/bonuses/available_bonuses')).json()).toEqual({ available_bonuses: false });
    expect((await first.succeed()).statusCode).toBe(200);

    const restricted = await playerWith(offer.code);
    const second = await pendingDeposit(t, restricted.client, 50_00);
    const put = await admin(t, 'PUT', `/api/admin/players/${restricted.id}/bonus-restriction`, {
      reason: 'multi-account',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await restricted.client.get('/api/bonuses/available_bonuses')).json()).toEqual({
      available_bonuses: false,
    });
    expect((await second.succeed()).statusCode).toBe(200);

    await drain();
    expect(await depositEvents(optedOut.id)).toMatchObject([{ bonus_code: offer.code }]);
    expect(await storedBonuses(t, optedOut.id)).toEqual([]);
    expect(await storedBonuses(t, restricted.id)).toEqual([]);
    expect(await walletOf(t, restricted.id)).toEqual({ cash: 50_00, bonus: 0 });

    // Lifted, the next deposit is rewarded again.
    expect((await admin(t, 'DELETE', `/api/admin/players/${restricted.id}/bonus-restriction`)).statusCode).toBe(204);
    expect((await restricted.client.get('/api/bonuses/available_bonuses')).json()).toEqual({ available_bonuses: true });
    await deposit(t, restricted.client, 50_00);
    await drain();
    expect(await storedBonuses(t, restricted.id)).toHaveLength(1);
  });

  it('a cleared code: the deposit carries no offer and gets nothing', async () => {
    const offer = await createCampaign(t, depositOffer());
    const p = await playerWith(offer.code);
    const cleared = await p.client.delete('/api/player/clear_bonus_code');
    expect(cleared.statusCode).toBe(204);
    expectRouteContract('DELETE', '/api/player/clear_bonus_code', cleared);
    expect(((await p.client.get('/api/player')).json() as { deposit_bonus_code: unknown }).deposit_bonus_code).toBe(
      null,
    );
    await deposit(t, p.client, 50_00);
    await drain();
    expect(await depositEvents(p.id)).toMatchObject([{ bonus_code: null, deposit_number: 1 }]);
    expect(await storedBonuses(t, p.id)).toEqual([]);
  });

  it('a switched-off campaign, or one that does not offer the deposit’s currency, gets nothing', async () => {
    const offer = await createCampaign(t, depositOffer());
    const p = await playerWith(offer.code);
    const pending = await pendingDeposit(t, p.client, 50_00);
    expect((await admin(t, 'PATCH', `/api/admin/bonus-campaigns/${offer.id}`, { active: false })).statusCode).toBe(200);
    expect((await pending.succeed()).statusCode).toBe(200);

    const eurOnly = await createCampaign(
      t,
      depositOffer({
        terms: {
          ...depositOffer().terms,
          min_deposit_cents: { EUR: 20_00 },
          max_bonus_cents: { EUR: 200_00 },
          max_bet_cents: {},
        },
      }),
    );
    const usd = await playerWith(null, 'USD');
    // Not on offer to a USD player…
    const refused = await usd.client.patch('/api/player/set_bonus_code', { deposit_bonus_code: eurOnly.code });
    expect(refused.json()).toMatchObject({ code: 'bonus_code_unknown' });
    // …and a deposit carrying its code anyway (set by hand) gets nothing in USD.
    await t.database.db.execute(sql`UPDATE users SET deposit_bonus_code = ${eurOnly.code} WHERE id = ${usd.id}`);
    await deposit(t, usd.client, 50_00, 'USD');
    await drain();
    expect(await storedBonuses(t, p.id)).toEqual([]);
    expect(await storedBonuses(t, usd.id)).toEqual([]);
  });
});
