/**
 * Idempotency-Key on player deposits and withdrawals (decision 016): a retry after a dropped
 * connection gets the first answer, never a second payment; the same key with another request is
 * a conflict. On both databases (PGlite, and PostgreSQL with DATABASE_URL).
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { GOOD_PASSWORD, signUp } from '../auth/test-helpers.ts';
import { expectLedgerSound } from '../wallet/test-helpers.ts';
import { TEST_CARDS } from './sandbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
afterEach(() => expectLedgerSound(t.database));

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field

const CARD = { card_number: TEST_CARDS.success, expiry_date: '12/39', cvv: '123', card_holder: 'Ada Player' };
/** The e-wallet a player deposits from first: withdrawing back to it is not a new destination. */
const EWALLET = { email: 'ada@example.com' };

const settle = () => t.payments.sandbox.idle();
let keys = 0;
const newKey = () => `test-key-${process.pid}-${++keys}`;

async function player(deposited = 0) {
  const { client, player } = await signUp(t.app, { currency: 'EUR' });
  // Payouts go to an e-wallet no payout reached yet: a step-up (decision 015). The clock stays put.
  expect((await client.post('/api/auth/step_up', { user: { password: GOOD_PASSWORD } })).statusCode).toBe(200);
  const deposit = (
    amount_cents: number,
    key?: string,
    method_id = 'sandbox_card',
    fields: Record<string, string> = CARD,
  ) =>
    client.post(
      '/api/payments/deposits',
      { payment: { currency: 'EUR', amount_cents, method_id, fields } },
      key ? { 'idempotency-key': key } : {},
    );
  const withdraw = (amount_cents: number, key?: string) =>
    client.post(
      '/api/payments/withdrawals',
      { payment: { currency: 'EUR', amount_cents, method_id: 'sandbox_ewallet', fields: EWALLET } },
      key ? { 'idempotency-key': key } : {},
    );
  if (deposited > 0) {
    expect((await deposit(deposited, undefined, 'sandbox_ewallet', EWALLET)).statusCode).toBe(201);
    await settle();
  }
  const payments = async () =>
    Number(
      (
        (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM payments WHERE user_id = ${player.id}`))
          .rows[0] as { n: number }
      ).n,
    );
  const balance = async () =>
    (((await client.get('/api/player/accounts')).json() as Json[]).find((a) => a.currency === 'EUR') as Json)
      .amount_cents as number;
  return { client, id: player.id, deposit, withdraw, payments, balance };
}

describe('Idempotency-Key on deposits', () => {
  it('the same key twice → one payment, and the retry gets the first answer byte for byte', async () => {
    const p = await player();
    const key = newKey();
    const first = await p.deposit(5_000, key);
    expect(first.statusCode, first.body).toBe(201);
    const retry = await p.deposit(5_000, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.body).toBe(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    await settle();
    expect(await p.payments()).toBe(1);
    expect(await p.balance()).toBe(5_000);
    // After the payment settled the retry still gets the first answer (pending), not a new payment.
    expect((await p.deposit(5_000, key)).body).toBe(first.body);
    // Another key is another payment.
    expect((await p.deposit(5_000, newKey())).statusCode).toBe(201);
    await settle();
    expect(await p.payments()).toBe(2);
  });

  it('a 3-D Secure deposit retried gets the same bank page, not a second one', async () => {
    const p = await player();
    const key = newKey();
    const first = (
      await p.deposit(3_000, key, 'sandbox_card', { ...CARD, card_number: TEST_CARDS.challenge })
    ).json() as Json;
    const again = (
      await p.deposit(3_000, key, 'sandbox_card', { ...CARD, card_number: TEST_CARDS.challenge })
    ).json() as Json;
    expect(again).toEqual(first);
    expect(first.redirect_url).toMatch(/^\/sandbox-psp\/3ds\/psp_/);
    expect(await p.payments()).toBe(1);
  });

  it('a declined deposit is a kept answer too: the retry is declined the same way without asking the bank again', async () => {
    const p = await player();
    const key = newKey();
    const first = await p.deposit(5_000, key, 'sandbox_card', { ...CARD, card_number: TEST_CARDS.declined });
    expect(first.statusCode).toBe(422);
    expect(first.json()).toMatchObject({ code: 'payment_declined' });
    const retry = await p.deposit(5_000, key, 'sandbox_card', { ...CARD, card_number: TEST_CARDS.declined });
    expect([retry.statusCode, retry.body]).toEqual([422, first.body]);
    expect(await p.payments()).toBe(1);
  });

  it('a provider that throws answers a 502 kept for the key (the retry is told the same, never "in use"); the payment waits for its webhook', async () => {
    const p = await player();
    const key = newKey();
    const start = vi.spyOn(t.payments.sandbox, 'start').mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
    try {
      const first = await p.deposit(5_000, key);
      expect(first.statusCode, first.body).toBe(502);
      expect(first.json()).toMatchObject({ code: 'provider_unavailable' });
      const retry = await p.deposit(5_000, key);
      expect([retry.statusCode, retry.body, retry.headers['idempotent-replayed']]).toEqual([502, first.body, 'true']);
      expect(start).toHaveBeenCalledTimes(1);
    } finally {
      start.mockRestore();
    }
    // We cannot know whether the provider took it: the payment stays pending for its webhook.
    const [row] = (await t.database.db.execute(sql`SELECT state, finished_at FROM payments WHERE user_id = ${p.id}`))
      .rows as Array<{ state: string; finished_at: unknown }>;
    expect(row).toMatchObject({ state: 'pending', finished_at: null });
    // A new submission (new key) is a new payment.
    expect((await p.deposit(5_000, newKey())).statusCode).toBe(201);
    await settle();
    expect(await p.payments()).toBe(2);
    expect(await p.balance()).toBe(5_000);
  });

  it('concurrent submissions with one key → one payment; the others get its answer or are told it is still running', async () => {
    const p = await player();
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 5 }, () => p.deposit(4_000, key)));
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const a of created) expect(a.body).toBe(created[0]!.body);
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      expect(a.statusCode).toBe(409);
      expect(a.json()).toMatchObject({ code: 'idempotency_key_in_use' });
    }
    await settle();
    expect(await p.payments()).toBe(1);
    expect(await p.balance()).toBe(4_000);
  });

  it('the same key with another request is a 409 and starts nothing; a bad key is a 400; a refused request keeps no key', async () => {
    const p = await player();
    const key = newKey();
    expect((await p.deposit(5_000, key)).statusCode).toBe(201);
    const other = await p.deposit(6_000, key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'idempotency_key_reused' });
    // The same key on a withdrawal is another request too.
    expect((await p.withdraw(1_000, key)).json()).toMatchObject({ code: 'idempotency_key_reused' });
    for (const bad of ['short', 'x'.repeat(129), 'has space in it', 'ünïcode-key-1', 'a,b,c,d,e,f,g']) {
      const res = await p.deposit(5_000, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_idempotency_key' });
    }
    // Refused before anything was made (below the minimum): the key stays free for the fixed request.
    const fresh = newKey();
    expect((await p.deposit(500, fresh)).json()).toMatchObject({ code: 'amount_too_small' });
    expect((await p.deposit(5_000, fresh)).statusCode).toBe(201);
    await settle();
    expect(await p.payments()).toBe(2);
  });

  it('keys belong to one player: another player may use the same key', async () => {
    const a = await player();
    const b = await player();
    const key = newKey();
    expect((await a.deposit(5_000, key)).statusCode).toBe(201);
    const theirs = await b.deposit(5_000, key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    await settle();
    expect([await a.payments(), await b.payments()]).toEqual([1, 1]);
  });
});

describe('Idempotency-Key on withdrawals', () => {
  it('the same key twice → one withdrawal and one reserve; the retry gets the first answer', async () => {
    const p = await player(10_000);
    const key = newKey();
    const first = await p.withdraw(3_000, key);
    expect(first.statusCode, first.body).toBe(201);
    const retry = await p.withdraw(3_000, key);
    expect([retry.statusCode, retry.body]).toEqual([201, first.body]);
    expect(await p.payments()).toBe(2); // the funding deposit and this withdrawal
    expect(await p.balance()).toBe(7_000);
    expect((await p.withdraw(3_500, key)).json()).toMatchObject({ code: 'idempotency_key_reused' });
    expect(await p.balance()).toBe(7_000);
  });

  it('concurrent submissions with one key → one withdrawal; every answer is the first one', async () => {
    const p = await player(10_000);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 6 }, () => p.withdraw(2_500, key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await p.payments()).toBe(2);
    expect(await p.balance()).toBe(7_500);
  });

  it('a withdrawal refused for too little cash keeps no key: the retry is judged again', async () => {
    const p = await player(2_000);
    const key = newKey();
    expect((await p.withdraw(3_000, key)).json()).toMatchObject({ code: 'insufficient_funds' });
    expect((await p.withdraw(1_500, key)).statusCode).toBe(201);
    expect(await p.balance()).toBe(500);
  });
});
