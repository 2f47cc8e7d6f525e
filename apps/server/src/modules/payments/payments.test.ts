/**
 * Cashbox payments through the sandbox provider, end to end over HTTP (docs/reliability.md#w12-two-phase-withdrawals, #w13-verified-deposits):
 * deposits credited only from verified webhooks, replays and forgeries, 3-D Secure, withdrawals
 * reserved from cash, recall, the payout job, payout failure, and recall racing approval.
 * Ledger invariants are checked after every test.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestApp } from '../../../test/build-test-app.ts';
import {
  CryptoAddressListSchema,
  CryptoRatesSchema,
  DepositResponseSchema,
  FaucetResponseSchema,
  OnrampListSchema,
  PaymentListSchema,
  PaymentMethodListSchema,
  PaymentPlanResponseSchema,
  PaymentResponseSchema,
  PaymentsPageSchema,
  PlayerStatsSchema,
  RiskTransactionResponseSchema,
} from '@croupier/shared/api/payments';
import { expectContract } from '../../../test/contract.ts';
import { deriveKeyHex } from '../../config/secrets.ts';
import { GOOD_PASSWORD, signUp, type Client } from '../auth/test-helpers.ts';
import {
  expectLedgerSound,
  fund,
  gameSession,
  TEST_PROVIDER,
  TEST_PROVIDER_SECRET,
  TEST_PROVIDERS_ENV,
  walletCall,
} from '../wallet/test-helpers.ts';
import { expectEventsMatchContract } from '../../events/test-helpers.ts';
import { PAYOUT_REDRIVE_MS } from './payments.service.ts';
import { SANDBOX_SIGNATURE_HEADER, SandboxProvider, TEST_CARDS } from './sandbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(TEST_PROVIDERS_ENV);
});
afterAll(async () => {
  // Every payment event the tests above caused is in the shared contract's shape.
  const checked = await expectEventsMatchContract(t.database);
  expect(checked['payment.deposit.succeeded']).toBeGreaterThan(0);
  expect(checked['payment.withdrawal.paid']).toBeGreaterThan(0);
  await t.close();
});
afterEach(() => expectLedgerSound(t.database));

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field

const CARD = { card_number: TEST_CARDS.success, expiry_date: '12/39', cvv: '123', card_holder: 'Ada Player' };

/**
 * Most payouts here go to an address the player never used, which needs a fresh step-up
 * (decision 015; auth/step-up.test.ts tests that rule). Returns a function that steps up again
 * whenever the test clock moved since the last time.
 */
function steppedUp(client: Client, app = t) {
  let at: number | null = null;
  return async () => {
    if (at === app.clock.now().getTime()) return;
    const res = await client.post('/api/auth/step_up', { user: { password: GOOD_PASSWORD } });
    if (res.statusCode !== 200) throw new Error(`step-up failed: ${res.statusCode} ${res.body}`);
    at = app.clock.now().getTime();
  };
}

async function player(funded = 0) {
  const { client, player } = await signUp(t.app, { currency: 'EUR' });
  const stepUp = steppedUp(client);
  await stepUp();
  if (funded > 0) await fund(t.wallet, player.id, 'EUR', funded);
  const balance = async () =>
    ((await client.get('/api/player/accounts')).json() as Json[]).find((a) => a.currency === 'EUR') as Json;
  const deposit = (
    amount_cents: number,
    method_id = 'sandbox_card',
    fields: Record<string, string> = CARD,
    extra: Json = {},
  ) =>
    client.post('/api/payments/deposits', { payment: { currency: 'EUR', amount_cents, method_id, fields, ...extra } });
  const withdraw = (
    amount_cents: number,
    method_id = 'sandbox_ewallet',
    fields: Record<string, string> = { email: 'ada@example.com' },
    extra: Json = {},
  ) =>
    stepUp().then(() =>
      client.post('/api/payments/withdrawals', {
        payment: { currency: 'EUR', amount_cents, method_id, fields, ...extra },
      }),
    );
  return { client, id: player.id, balance, deposit, withdraw };
}

const settle = () => t.payments.sandbox.idle();
const paymentEvents = async (userId: number) =>
  (
    (
      await t.database.db.execute(
        sql`SELECT type, payload FROM events WHERE user_id = ${userId} AND type LIKE 'payment.%' ORDER BY tx, id`,
      )
    ).rows as { type: string; payload: { payment_id: number; amount: number } }[]
  ).map((e) => [e.type, e.payload.payment_id, e.payload.amount]);
const count = async (table: string) =>
  Number(
    ((await t.database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))).rows[0] as { n: number }).n,
  );
const sandboxSecret = () => deriveKeyHex(t.env.appSecret, 'sandbox-psp-webhook');

function signedWebhook(event: Json, secret = sandboxSecret()) {
  const raw = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/payments/webhooks/sandbox',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: `sha256=${SandboxProvider.sign(secret, raw)}`,
    },
    payload: raw,
  });
}

describe('methods', () => {
  it('lists the sandbox methods with their limits; group 631 loses Sofort; the type must be deposit or withdrawal', async () => {
    const p = await player();
    const methods = (await p.client.get('/api/payments/methods?currency=EUR&action=deposit')).json() as Json[];
    expectContract(PaymentMethodListSchema, methods);
    expect(methods.map((m) => m.id)).toEqual(['sandbox_card', 'sandbox_ewallet', 'sandbox_bank', 'sandbox_sofort']);
    expect(methods[0]).toMatchObject({
      type: 'cards',
      termsOfService: { restrictions: { minAmountValue: 10, maxAmountValue: 5000, amountCurrencyCode: 'EUR' } },
    });
    const payouts = (await p.client.get('/api/payments/methods?currency=EUR&action=withdrawal')).json() as Json[];
    expect(payouts.map((m) => m.id)).not.toContain('sandbox_sofort');
    expect((await p.client.get('/api/payments/methods?currency=EUR&action=refund')).json()).toMatchObject({
      code: 'validation_error',
      errors: { action: [expect.any(String)] },
    });
    await t.database.db.execute(sql`INSERT INTO statuses (id, name) VALUES (631, 'no_sofort') ON CONFLICT DO NOTHING`);
    await t.database.db.execute(sql`INSERT INTO player_statuses (user_id, status_id) VALUES (${p.id}, 631)`);
    const filtered = (await p.client.get('/api/payments/methods?currency=EUR&action=deposit')).json() as Json[];
    expect(filtered.map((m) => m.id)).not.toContain('sandbox_sofort');
  });
});

describe('deposits', () => {
  it('credits a card deposit once the verified webhook arrives, saves the card masked, never the number', async () => {
    const p = await player();
    const started = await p.deposit(5_000);
    expect(started.statusCode, started.body).toBe(201);
    expectContract(DepositResponseSchema, started.json());
    expect((started.json() as Json).payment).toMatchObject({
      action: 'deposit',
      state: 'pending',
      amount_cents: 5_000,
      recallable: false,
    });
    expect((await p.balance()).amount_cents).toBe(0);
    await settle();
    expect(await p.balance()).toMatchObject({ amount_cents: 5_000, available_to_cashout_cents: 5_000 });
    const history = (await p.client.get('/api/player/payments')).json() as Json[];
    expectContract(PaymentListSchema, history);
    expect(history[0]).toMatchObject({
      action: 'deposit',
      state: 'succeeded',
      success: true,
      account: '424242••••4242',
    });
    const methods = (await p.client.get('/api/payments/methods?currency=EUR&action=deposit')).json() as Json[];
    expect(methods[0]!.savedProfiles).toEqual([
      { id: expect.any(Number), title: '424242••••4242', isRemoveAvailable: true },
    ]);
    const ours = await t.database.db.execute(
      sql`SELECT (SELECT json_agg(p) FROM payments p)::text AS a, (SELECT json_agg(f) FROM payment_profiles f)::text AS b, (SELECT json_agg(w) FROM payment_webhooks w)::text AS c`,
    );
    expect(JSON.stringify(ours.rows)).not.toContain(TEST_CARDS.success);

    // One-click: the saved profile alone.
    const profile = methods[0]!.savedProfiles[0].id as number;
    expect((await p.deposit(2_000, 'sandbox_card', {}, { profile_id: profile })).statusCode).toBe(201);
    await settle();
    expect((await p.balance()).amount_cents).toBe(7_000);
    expect((await paymentEvents(p.id)).map(([type, , amount]) => [type, amount])).toEqual([
      ['payment.deposit.succeeded', 5_000],
      ['payment.deposit.succeeded', 2_000],
    ]);
    expectContract(PlayerStatsSchema, (await p.client.get('/api/player/stats')).json());
    expect((await p.client.get('/api/player/stats')).json()).toEqual({
      deposits_count: 2,
      deposits_sum: { EUR: 70 },
      cashouts_sum: {},
      bets_sum: {},
      messages: { notice: '' },
    });
  });

  it('refuses bad amounts, bad cards and declines with clear errors; a decline is in the history and moves nothing', async () => {
    const p = await player();
    expect((await p.deposit(999)).json()).toMatchObject({
      code: 'amount_too_small',
      errors: { amount: ['The minimum is 10.00 EUR'] },
    });
    expect((await p.deposit(500_001)).json()).toMatchObject({ code: 'amount_too_large' });
    expect((await p.deposit(5_000, 'sandbox_card', { ...CARD, card_number: '4242424242424241' })).json()).toMatchObject(
      { code: 'payment_declined', errors: { card_number: ['Card number is invalid'] } },
    );
    expect((await p.deposit(5_000, 'sandbox_card', { ...CARD, expiry_date: '01/20' })).json()).toMatchObject({
      errors: { expiry_date: ['The card has expired'] },
    });
    const declined = await p.deposit(5_000, 'sandbox_card', { ...CARD, card_number: TEST_CARDS.declined });
    expect(declined.statusCode).toBe(422);
    expect(declined.json()).toMatchObject({ code: 'payment_declined', error: 'The card was declined by the issuer' });
    expect((await p.deposit(5_000, 'sandbox_nope')).json()).toMatchObject({ code: 'method_unavailable' });
    expect(
      (
        await p.client.post('/api/payments/deposits', {
          payment: { currency: 'EUR', amount_cents: 50.5, method_id: 'sandbox_card' },
        })
      ).statusCode,
    ).toBe(400);
    await settle();
    expect((await p.balance()).amount_cents).toBe(0);
    const history = (await p.client.get('/api/player/payments')).json() as Json[];
    expect(history.filter((h) => h.state === 'declined').length).toBeGreaterThanOrEqual(3);
  });

  it('a 3-D Secure card waits for the challenge page; approving credits once, a second answer changes nothing', async () => {
    const p = await player();
    const started = (
      await p.deposit(3_000, 'sandbox_card', { ...CARD, card_number: TEST_CARDS.challenge })
    ).json() as Json;
    expect(started.redirect_url).toMatch(/^\/sandbox-psp\/3ds\/psp_/);
    await settle();
    expect((await p.balance()).amount_cents).toBe(0);
    const page = await t.app.inject({ method: 'GET', url: started.redirect_url });
    expect(page.body).toContain('30.00 EUR');
    const form = {
      method: 'POST' as const,
      url: started.redirect_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
    expect((await t.app.inject({ ...form, payload: 'decision=approve' })).body).toContain('Payment approved');
    expect((await t.app.inject({ ...form, payload: 'decision=decline' })).statusCode).toBe(200);
    expect((await p.balance()).amount_cents).toBe(3_000);
    expect(((await p.client.get('/api/player/payments')).json() as Json[])[0]).toMatchObject({ state: 'succeeded' });
  });

  it('W13: a webhook replayed 3 times credits once; a forged or altered one is rejected and writes nothing; the amount is the provider’s', async () => {
    const p = await player();
    const started = (
      await p.deposit(5_000, 'sandbox_card', { ...CARD, card_number: TEST_CARDS.challenge })
    ).json() as Json;
    const pspId = (started.redirect_url as string).split('/').pop()!;
    // The provider settles a different amount than was asked: that is what gets credited.
    const event = {
      event_id: `${pspId}:succeeded`,
      payment_id: pspId,
      merchant_reference: String(started.payment.id),
      status: 'succeeded',
      amount_cents: 4_000,
      currency: 'EUR',
    };
    const before = await count('payment_webhooks');
    expect((await signedWebhook(event, 'not-the-secret')).statusCode).toBe(401);
    const raw = JSON.stringify(event);
    const altered = await t.app.inject({
      method: 'POST',
      url: '/payments/webhooks/sandbox',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: `sha256=${SandboxProvider.sign(sandboxSecret(), raw)}`,
      },
      payload: raw.replace('4000', '9000'),
    });
    expect(altered.statusCode).toBe(401);
    // W11: the same event re-serialised (whitespace, key order) is not the bytes that were signed.
    for (const payload of [
      JSON.stringify(event, null, 2),
      JSON.stringify(Object.fromEntries(Object.entries(event).reverse())),
    ]) {
      const reserialised = await t.app.inject({
        method: 'POST',
        url: '/payments/webhooks/sandbox',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: `sha256=${SandboxProvider.sign(sandboxSecret(), raw)}`,
        },
        payload,
      });
      expect(reserialised.statusCode).toBe(401);
    }
    expect(await count('payment_webhooks')).toBe(before);
    expect((await p.balance()).amount_cents).toBe(0);
    const answers = await Promise.all([signedWebhook(event), signedWebhook(event), signedWebhook(event)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => (a.json() as Json).result).sort()).toEqual(['credited', 'duplicate', 'duplicate']);
    expect((await p.balance()).amount_cents).toBe(4_000);
    const deposits = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'deposit' AND user_id = ${p.id}`,
    );
    expect((deposits.rows[0] as { n: number }).n).toBe(1);
  });
});

describe('payment plan (docs/player-app.md#cashbox-calls)', () => {
  it('tells when the money arrives, with the checks of a submission, and changes nothing', async () => {
    const p = await player(10_000);
    const plan = (q: Record<string, string>) =>
      p.client.get(`/api/payments/plan?${new URLSearchParams({ currency: 'EUR', ...q })}`);
    const before = { payments: await count('payments'), ledger: await count('ledger_transactions') };
    expectContract(
      PaymentPlanResponseSchema,
      (await plan({ action: 'deposit', method_id: 'sandbox_card', amount_cents: '5000' })).json(),
    );

    expect((await plan({ action: 'deposit', method_id: 'sandbox_card', amount_cents: '5000' })).json()).toEqual({
      plan: {
        method_id: 'sandbox_card',
        action: 'deposit',
        currency: 'EUR',
        amount_cents: 5_000,
        amount: '50.00',
        arrives_in_seconds: 0,
        recallable_for_seconds: 0,
        may_redirect: true,
        confirmations: null,
        saved_profile_required: false,
        available_cents: null,
      },
    });
    expect(
      ((await plan({ action: 'deposit', method_id: 'sandbox_ewallet', amount_cents: '5000' })).json() as Json).plan,
    ).toMatchObject({ may_redirect: false });
    expect((await plan({ action: 'deposit', method_id: 'sandbox_card', amount_cents: '999' })).json()).toMatchObject({
      code: 'amount_too_small',
      errors: { amount: ['The minimum is 10.00 EUR'] },
    });
    expect((await plan({ action: 'deposit', method_id: 'sandbox_nope', amount_cents: '5000' })).json()).toMatchObject({
      code: 'method_unavailable',
    });
    expect((await plan({ action: 'payout', method_id: 'sandbox_card', amount_cents: '5000' })).json()).toMatchObject({
      code: 'validation_error',
    });

    // A withdrawal waits for the review (recallable) before the provider pays it; only cash counts.
    const review = t.env.PAYOUT_APPROVAL_SECONDS;
    expect(
      ((await plan({ action: 'withdrawal', method_id: 'sandbox_ewallet', amount_cents: '4000' })).json() as Json).plan,
    ).toMatchObject({
      action: 'cashout',
      arrives_in_seconds: review,
      recallable_for_seconds: review,
      saved_profile_required: false,
      available_cents: 10_000,
    });
    expect(
      ((await plan({ action: 'withdrawal', method_id: 'sandbox_card', amount_cents: '4000' })).json() as Json).plan,
    ).toMatchObject({ saved_profile_required: true });
    expect(
      (await plan({ action: 'withdrawal', method_id: 'sandbox_ewallet', amount_cents: '10001' })).json(),
    ).toMatchObject({
      code: 'insufficient_funds',
      errors: { amount: ['You can withdraw up to 100.00 EUR'] },
    });
    const reserved = (await p.withdraw(3_000)).json() as Json;
    expectContract(PaymentResponseSchema, reserved);
    expect(
      ((await plan({ action: 'withdrawal', method_id: 'sandbox_ewallet', amount_cents: '4000' })).json() as Json).plan,
    ).toMatchObject({ available_cents: 7_000 });
    // Recalled, so the payout job of the next tests does not find it.
    expect((await p.client.post(`/api/player/payments/${reserved.payment.id}/recall`)).statusCode).toBe(200);

    // Crypto deposits wait for the chain's confirmations.
    await p.client.post('/api/payments/crypto/addresses', { currency: 'BTC' });
    expect(
      (
        (
          await plan({ currency: 'BTC', action: 'deposit', method_id: 'sandbox_crypto_btc', amount_cents: '2500000' })
        ).json() as Json
      ).plan,
    ).toMatchObject({
      confirmations: t.env.CRYPTO_CONFIRMATIONS,
      arrives_in_seconds: t.env.CRYPTO_CONFIRMATIONS * t.env.CRYPTO_BLOCK_SECONDS,
    });

    expect(await count('payments')).toBe(before.payments + 1); // the one withdrawal above
    expect(await count('ledger_transactions')).toBe(before.ledger + 2); // its reserve and its release
    expect(
      (
        await createClient(t.app).get(
          '/api/payments/plan?currency=EUR&action=deposit&method_id=sandbox_card&amount_cents=5000',
        )
      ).statusCode,
    ).toBe(401);
  });
});

describe('withdrawals', () => {
  it('W12: reserves from cash at request, refuses more than the cash, recalls once, and the payout job pays the rest', async () => {
    const p = await player(10_000);
    expect((await p.withdraw(10_001)).json()).toMatchObject({
      code: 'insufficient_funds',
      error: 'You can withdraw up to 100.00 EUR',
    });
    const first = (await p.withdraw(4_000)).json() as Json;
    expect(first.payment).toMatchObject({
      action: 'cashout',
      state: 'pending',
      recallable: true,
      account: 'a•••@example.com',
    });
    expect(await p.balance()).toMatchObject({ amount_cents: 6_000, available_to_cashout_cents: 6_000 });
    const recalled = await p.client.post(`/api/player/payments/${first.payment.id}/recall`);
    expect(recalled.statusCode, recalled.body).toBe(200);
    expectContract(PaymentResponseSchema, recalled.json());
    expect((recalled.json() as Json).payment).toMatchObject({ state: 'recalled', recallable: false });
    expect((await p.client.post(`/api/player/payments/${first.payment.id}/recall`)).json()).toMatchObject({
      code: 'not_recallable',
    });
    expect((await p.balance()).amount_cents).toBe(10_000);

    const second = (await p.withdraw(3_000)).json() as Json;
    expect(await t.payments.service.processPayouts()).toBe(0); // still inside the recall window
    t.clock.advance(t.env.PAYOUT_APPROVAL_SECONDS * 1000 + 1);
    expect(await t.payments.service.processPayouts()).toBe(1);
    expect((await p.client.post(`/api/player/payments/${second.payment.id}/recall`)).json()).toMatchObject({
      code: 'not_recallable',
    });
    await settle();
    const history = (
      await p.client.post('/api/player/payments/with_pages', { page: 1, page_size: 10, filter: { type: 'cashout' } })
    ).json() as Json;
    expectContract(PaymentsPageSchema, history);
    expect(history.pagination).toEqual({ page: 1, per_page: 10, total_count: 2 });
    expect(history.data[0]).toMatchObject({ id: second.payment.id, state: 'succeeded', success: true });
    expect((await p.balance()).amount_cents).toBe(7_000);
    // Each transition appended its event to the log in its own transaction (docs/events.md).
    expect(await paymentEvents(p.id)).toEqual([
      ['payment.withdrawal.requested', first.payment.id, 4_000],
      ['payment.withdrawal.recalled', first.payment.id, 4_000],
      ['payment.withdrawal.requested', second.payment.id, 3_000],
      ['payment.withdrawal.paid', second.payment.id, 3_000],
    ]);
  });

  it('a failed payout releases the reserve exactly once, even when its webhook is replayed', async () => {
    const p = await player(10_000);
    const asked = (await p.withdraw(2_500, 'sandbox_ewallet', { email: 'fail@example.com' })).json() as Json;
    t.clock.advance(t.env.PAYOUT_APPROVAL_SECONDS * 1000 + 1);
    await t.payments.service.processPayouts();
    await settle();
    const [row] = (
      await t.database.db.execute(sql`SELECT state, provider_payment_id FROM payments WHERE id = ${asked.payment.id}`)
    ).rows as { state: string; provider_payment_id: string }[];
    expect(row!.state).toBe('declined');
    expect((await p.balance()).amount_cents).toBe(10_000);
    const replay = {
      event_id: `${row!.provider_payment_id}:declined`,
      payment_id: row!.provider_payment_id,
      merchant_reference: String(asked.payment.id),
      status: 'declined',
      amount_cents: 2_500,
      currency: 'EUR',
    };
    expect(((await signedWebhook(replay)).json() as Json).result).toBe('duplicate');
    expect(((await signedWebhook({ ...replay, event_id: 'another-event-id' })).json() as Json).result).toBe(
      'already_final',
    );
    expect((await p.balance()).amount_cents).toBe(10_000);
    // The replays appended nothing: one request, one failure.
    expect(await paymentEvents(p.id)).toEqual([
      ['payment.withdrawal.requested', asked.payment.id, 2_500],
      ['payment.withdrawal.failed', asked.payment.id, 2_500],
    ]);
  });

  it('a webhook that overtakes the answer starting the payment still applies; an unknown payment is refused and not recorded', async () => {
    const p = await player(10_000);
    const asked = (await p.withdraw(2_500, 'sandbox_ewallet', { email: 'fail@example.com' })).json() as Json;
    // The payout job has claimed it but not yet stored the provider's id when the event arrives.
    await t.database.db.execute(sql`UPDATE payments SET state = 'processing' WHERE id = ${asked.payment.id}`);
    const event = {
      event_id: 'early-1',
      payment_id: 'psp-early-1',
      merchant_reference: String(asked.payment.id),
      status: 'declined',
      amount_cents: 2_500,
      currency: 'EUR',
    };
    const webhooksBefore = await count('payment_webhooks');
    const unknown = await signedWebhook({ ...event, event_id: 'early-0', merchant_reference: '999999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'unknown_payment' });
    expect(await count('payment_webhooks')).toBe(webhooksBefore);
    expect((await signedWebhook(event)).json()).toMatchObject({ result: 'released' });
    const [row] = (
      await t.database.db.execute(sql`SELECT state, provider_payment_id FROM payments WHERE id = ${asked.payment.id}`)
    ).rows as Json[];
    expect(row).toMatchObject({ state: 'declined', provider_payment_id: 'psp-early-1' });
    expect((await p.balance()).amount_cents).toBe(10_000);
    // Another provider id for the same reference is not this payment.
    expect((await signedWebhook({ ...event, event_id: 'early-2', payment_id: 'psp-other' })).statusCode).toBe(404);
  });

  it('card payouts go to a saved card; bonus money cannot be withdrawn', async () => {
    const p = await player();
    expect((await p.withdraw(2_000, 'sandbox_card', CARD)).json()).toMatchObject({ code: 'profile_required' });
    await p.deposit(5_000);
    await settle();
    const profile = ((await p.client.get('/api/payments/methods?currency=EUR&action=withdrawal')).json() as Json[])[0]!
      .savedProfiles[0].id as number;
    expect((await p.withdraw(2_000, 'sandbox_card', {}, { profile_id: profile })).statusCode).toBe(201);
    expect(await p.balance()).toMatchObject({ amount_cents: 3_000 });
  });

  it('a player removes a saved card: gone from the methods, no longer usable, a payout already asked to it is still paid', async () => {
    const p = await player();
    await p.deposit(5_000);
    await settle();
    const saved = async () =>
      ((await p.client.get('/api/payments/methods?currency=EUR&action=withdrawal')).json() as Json[])[0]!
        .savedProfiles as Json[];
    const profile = (await saved())[0]!.id as number;
    const asked = (await p.withdraw(2_000, 'sandbox_card', {}, { profile_id: profile })).json() as Json;

    const other = await player();
    const foreign = await other.client.delete(`/api/payments/profiles/${profile}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'profile_not_found' });
    expect((await p.client.delete('/api/payments/profiles/not-a-number')).statusCode).toBe(400);
    expect(await saved()).toHaveLength(1);

    expect((await p.client.delete(`/api/payments/profiles/${profile}`)).statusCode).toBe(204);
    expect(await saved()).toEqual([]);
    expect((await p.client.delete(`/api/payments/profiles/${profile}`)).statusCode).toBe(404);
    expect((await p.withdraw(2_000, 'sandbox_card', {}, { profile_id: profile })).json()).toMatchObject({
      code: 'profile_unavailable',
    });
    expect((await p.deposit(2_000, 'sandbox_card', {}, { profile_id: profile })).json()).toMatchObject({
      code: 'profile_unavailable',
    });

    t.clock.advance(t.env.PAYOUT_APPROVAL_SECONDS * 1000 + 1);
    await t.payments.service.processPayouts();
    await settle();
    const paid = ((await p.client.get('/api/player/payments')).json() as Json[]).find(
      (h) => h.id === asked.payment.id,
    )!;
    expect(paid).toMatchObject({ state: 'succeeded' });
    expect((await p.balance()).amount_cents).toBe(3_000);
  });

  it('a recall racing the payout job resolves one way only', async () => {
    const p = await player(50_000);
    for (let i = 0; i < 10; i++) {
      const asked = (await p.withdraw(2_000)).json() as Json;
      t.clock.advance(t.env.PAYOUT_APPROVAL_SECONDS * 1000 + 1);
      const [recall] = await Promise.all([
        p.client.post(`/api/player/payments/${asked.payment.id}/recall`),
        t.payments.service.processPayouts(),
      ]);
      await settle();
      const [row] = (await t.database.db.execute(sql`SELECT state FROM payments WHERE id = ${asked.payment.id}`))
        .rows as { state: string }[];
      if (recall.statusCode === 200) expect(row!.state).toBe('recalled');
      else expect(row!.state).toBe('succeeded');
    }
    const paid = (
      await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM payments WHERE user_id = ${p.id} AND state = 'succeeded'`,
      )
    ).rows[0] as { n: number };
    expect((await p.balance()).amount_cents).toBe(50_000 - paid.n * 2_000);
  });

  it('W12: a withdrawal of 60 racing a bet of 60 on 100 → only one of them succeeds', async () => {
    for (let i = 0; i < 5; i++) {
      const p = await player(10_000);
      const token = await gameSession(t.database, p.id, 'EUR', TEST_PROVIDER, t.clock.now());
      const secret = TEST_PROVIDER_SECRET;
      const bet = {
        session_token: token,
        user_id: String(p.id),
        currency: 'EUR',
        game: 'croupier-originals/test',
        round_id: `race-${i}`,
        transaction_id: `race-${p.id}-${i}`,
        amount: 6_000,
      };
      const [placed, asked] = await Promise.all([
        walletCall(t.app, TEST_PROVIDER, secret, 'bet', bet),
        p.withdraw(6_000),
      ]);
      const wins = [placed.json.status === 'OK', asked.statusCode === 201].filter(Boolean).length;
      expect(wins, `${placed.body} | ${asked.body}`).toBe(1);
      expect((await p.balance()).amount_cents).toBe(4_000);
    }
  });

  it('needs a signed-in player', async () => {
    expect((await createClient(t.app).get('/api/player/payments')).statusCode).toBe(401);
    expect(
      (
        await createClient(t.app).post('/api/payments/withdrawals', {
          payment: { currency: 'EUR', amount_cents: 100, method_id: 'sandbox_ewallet' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('after a crash (the payout job and the sandbox PSP lost their work in memory)', () => {
  const paymentRow = async (id: number) =>
    (
      (
        await t.database.db.execute(
          sql`SELECT state, provider_payment_id, (SELECT count(*)::int FROM sandbox_psp_payments s WHERE s.kind = 'cashout' AND s.merchant_reference = ${String(id)}) AS sent
              FROM payments WHERE id = ${id}`,
        )
      ).rows as { state: string; provider_payment_id: string | null; sent: number }[]
    )[0]!;
  /** Webhooks from the sandbox fail to arrive while `fn` runs (the process died, the casino did not answer). */
  async function withoutDelivery<T>(fn: () => Promise<T>): Promise<T> {
    const deps = (
      t.payments.sandbox as unknown as { deps: { deliver: (raw: Buffer, signature: string) => Promise<void> } }
    ).deps;
    const deliver = deps.deliver;
    deps.deliver = () => Promise.reject(new Error('the casino is gone (test)'));
    try {
      return await fn();
    } finally {
      deps.deliver = deliver;
    }
  }

  it('a withdrawal the payout job took before dying is sent again after a while, once, and paid once', async () => {
    // Withdrawals other tests left stuck are sent first, so the counts below are this one's alone.
    t.clock.advance(PAYOUT_REDRIVE_MS + 1);
    await t.payments.service.redrivePayouts();
    await settle();
    const p = await player(10_000);
    const asked = (await p.withdraw(2_500)).json() as Json;
    const id = asked.payment.id as number;
    t.clock.advance(t.env.PAYOUT_APPROVAL_SECONDS * 1000 + 1);
    // The job took it, then the process died before the provider was asked.
    await t.database.db.execute(
      sql`UPDATE payments SET state = 'processing', processing_at = ${t.clock.now()} WHERE id = ${id}`,
    );
    expect(await t.payments.service.redrivePayouts()).toBe(0);
    expect((await p.client.post(`/api/player/payments/${id}/recall`)).json()).toMatchObject({ code: 'not_recallable' });
    t.clock.advance(PAYOUT_REDRIVE_MS + 1);
    // Two instances' jobs at once: one of them sends it.
    const [one, two] = await Promise.all([t.payments.service.redrivePayouts(), t.payments.service.redrivePayouts()]);
    expect(one + two).toBe(1);
    await settle();
    expect(await paymentRow(id)).toMatchObject({ state: 'succeeded', sent: 1 });
    expect(await t.payments.service.redrivePayouts()).toBe(0);
    expect((await p.balance()).amount_cents).toBe(7_500);
    expect(await paymentEvents(p.id)).toEqual([
      ['payment.withdrawal.requested', id, 2_500],
      ['payment.withdrawal.paid', id, 2_500],
    ]);
  });

  it('a payout the provider accepted but never finished is answered with the same payment, not paid twice', async () => {
    const p = await player(10_000);
    const id = ((await p.withdraw(3_000)).json() as Json).payment.id as number;
    t.clock.advance(t.env.PAYOUT_APPROVAL_SECONDS * 1000 + 1);
    // The provider got the payout and decided it; its webhook and our record of its id were lost.
    await withoutDelivery(async () => {
      await t.payments.service.processPayouts();
      await settle();
    });
    await t.database.db.execute(sql`UPDATE payments SET provider_payment_id = NULL WHERE id = ${id}`);
    expect(await paymentRow(id)).toMatchObject({ state: 'processing', sent: 1 });
    t.clock.advance(PAYOUT_REDRIVE_MS + 1);
    // Counts cover every payment of the file: this one is checked by its own row.
    await t.payments.service.redrivePayouts();
    expect(await paymentRow(id)).toMatchObject({ state: 'processing', sent: 1 });
    expect((await paymentRow(id)).provider_payment_id).not.toBeNull();
    // The provider's retry delivers the outcome it had decided.
    expect(await t.payments.sandbox.redeliver(0)).toBeGreaterThanOrEqual(1);
    expect(await paymentRow(id)).toMatchObject({ state: 'succeeded', sent: 1 });
    await t.payments.sandbox.redeliver(0);
    await t.payments.service.redrivePayouts();
    expect(await paymentRow(id)).toMatchObject({ state: 'succeeded', sent: 1 });
    expect((await p.balance()).amount_cents).toBe(7_000);
  });

  it('a deposit answered 201 is credited after a restart, whether its outcome was decided or not, once', async () => {
    const p = await player();
    const decided = await withoutDelivery(async () => {
      const res = await p.deposit(4_000);
      await settle();
      return res;
    });
    expect(decided.statusCode).toBe(201);
    const undecided = await withoutDelivery(async () => {
      const res = await p.deposit(1_000);
      await settle();
      return res;
    });
    // The second died before the sandbox decided it.
    const pspId = ((undecided.json() as Json).payment.id as number).toString();
    await t.database.db.execute(
      sql`UPDATE sandbox_psp_payments SET status = 'created', delivered_at = NULL WHERE kind = 'deposit' AND merchant_reference = ${pspId}`,
    );
    expect((await p.balance()).amount_cents).toBe(0);
    // Too recent: work this process may still be doing is left alone.
    await t.payments.sandbox.redeliver();
    expect((await p.balance()).amount_cents).toBe(0);
    t.clock.advance(60_000);
    expect(await t.payments.sandbox.redeliver()).toBeGreaterThanOrEqual(2);
    expect((await p.balance()).amount_cents).toBe(5_000);
    // Delivered and acknowledged: another pass sends neither again.
    await t.payments.sandbox.redeliver();
    expect((await p.balance()).amount_cents).toBe(5_000);
    // Both were created at the same instant, so the redelivery pass may take them in either order:
    // what matters is one credit each, so compare them by payment.
    const decidedId = (decided.json() as Json).payment.id as number;
    const byPayment = (await paymentEvents(p.id)).sort((a, b) => Number(a[1]) - Number(b[1]));
    expect(byPayment).toEqual([
      ['payment.deposit.succeeded', decidedId, 4_000],
      ['payment.deposit.succeeded', Number(pspId), 1_000],
    ]);
  });
});

describe('risk payload and logs', () => {
  it('stores the risk payload of docs/player-app.md#risk-payload and refuses a full card number or another player id', async () => {
    const p = await player();
    const payload = {
      merchant_user_id: String(p.id),
      card_bin: '424242',
      card_last_4: '4242',
      date_time: '2026-11-24T10:00:00Z',
      transaction_currency: 'EUR',
      transaction_amount: 50,
      payment_system: 'sandbox_card',
      type: 'transaction',
    };
    const accepted = await p.client.post('/api/users/transaction', payload);
    expect(accepted.statusCode).toBe(201);
    expectContract(RiskTransactionResponseSchema, accepted.json());
    expect(
      (await p.client.post('/api/users/transaction', { ...payload, card_bin: TEST_CARDS.success })).statusCode,
    ).toBe(422);
    expect((await p.client.post('/api/users/transaction', { ...payload, merchant_user_id: '1' })).statusCode).toBe(422);
    const stored = await t.database.db.execute(
      sql`SELECT type, payload FROM risk_transactions WHERE user_id = ${p.id}`,
    );
    expect(stored.rows).toEqual([{ type: 'transaction', payload }]);
    expect(
      (await p.client.post('/log-payments-dep', { depositMethods: [{ id: 'sandbox_card' }], userInfo: { id: p.id } }))
        .statusCode,
    ).toBe(204);
  });
});

describe('crypto', () => {
  it('publishes sandbox exchange rates in the documented map', async () => {
    const rates = (await createClient(t.app).get('/api/info/crypto_exchange_rates')).json() as Json;
    expectContract(CryptoRatesSchema, rates);
    expect(Object.keys(rates).sort()).toEqual(['BCH', 'BTC', 'DOG', 'ETH', 'LTC', 'USDT']);
    expect(rates.BTC.EUR).toMatchObject({ exchange_rate: 60_000, fee: 0.01, total_exchange_rate: 59_400 });
  });

  it('a coin sent to the player’s address shows as pending, then is credited once after the confirmations', async () => {
    const p = await player();
    expect((await p.client.post('/api/payments/crypto/addresses', { currency: 'EUR' })).json()).toMatchObject({
      code: 'currency_unavailable',
    });
    // The first address opens a BTC wallet, and the player stays in EUR.
    const { address } = (await p.client.post('/api/payments/crypto/addresses', { currency: 'BTC' })).json() as Json;
    expect(address).toMatch(/^tb1q/);
    expectContract(CryptoAddressListSchema, (await p.client.get('/api/payments/crypto/addresses')).json());
    expect(((await p.client.get('/api/player')).json() as Json).currency).toBe('EUR');
    expect(((await p.client.get('/api/player/accounts')).json() as Json[]).map((a) => a.currency)).toEqual([
      'EUR',
      'BTC',
    ]);
    expect(((await p.client.post('/api/payments/crypto/addresses', { currency: 'BTC' })).json() as Json).address).toBe(
      address,
    );
    expect((await p.client.get('/api/payments/crypto/addresses')).json()).toEqual([{ currency: 'BTC', address }]);
    const methods = (await p.client.get('/api/payments/methods?currency=BTC&action=deposit')).json() as Json[];
    expect(methods.map((m) => m.id)).toEqual(['sandbox_crypto_btc']);
    expect(methods[0]!.id.split('_')[2]).toBe('btc');

    const sent = (await p.client.post('/sandbox-chain/send', { address, amount_cents: 2_500_000 })).json() as Json;
    expectContract(FaucetResponseSchema, sent);
    const btc = async () =>
      ((await p.client.get('/api/player/accounts')).json() as Json[]).find((a) => a.currency === 'BTC')!
        .amount_cents as number;
    const history = async () => ((await p.client.get('/api/player/payments')).json() as Json[])[0]!;
    const required = t.env.CRYPTO_CONFIRMATIONS;
    expect(await history()).toMatchObject({
      action: 'deposit',
      state: 'pending',
      currency: 'BTC',
      amount_cents: 2_500_000,
      confirmations: 0,
      confirmations_required: required,
    });
    for (let block = 1; block < required; block++) {
      await t.payments.chain.mineBlock();
      expect(await history()).toMatchObject({ state: 'pending', confirmations: block });
    }
    // A late, older progress event never lowers the count the player sees.
    const stale = {
      event_id: `${sent.tx_id}:pending:late`,
      payment_id: sent.tx_id,
      merchant_reference: '',
      status: 'pending',
      amount_cents: 2_500_000,
      currency: 'BTC',
      address,
      confirmations: 0,
    };
    expect(((await signedWebhook(stale)).json() as Json).result).toBe('already_known');
    expect(await history()).toMatchObject({ confirmations: required - 1 });
    expect(await btc()).toBe(0);
    expect(await t.payments.chain.mineBlock()).toBe(1);
    expect(await btc()).toBe(2_500_000);
    expect(await history()).toMatchObject({ state: 'succeeded', confirmations: required });
    await t.payments.chain.mineBlock();
    expect(await btc()).toBe(2_500_000);
    expect(await t.payments.chain.confirmationsOf(sent.tx_id)).toBe(t.env.CRYPTO_CONFIRMATIONS);
    expect(
      (
        await p.client.post('/sandbox-chain/send', { address: 'tb1qnotanaddressofanyone000000', amount_cents: 1 })
      ).json(),
    ).toMatchObject({ code: 'unknown_address' });

    // Withdraw to an address: reserved at once, paid by the payout job.
    await steppedUp(p.client)();
    const payout = await p.client.post('/api/payments/withdrawals', {
      payment: {
        currency: 'BTC',
        amount_cents: 1_000_000,
        method_id: 'sandbox_crypto_btc',
        fields: { address: 'tb1qexternalwallet00000000000000' },
      },
    });
    expect(payout.statusCode, payout.body).toBe(201);
    expect(await btc()).toBe(1_500_000);
    t.clock.advance(t.env.PAYOUT_APPROVAL_SECONDS * 1000 + 1);
    await t.payments.service.processPayouts();
    await settle();
    expect(await history()).toMatchObject({ action: 'cashout', state: 'succeeded', currency: 'BTC' });
  });
});

describe('crypto reorg (W13)', () => {
  it('a reorganisation drops an unconfirmed deposit: never credited, the payment is declined', async () => {
    const p = await player();
    await p.client.post('/api/player/accounts', { currency: 'LTC' });
    const { address } = (await p.client.post('/api/payments/crypto/addresses', { currency: 'LTC' })).json() as Json;
    const { tx_id } = (
      await p.client.post('/sandbox-chain/send', { address, amount_cents: 50_000_000 })
    ).json() as Json;
    await t.payments.chain.mineBlock();
    expect(await t.payments.chain.reorg(tx_id)).toBe(true);
    for (let i = 0; i < t.env.CRYPTO_CONFIRMATIONS + 1; i++) await t.payments.chain.mineBlock();
    const ltc = ((await p.client.get('/api/player/accounts')).json() as Json[]).find((a) => a.currency === 'LTC')!;
    expect(ltc.amount_cents).toBe(0);
    expect(((await p.client.get('/api/player/payments')).json() as Json[])[0]).toMatchObject({
      state: 'declined',
      cancellation_reason: 'Dropped by a chain reorganisation',
    });
    expect(await t.payments.chain.reorg(tx_id)).toBe(false);
  });
});

describe('card-to-crypto on-ramp', () => {
  it('buys coins with a card at the rate less 4.5 % and they arrive as a crypto deposit after the confirmations', async () => {
    const p = await player();
    expectContract(OnrampListSchema, (await p.client.get('/api/payments/crypto/onramp')).json());
    expect((await p.client.get('/api/payments/crypto/onramp')).json()).toEqual([
      {
        provider: 'sandbox_onramp',
        brand: 'card',
        fee: 4.5,
        processing_time: '10',
        verification: 900,
        paymentMethods: ['visa', 'mastercard'],
      },
    ]);
    await p.client.post('/api/player/accounts', { currency: 'ETH' });
    const { address } = (await p.client.post('/api/payments/crypto/addresses', { currency: 'ETH' })).json() as Json;
    // Opened as docs/player-app.md#cashbox-calls says: widget id by host, the player's coins, language, fiat list, address map.
    const addresses = JSON.stringify({ ETH: address });
    const query = new URLSearchParams({
      widget: 'casino.test',
      lang: 'de',
      coin: 'ETH',
      fiat: 'EUR',
      cryptos: 'ETH,BTC',
      fiats: 'EUR,USD',
      addresses,
    });
    const widget = await t.app.inject({ method: 'GET', url: `/sandbox-onramp?${query}` });
    expect(widget.body).toContain('Fee 4.5 %');
    expect(widget.body).toContain('<html lang="de">');
    expect(widget.body).toContain('data-widget="casino.test"');
    // BTC has no address in the map, so it is not offered.
    expect(widget.body).toContain(
      '<select name="coin" data-testid="onramp-coin"><option value="ETH" selected>ETH</option></select>',
    );
    expect(widget.body).toContain('<option value="EUR" selected>EUR</option><option value="USD">USD</option>');
    // The widget's form posts from the player's own browser, with the session cookie.
    const cookie = [...p.client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const buy = (fields: Record<string, string>, asGuest = false) =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox-onramp',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(asGuest ? {} : { cookie }) },
        payload: new URLSearchParams({ coin: 'ETH', fiat: 'EUR', addresses, ...fields }).toString(),
      });
    const asGuest = await buy(
      { amount: '300', card_number: TEST_CARDS.success, expiry_date: '12/39', cvv: '123' },
      true,
    );
    expect(asGuest.statusCode).toBe(422);
    expect(asGuest.body).toContain('Sign in to buy coins.');
    expect(
      (await buy({ amount: '300', card_number: TEST_CARDS.declined, expiry_date: '12/39', cvv: '123' })).statusCode,
    ).toBe(422);
    expect(
      (await buy({ amount: '300', card_number: TEST_CARDS.success, expiry_date: '12/39', cvv: '123' })).body,
    ).toContain('Purchase complete');
    for (let i = 0; i < t.env.CRYPTO_CONFIRMATIONS; i++) await t.payments.chain.mineBlock();
    const eth = ((await p.client.get('/api/player/accounts')).json() as Json[]).find((a) => a.currency === 'ETH')!;
    // 300 EUR less 4.5 % = 286.50 EUR at 3,000 EUR per ETH = 0.0955 ETH = 9,550,000 minor units.
    expect(eth.amount_cents).toBe(9_550_000);
  });
});

describe('where reverse withdrawals are banned (WITHDRAWAL_RECALL=false; docs/reliability.md#w12-two-phase-withdrawals)', () => {
  it('a withdrawal is not recallable: the player’s cancel is refused, nothing moves, the payout goes out', async () => {
    const strict = await buildTestApp({ WITHDRAWAL_RECALL: 'false' });
    try {
      const { client, player: who } = await signUp(strict.app, { currency: 'EUR' });
      await fund(strict.wallet, who.id, 'EUR', 10_000);
      await steppedUp(client, strict)();
      const eur = async () =>
        ((await client.get('/api/player/accounts')).json() as Json[]).find((a) => a.currency === 'EUR')!
          .amount_cents as number;
      const asked = await client.post('/api/payments/withdrawals', {
        payment: {
          currency: 'EUR',
          amount_cents: 5_000,
          method_id: 'sandbox_ewallet',
          fields: { email: 'ada@example.com' },
        },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const { payment } = asked.json() as Json;
      expect(payment).toMatchObject({ state: 'pending', recallable: false });
      expect(await eur()).toBe(5_000);
      const cancel = await client.post(`/api/player/payments/${payment.id}/recall`);
      expect(cancel.statusCode).toBe(409);
      expect(cancel.json()).toMatchObject({ code: 'recall_disabled' });
      expect(await eur()).toBe(5_000);
      strict.clock.advance(strict.env.PAYOUT_APPROVAL_SECONDS * 1000 + 1);
      await strict.payments.service.processPayouts();
      await strict.payments.sandbox.idle();
      expect(((await client.get('/api/player/payments')).json() as Json[])[0]).toMatchObject({
        state: 'succeeded',
        recallable: false,
      });
      expect(await eur()).toBe(5_000);
      await expectLedgerSound(strict.database);
    } finally {
      await strict.close();
    }
  });
});

describe('without the sandbox (PAYMENTS_SANDBOX=false)', () => {
  it('offers no sandbox methods and serves neither the faucet nor the 3-D Secure page', async () => {
    const live = await buildTestApp({ PAYMENTS_SANDBOX: 'false' });
    try {
      const { client } = await signUp(live.app, { currency: 'EUR' });
      expect((await client.get('/api/payments/methods?currency=EUR&action=deposit')).json()).toEqual([]);
      expect(
        (await client.post('/sandbox-chain/send', { address: 'tb1qanything000000000000', amount_cents: 1 })).statusCode,
      ).toBe(404);
      expect((await client.get('/sandbox-psp/3ds/psp_x')).statusCode).toBe(404);
      expect((await client.post('/payments/webhooks/sandbox', {})).statusCode).toBe(401);
    } finally {
      await live.close();
    }
  });
});
