/**
 * Cashbox defects from the outside review (decision 016): amounts in the plan's query are digits,
 * the deposit-methods log is strict, ids past the int4 range name nothing (404, never a 500), the
 * balance maximum stops a deposit before and after the bank, a 3-D Secure deposit nobody answers
 * expires, and the same card is saved once. Money moves, so this runs on both databases.
 */
import { sql } from 'drizzle-orm';
import { maxBalanceMinor } from '@croupier/shared/currencies';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { deriveKeyHex, type KeyLabel } from '../../config/secrets.ts';
import { hmacSha256 } from '../../lib/crypto.ts';
import { signUp } from '../auth/test-helpers.ts';
import { expectLedgerSound, fund } from '../wallet/test-helpers.ts';
import type { PaymentView } from './payments.service.ts';
import { CHALLENGE_EXPIRED_REASON, SANDBOX_CHALLENGE_MINUTES, TEST_CARDS } from './sandbox.ts';

let t: TestApp;
const changes: Array<{ userId: number; payment: PaymentView }> = [];
beforeAll(async () => {
  t = await buildTestApp();
  t.payments.onChange((userId, payment) => changes.push({ userId, payment }));
});
afterAll(() => t.close());
afterEach(() => expectLedgerSound(t.database));

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field

const CARD = { card_number: TEST_CARDS.success, expiry_date: '12/39', cvv: '123', card_holder: 'Ada Player' };
const settle = () => t.payments.sandbox.idle();

async function player() {
  const { client, player } = await signUp(t.app, { currency: 'EUR' });
  const deposit = (amount_cents: number, fields: Record<string, string> = CARD, extra: Json = {}) =>
    client.post('/api/payments/deposits', {
      payment: { currency: 'EUR', amount_cents, method_id: 'sandbox_card', fields, ...extra },
    });
  const balance = async () =>
    (((await client.get('/api/player/accounts')).json() as Json[])[0] as Json).amount_cents as number;
  const history = async () => (await client.get('/api/player/payments')).json() as Json[];
  return { client, id: player.id, deposit, balance, history };
}

describe('the payment plan reads an amount as digits only', () => {
  it('refuses 1e3, 0x10, spaces, signs and fractions with 422; the same amount in digits is planned', async () => {
    const p = await player();
    const plan = (amount: string) =>
      p.client.get(
        `/api/payments/plan?currency=EUR&action=deposit&method_id=sandbox_card&amount_cents=${encodeURIComponent(amount)}`,
      );
    for (const bad of ['1e3', '0x10', ' 1000', '1000 ', '+1000', '-1000', '1000.0', '01000', '9007199254740992']) {
      const res = await plan(bad);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json(), bad).toMatchObject({
        code: 'validation_error',
        errors: { amount_cents: [expect.any(String)] },
      });
    }
    expect(((await plan('1000')).json() as Json).plan).toMatchObject({ amount_cents: 1_000 });
  });
});

describe('POST /log-payments-dep takes exactly what the cashbox sends', () => {
  it('refuses unknown fields, items that are not methods, and another player; logs the methods shown', async () => {
    const p = await player();
    const log = (body: unknown) => p.client.post('/log-payments-dep', body);
    const method = { id: 'sandbox_card', brand: 'visa', provider: 'sandbox', type: 'cards' };
    expect(
      (await log({ depositMethods: [method], userInfo: { id: p.id, currency: 'EUR', country: 'DE' } })).statusCode,
    ).toBe(204);
    expect((await log({ depositMethods: [] })).statusCode).toBe(204);
    expect((await log({ depositMethods: [method], extra: 1 })).json()).toMatchObject({
      code: 'validation_error',
      errors: { extra: ['is not permitted'] },
    });
    expect((await log({ depositMethods: [{ ...method, card_number: TEST_CARDS.success }] })).statusCode).toBe(400);
    expect((await log({ depositMethods: ['sandbox_card'] })).statusCode).toBe(400);
    expect((await log({ depositMethods: [method], userInfo: { id: p.id, email: 'a@b.c' } })).statusCode).toBe(400);
    expect((await log({ depositMethods: Array(201).fill(method) })).statusCode).toBe(422);
    const other = await log({ depositMethods: [method], userInfo: { id: p.id + 1 } });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ errors: { id: ['is not you'] } });
  });
});

describe('ids past the int4 range name nothing', () => {
  it('recall and saved-card removal answer 404; a profile_id past the range is an unknown profile; never a 500', async () => {
    const p = await player();
    for (const id of ['2147483648', '9007199254740993', '99999999999999999999999999', '0']) {
      const recall = await p.client.post(`/api/player/payments/${id}/recall`);
      expect([recall.statusCode, recall.json().code], id).toEqual([404, 'payment_not_found']);
      const removal = await p.client.delete(`/api/payments/profiles/${id}`);
      expect([removal.statusCode, removal.json().code], id).toEqual([404, 'profile_not_found']);
    }
    for (const profile_id of [2_147_483_648, Number.MAX_SAFE_INTEGER]) {
      const deposit = await p.deposit(5_000, {}, { profile_id });
      expect([deposit.statusCode, deposit.json().code]).toEqual([422, 'profile_unavailable']);
      const withdrawal = await p.client.post('/api/payments/withdrawals', {
        payment: { currency: 'EUR', amount_cents: 5_000, method_id: 'sandbox_card', fields: {}, profile_id },
      });
      expect(withdrawal.statusCode).toBeLessThan(500);
      expect(withdrawal.statusCode).toBeGreaterThanOrEqual(400);
    }
    expect((await p.client.post('/api/player/payments/abc/recall')).statusCode).toBe(400);
  });
});

describe('the balance maximum on deposits', () => {
  it('a deposit that would pass it is refused before the bank is asked, and the plan says so', async () => {
    const p = await player();
    await fund(t.wallet, p.id, 'EUR', maxBalanceMinor('EUR') - 4_000n);
    const before = (await p.history()).length;
    const refused = await p.deposit(5_000);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'balance_limit',
      errors: { amount: [expect.stringContaining('1000000000.00 EUR')] },
    });
    expect((await p.history()).length).toBe(before);
    expect(
      (
        await p.client.get('/api/payments/plan?currency=EUR&action=deposit&method_id=sandbox_card&amount_cents=5000')
      ).json(),
    ).toMatchObject({ code: 'balance_limit' });
    expect((await p.deposit(4_000)).statusCode).toBe(201);
    await settle();
    expect(BigInt(await p.balance())).toBe(maxBalanceMinor('EUR'));
  });

  it('a deposit the bank confirms after the wallet filled up meanwhile is declined for a refund; nothing is credited', async () => {
    const p = await player();
    const started = (await p.deposit(5_000, { ...CARD, card_number: TEST_CARDS.challenge })).json() as Json;
    await fund(t.wallet, p.id, 'EUR', maxBalanceMinor('EUR') - 1_000n);
    const approved = await t.app.inject({
      method: 'POST',
      url: started.redirect_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    expect(approved.statusCode).toBe(200);
    expect(BigInt(await p.balance())).toBe(maxBalanceMinor('EUR') - 1_000n);
    const [payment] = await p.history();
    expect(payment).toMatchObject({
      id: started.payment.id,
      state: 'declined',
      cancellation_reason: expect.stringContaining('maximum'),
    });
    const webhooks = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM payment_webhooks WHERE provider_payment_id = ${(started.redirect_url as string).split('/').pop()}`,
    );
    expect((webhooks.rows[0] as { n: number }).n).toBe(1);
  });
});

describe('a 3-D Secure deposit nobody answers expires', () => {
  it(`after ${SANDBOX_CHALLENGE_MINUTES} minutes it is declined with a reason, in the history and on payments_changes; a late answer changes nothing`, async () => {
    const p = await player();
    const started = (await p.deposit(3_000, { ...CARD, card_number: TEST_CARDS.challenge })).json() as Json;
    const page = () => t.app.inject({ method: 'GET', url: started.redirect_url });
    expect((await page()).body).toContain('challenge-approve');
    t.clock.advance(SANDBOX_CHALLENGE_MINUTES * 60_000 - 1);
    expect(await t.payments.sandbox.expireChallenges()).toBe(0);
    expect((await p.history())[0]).toMatchObject({ state: 'pending' });

    t.clock.advance(1);
    expect((await page()).body).toContain('has expired');
    changes.length = 0;
    expect(await t.payments.sandbox.expireChallenges()).toBe(1);
    await settle();
    expect((await p.history())[0]).toMatchObject({
      id: started.payment.id,
      state: 'declined',
      success: false,
      cancellation_reason: CHALLENGE_EXPIRED_REASON,
    });
    expect(changes).toEqual([
      { userId: p.id, payment: expect.objectContaining({ id: started.payment.id, state: 'declined' }) },
    ]);
    expect(await t.payments.sandbox.expireChallenges()).toBe(0);

    const late = await t.app.inject({
      method: 'POST',
      url: started.redirect_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    expect(late.body).toContain('Payment declined');
    expect(await p.balance()).toBe(0);
  });

  it('an Approve that arrives after the time, before the job ran, expires it instead of paying', async () => {
    const p = await player();
    const started = (await p.deposit(3_000, { ...CARD, card_number: TEST_CARDS.challenge })).json() as Json;
    t.clock.advance(SANDBOX_CHALLENGE_MINUTES * 60_000);
    const late = await t.app.inject({
      method: 'POST',
      url: started.redirect_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approve',
    });
    expect(late.body).toContain('has expired');
    expect((await p.history())[0]).toMatchObject({ state: 'declined', cancellation_reason: CHALLENGE_EXPIRED_REASON });
    expect(await p.balance()).toBe(0);
    // A bank page for a payment that is not ours: 404, and its answer is refused as bad input.
    expect((await t.app.inject({ method: 'GET', url: '/sandbox-psp/3ds/psp_not-a-payment' })).statusCode).toBe(404);
    const odd = await t.app.inject({
      method: 'POST',
      url: started.redirect_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=maybe',
    });
    expect(odd.statusCode).toBe(422);
  });
});

describe('the same card is saved once', () => {
  it('a second deposit with the same card updates its profile; another expiry is another card', async () => {
    const p = await player();
    expect((await p.deposit(2_000)).statusCode).toBe(201);
    expect(
      (await p.deposit(2_000, { ...CARD, card_number: '4242 4242 4242 4242', card_holder: 'A. Player' })).statusCode,
    ).toBe(201);
    await settle();
    const saved = async () =>
      ((await p.client.get('/api/payments/methods?currency=EUR&action=deposit')).json() as Json[])[0]!
        .savedProfiles as Json[];
    expect(await saved()).toEqual([{ id: expect.any(Number), title: '424242••••4242', isRemoveAvailable: true }]);
    const [profile] = await saved();
    // One-click with it still works, and so does paying out to it.
    expect((await p.deposit(2_000, {}, { profile_id: profile!.id })).statusCode).toBe(201);
    await settle();
    expect(await p.balance()).toBe(6_000);
    expect((await p.deposit(2_000, { ...CARD, expiry_date: '11/38' })).statusCode).toBe(201);
    await settle();
    expect((await saved()).map((s) => s.title)).toEqual(['424242••••4242', '424242••••4242']);
    // Another player's copy of the same card is their own profile.
    const q = await player();
    expect((await q.deposit(2_000)).statusCode).toBe(201);
    await settle();
    expect(
      ((await q.client.get('/api/payments/methods?currency=EUR&action=deposit')).json() as Json[])[0]!.savedProfiles,
    ).toHaveLength(1);
  });
});

describe('the sandbox card fingerprint has its own key', () => {
  it('is keyed by sandbox-card-fingerprint, not by the webhook key', async () => {
    const p = await player();
    expect((await p.deposit(2_000)).statusCode).toBe(201);
    await settle();
    const [saved] = (await t.database.db.execute(sql`SELECT fingerprint FROM payment_profiles WHERE user_id = ${p.id}`))
      .rows as Array<{ fingerprint: string }>;
    const card = `card-fingerprint:${CARD.card_number.slice(0, 6)}:${CARD.card_number.slice(-4)}:2039-12`;
    const keyed = (label: KeyLabel) => hmacSha256(deriveKeyHex(t.env.appSecret, label), card);
    expect(saved!.fingerprint).toBe(keyed('sandbox-card-fingerprint'));
    expect(saved!.fingerprint).not.toBe(keyed('sandbox-psp-webhook'));
  });
});

describe('a token the provider hands back again', () => {
  const savedProfiles = async (client: Awaited<ReturnType<typeof player>>['client']) =>
    ((await client.get('/api/payments/methods?currency=EUR&action=deposit')).json() as Json[])[0]!
      .savedProfiles as Json[];
  /** The sandbox's own answer, with the saved profile the test chooses (the provider's, not ours). */
  const profileAnswer = (profile: { token: string; title?: string; fingerprint?: string }) => {
    const sandbox = t.payments.sandbox;
    const original = sandbox.start.bind(sandbox);
    return vi.spyOn(sandbox, 'start').mockImplementationOnce(async (payment) => {
      const outcome = await original(payment);
      if (outcome.kind !== 'accepted' || !outcome.profile) throw new Error('expected a saved card');
      return { ...outcome, profile: { title: outcome.profile.title, ...profile } };
    });
  };

  it("the same token without a fingerprint keeps this player's profile; never a 500", async () => {
    const p = await player();
    expect((await p.deposit(2_000)).statusCode).toBe(201);
    const [first] = (await t.database.db.execute(sql`SELECT token FROM payment_profiles WHERE user_id = ${p.id}`))
      .rows as Array<{ token: string }>;
    const start = profileAnswer({ token: first!.token, title: 'renamed' });
    try {
      const again = await p.deposit(2_000, { ...CARD, expiry_date: '11/38' });
      expect(again.statusCode, again.body).toBe(201);
    } finally {
      start.mockRestore();
    }
    await settle();
    expect(await savedProfiles(p.client)).toEqual([
      { id: expect.any(Number), title: 'renamed', isRemoveAvailable: true },
    ]);
    expect(await p.balance()).toBe(4_000);
  });

  it("another player's token is never attached: the deposit goes on without a profile, and it is logged", async () => {
    const owner = await player();
    expect((await owner.deposit(2_000)).statusCode).toBe(201);
    const [theirs] = (await t.database.db.execute(sql`SELECT token FROM payment_profiles WHERE user_id = ${owner.id}`))
      .rows as Array<{ token: string }>;
    const p = await player();
    const logged = vi.spyOn(t.app.log, 'error');
    const start = profileAnswer({ token: theirs!.token, fingerprint: 'another-fingerprint' });
    try {
      const res = await p.deposit(2_000);
      expect(res.statusCode, res.body).toBe(201);
      expect(logged).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('token saved for another player'));
    } finally {
      start.mockRestore();
      logged.mockRestore();
    }
    await settle();
    expect(await savedProfiles(p.client)).toEqual([]);
    expect(await savedProfiles(owner.client)).toHaveLength(1);
    expect(await p.balance()).toBe(2_000);
    const [payment] = (await t.database.db.execute(sql`SELECT destination FROM payments WHERE user_id = ${p.id}`))
      .rows as Array<{ destination: string | null }>;
    expect(payment!.destination).toBeNull();
  });
});
