/**
 * The business maximum balance per currency (decision 016), the wallet `balance` call's session
 * check, and the rule that nothing running after a commit can turn a committed call into a 5xx.
 * Money moves here, so this runs on both databases; ledger invariants are checked after each test.
 */
import { sql } from 'drizzle-orm';
import { maxBalanceMinor } from '@croupier/shared/currencies';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { expectContract } from '../../../test/contract.ts';
import { AdminCreditResponseSchema } from '@croupier/shared/api/wallet';
import { GOOD_PASSWORD, signUp } from '../auth/test-helpers.ts';
import {
  balanceOf,
  count,
  expectLedgerSound,
  fund,
  gameSession,
  insertPlayer,
  TEST_PROVIDER,
  TEST_PROVIDER_SECRET,
  TEST_PROVIDERS_ENV,
  walletCall,
} from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ...TEST_PROVIDERS_ENV, ADMIN_API_TOKEN: 'admin-token-for-balance-limit-tests-0123456789' });
});
afterAll(() => t.close());
afterEach(async () => {
  vi.restoreAllMocks();
  await expectLedgerSound(t.database);
});

const EUR_MAX = maxBalanceMinor('EUR');
let seq = 0;
const call = (action: string, body: Record<string, unknown>) =>
  walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, action, body);

async function playerAt(balance: bigint) {
  const id = await insertPlayer(t.database, 'EUR');
  if (balance > 0n) await fund(t.wallet, id, 'EUR', balance);
  const token = await gameSession(t.database, id, 'EUR', TEST_PROVIDER, t.clock.now());
  const round = `limit-round-${++seq}`;
  const base = { user_id: String(id), currency: 'EUR', game: 'test-studio/slot', round_id: round };
  return {
    id,
    token,
    bet: (amount: number, tx = `${round}-bet`) =>
      call('bet', { ...base, session_token: token, transaction_id: tx, amount }),
    win: (amount: number, tx = `${round}-win`, roundClosed = true) =>
      call('win', { ...base, transaction_id: tx, amount, round_closed: roundClosed }),
    rollback: (reference: string, tx = `${round}-rb`) =>
      call('rollback', { ...base, transaction_id: tx, reference_transaction_id: reference }),
  };
}

describe('the maximum balance per currency', () => {
  it('a win past the maximum is refused with BALANCE_LIMIT and the balance as HTTP 200 (definite: not to be retried); nothing moves; a retry gets the same bytes', async () => {
    const p = await playerAt(EUR_MAX - 1_000n);
    expect((await p.bet(100)).json.status).toBe('OK');
    const ledger = await count(t.database, 'ledger_transactions');
    const refused = await p.win(2_000, undefined, false);
    expect(refused.status).toBe(200);
    expect(refused.json).toMatchObject({ status: 'BALANCE_LIMIT', balance: Number(EUR_MAX - 1_100n) });
    expect(BigInt(await balanceOf(t.database, p.id))).toBe(EUR_MAX - 1_100n);
    expect(await count(t.database, 'ledger_transactions')).toBe(ledger);
    const again = await p.win(2_000, undefined, false);
    expect([again.status, again.body]).toEqual([200, refused.body]);
    // A win that lands exactly on the maximum is paid.
    const exact = await p.win(1_100, `${p.id}-exact`);
    expect(exact.json).toMatchObject({ status: 'OK', balance: Number(EUR_MAX) });
  });

  it('a win that would pass 2^53 (what JSON carries exactly) is refused, and the accounts read fine afterwards', async () => {
    const { client, player } = await signUp(t.app, { currency: 'EUR' });
    await fund(t.wallet, player.id, 'EUR', 1_000);
    const token = await gameSession(t.database, player.id, 'EUR', TEST_PROVIDER, t.clock.now());
    const base = { user_id: String(player.id), currency: 'EUR', game: 'test-studio/slot', round_id: 'huge' };
    expect(
      (await call('bet', { ...base, session_token: token, transaction_id: 'huge-bet', amount: 100 })).json.status,
    ).toBe('OK');
    const huge = await call('win', { ...base, transaction_id: 'huge-win', amount: Number.MAX_SAFE_INTEGER });
    expect(huge.status).toBe(200);
    expect(huge.json.status).toBe('BALANCE_LIMIT');
    const accounts = await client.get('/api/player/accounts');
    expect(accounts.statusCode).toBe(200);
    expect((accounts.json() as Array<{ amount_cents: number }>)[0]!.amount_cents).toBe(900);
  });

  it('two wins at once cannot together pass the maximum', async () => {
    const p = await playerAt(EUR_MAX - 1_000n);
    expect((await p.bet(100)).json.status).toBe('OK');
    const [a, b] = await Promise.all([p.win(800, 'twin-a', false), p.win(800, 'twin-b', false)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.json.status, b.json.status].sort()).toEqual(['BALANCE_LIMIT', 'OK']);
    expect(BigInt(await balanceOf(t.database, p.id))).toBe(EUR_MAX - 1_100n + 800n);
  });

  it('a rolled-back stake comes back even above the maximum: it was the player’s own money', async () => {
    const p = await playerAt(EUR_MAX - 500n);
    expect((await p.bet(1_000, 'stake')).json.status).toBe('OK');
    // Another round's win refills the wallet to the maximum meanwhile.
    const other = { user_id: String(p.id), currency: 'EUR', game: 'test-studio/slot', round_id: `other-${p.id}` };
    expect(
      (await call('bet', { ...other, session_token: p.token, transaction_id: `other-bet-${p.id}`, amount: 1 })).json
        .status,
    ).toBe('OK');
    expect((await call('win', { ...other, transaction_id: `other-win-${p.id}`, amount: 1_501 })).json.status).toBe(
      'OK',
    );
    expect(BigInt(await balanceOf(t.database, p.id))).toBe(EUR_MAX);
    const refund = await p.rollback('stake');
    expect(refund.json).toMatchObject({ status: 'OK', balance: Number(EUR_MAX + 1_000n) });
  });

  it('an operator credit answers the transaction and the wallet; the same key again is the same credit', async () => {
    const id = await insertPlayer(t.database, 'EUR');
    const credit = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/wallet/credits',
        headers: { authorization: 'Bearer admin-token-for-balance-limit-tests-0123456789' },
        payload: {
          user_id: id,
          currency: 'EUR',
          amount_cents: 500,
          idempotency_key: `credit-${id}`,
          reason: 'goodwill',
        },
      });
    const first = await credit();
    expect(first.statusCode, first.body).toBe(201);
    const body = expectContract(AdminCreditResponseSchema, first.json());
    expect(body).toMatchObject({ duplicate: false, account: { currency: 'EUR', amount_cents: 500 } });
    const again = await credit();
    expect(again.statusCode).toBe(200);
    expect(expectContract(AdminCreditResponseSchema, again.json())).toMatchObject({
      transaction_id: body.transaction_id,
      duplicate: true,
    });
  });

  it('an operator credit without the right token is a 401 and credits nothing', async () => {
    const id = await insertPlayer(t.database, 'EUR');
    for (const headers of [{}, { authorization: 'Bearer wrong' }]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/admin/wallet/credits',
        headers,
        payload: { user_id: id, currency: 'EUR', amount_cents: 500, idempotency_key: `nope-${id}`, reason: 'x' },
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'admin_token_invalid' });
    }
    expect(BigInt(await balanceOf(t.database, id))).toBe(0n);
  });

  it('an operator credit past the maximum is a 422 balance_limit and moves nothing', async () => {
    const id = await insertPlayer(t.database, 'EUR');
    await fund(t.wallet, id, 'EUR', EUR_MAX);
    const credit = await t.app.inject({
      method: 'POST',
      url: '/api/admin/wallet/credits',
      headers: { authorization: 'Bearer admin-token-for-balance-limit-tests-0123456789' },
      payload: {
        user_id: id,
        currency: 'EUR',
        amount_cents: 1,
        idempotency_key: `limit-test-${id}`,
        reason: 'goodwill',
      },
    });
    expect(credit.statusCode, credit.body).toBe(422);
    expect(credit.json()).toMatchObject({ code: 'balance_limit' });
    expect(BigInt(await balanceOf(t.database, id))).toBe(EUR_MAX);
  });

  it('a balance written before the maximum existed, past 2^53, never breaks reading the accounts', async () => {
    const { client, player } = await signUp(t.app, { currency: 'EUR' });
    // Balance and postings disagree on purpose here, so the ledger check would rightly fail: undone below.
    await t.database.db.execute(
      sql`UPDATE player_accounts SET amount_cents = 9007199254740993, available_to_cashout_cents = 9007199254740993 WHERE user_id = ${player.id}`,
    );
    const accounts = await client.get('/api/player/accounts');
    expect(accounts.statusCode).toBe(200);
    expect((await client.get('/api/player')).statusCode).toBe(200);
    await t.database.db.execute(
      sql`UPDATE player_accounts SET amount_cents = 0, available_to_cashout_cents = 0 WHERE user_id = ${player.id}`,
    );
  });
});

describe('the balance call checks the session token like a bet', () => {
  it('answers only for a live session of this provider and player, in its currency', async () => {
    const p = await playerAt(5_000n);
    const balance = (body: Record<string, unknown>) =>
      call('balance', { user_id: String(p.id), currency: 'EUR', session_token: p.token, ...body });
    expect((await balance({})).json).toMatchObject({ status: 'OK', balance: 5_000 });
    expect((await balance({ session_token: 'not-a-session' })).json).toEqual({
      status: 'SESSION_EXPIRED',
      currency: 'EUR',
      message: expect.any(String),
    });
    const someoneElse = await insertPlayer(t.database, 'EUR');
    expect((await balance({ user_id: String(someoneElse) })).json.status).toBe('SESSION_EXPIRED');
    expect((await balance({ currency: 'USD' })).json.status).toBe('WRONG_CURRENCY');
    const theirs = await gameSession(t.database, p.id, 'EUR', 'another-studio', t.clock.now());
    expect((await balance({ session_token: theirs })).json.status).toBe('SESSION_EXPIRED');
    const short = await gameSession(t.database, p.id, 'EUR', TEST_PROVIDER, t.clock.now(), 1);
    t.clock.advance(61_000);
    expect((await balance({ session_token: short })).json.status).toBe('SESSION_EXPIRED');
    await t.database.db.execute(sql`UPDATE users SET disabled_at = ${t.clock.now()} WHERE id = ${p.id}`);
    expect((await balance({})).json.status).toBe('USER_DISABLED');
  });
});

describe('nothing after a commit can turn a committed call into a 5xx', () => {
  it('a wallet win whose balance event or listener throws still answers OK, and the money moved once', async () => {
    const p = await playerAt(1_000n);
    const listener = vi.fn(() => {
      throw new Error('listener down');
    });
    // Removed at the end, so no later test in this file runs with a throwing listener.
    const remove = t.wallet.onCommitted(listener);
    try {
      vi.spyOn(t.wallet.service, 'presentBalance').mockImplementation(() => {
        throw new Error('presenter down');
      });
      expect((await p.bet(100)).json.status).toBe('OK');
      const won = await p.win(300);
      expect(won.status).toBe(200);
      expect(won.json).toMatchObject({ status: 'OK', balance: 1_200 });
      expect(await balanceOf(t.database, p.id)).toBe(1_200);
      expect(listener).toHaveBeenCalledTimes(2);
    } finally {
      remove();
    }
    vi.mocked(t.wallet.service.presentBalance).mockRestore();
    expect((await p.bet(100)).json.status).toBe('OK');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('a deposit, its webhook and a withdrawal answer normally when publishing the change throws', async () => {
    const { client } = await signUp(t.app, { currency: 'EUR' });
    vi.spyOn(t.payments.service.deps, 'publish').mockImplementation(() => {
      throw new Error('realtime down');
    });
    vi.spyOn(t.wallet.service, 'presentBalance').mockImplementation(() => {
      throw new Error('presenter down');
    });
    const ewallet = { method_id: 'sandbox_ewallet', fields: { email: 'ada@example.com' } };
    const deposit = await client.post('/api/payments/deposits', {
      payment: { currency: 'EUR', amount_cents: 5_000, ...ewallet },
    });
    expect(deposit.statusCode, deposit.body).toBe(201);
    await t.payments.sandbox.idle();
    vi.mocked(t.wallet.service.presentBalance).mockRestore();
    const eur = async () =>
      ((await client.get('/api/player/accounts')).json() as Array<{ amount_cents: number }>)[0]!.amount_cents;
    expect(await eur()).toBe(5_000);
    // A deposit does not make its account a known payout destination (decision 015).
    expect((await client.post('/api/auth/step_up', { user: { password: GOOD_PASSWORD } })).statusCode).toBe(200);
    vi.spyOn(t.wallet.service, 'presentBalance').mockImplementation(() => {
      throw new Error('presenter down');
    });
    const withdrawal = await client.post('/api/payments/withdrawals', {
      payment: { currency: 'EUR', amount_cents: 2_000, ...ewallet },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    vi.mocked(t.wallet.service.presentBalance).mockRestore();
    expect(await eur()).toBe(3_000);
    const history = (await client.get('/api/player/payments')).json() as Array<{ state: string; action: string }>;
    expect(history.map((h) => `${h.action}:${h.state}`)).toEqual(['cashout:pending', 'deposit:succeeded']);
  });
});
