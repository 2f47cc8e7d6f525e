/**
 * A withdrawal and the deposit bonuses bound to the cash it takes (docs/bonuses.md#withdrawals-and-bonuses,
 * docs/reliability.md#b6-bonuses-leave-with-their-deposits,
 * #b7-a-deposits-bonus-is-bound-before-it-is-issued): a forfeiting withdrawal of the cash of two
 * deposits forfeits the waiting deposit bonus too, instead of promoting it; a deposit whose bonus the
 * `bonuses.deposits` consumer has not issued yet is bound to its bonus all the same, so it is never
 * paid out and then rewarded. Real deposits through the sandbox's signed webhook, the consumer held
 * back where the test says so, on a moving clock, on both databases.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WithdrawalBonusRefusalSchema } from '@croupier/shared/api/bonuses';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { expectContract, expectRouteContract } from '../../../test/contract.ts';
import { rows } from '../../db/sql.ts';
import { GOOD_PASSWORD } from '../auth/test-helpers.ts';
import { expectLedgerSound } from '../wallet/test-helpers.ts';
import {
  ADMIN_ENV,
  createCampaign,
  deposit,
  depositOffer,
  drainAll,
  expectConsumersHealthy,
  pendingDeposit,
  signUpConfirmed,
  storedBonuses,
  walletOf,
} from './test-campaigns.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are checked by their contract first

let t: TestApp;
beforeAll(async () => {
  // Requests read a clock that moves 3 ms a read (docs/reliability.md#concurrency-tests).
  t = await buildTestApp(ADMIN_ENV, { tickMs: 3 });
});
afterEach(async () => {
  await expectConsumersHealthy(t);
  await expectLedgerSound(t.database);
});
afterAll(() => t.close());

const ROUTE = '/api/payments/withdrawals';
const drain = () => drainAll(t, 'bonuses.deposits');

/** 100 % up to €200 from €20, and a reload of 50 % up to €100. */
async function offers() {
  const welcome = await createCampaign(t, depositOffer());
  const reload = await createCampaign(
    t,
    depositOffer({ terms: { ...depositOffer().terms, percent: 50, max_bonus_cents: { EUR: 100_00, USD: 100_00 } } }),
  );
  return { welcome, reload };
}

/** A confirmed player, stepped up for a new payout address. */
async function depositor() {
  const { client, player } = await signUpConfirmed(t, { currency: 'EUR' });
  expect((await client.post('/api/auth/step_up', { user: { password: GOOD_PASSWORD } })).statusCode).toBe(200);
  const choose = async (code: string) =>
    expect((await client.patch('/api/player/set_bonus_code', { deposit_bonus_code: code })).statusCode).toBe(200);
  const withdraw = async (amount_cents: number, extra: Json = {}) => {
    const res = await client.post(ROUTE, {
      payment: { currency: 'EUR', amount_cents, method_id: 'sandbox_ewallet', fields: { email: 'ada@example.com' } },
      ...extra,
    });
    expectRouteContract('POST', ROUTE, res);
    return res;
  };
  return { id: player.id, client, choose, withdraw };
}

async function stages(userId: number) {
  return rows<{ id: number; stage: string; cancel_reason: string | null; amount_cents: string }>(
    t.database.db,
    sql`SELECT id, stage, cancel_reason, amount_cents::text FROM player_bonuses WHERE user_id = ${userId} ORDER BY id`,
  );
}

/** Two deposits of €50.00: the welcome offer's €50.00 being wagered, the reload's €25.00 waiting. */
async function twoDeposits() {
  const { welcome, reload } = await offers();
  const p = await depositor();
  await p.choose(welcome.code!);
  await deposit(t, p.client, 50_00);
  await drain();
  await p.choose(reload.code!);
  await deposit(t, p.client, 50_00);
  await drain();
  expect(await walletOf(t, p.id)).toEqual({ cash: 100_00, bonus: 50_00 });
  const [wagered, waiting] = await storedBonuses(t, p.id);
  expect([wagered?.stage, waiting?.stage, waiting?.amount_cents]).toEqual(['handle_bets', 'wait', 25_00]);
  return { p, wagered: wagered!, waiting: waiting! };
}

describe('a withdrawal of the cash of two deposits', () => {
  it('refused, names both bonuses it would forfeit; confirmed, forfeits both and starts neither; a recall brings neither back', async () => {
    const { p, wagered, waiting } = await twoDeposits();

    const refused = await p.withdraw(100_00);
    expect(refused.statusCode).toBe(409);
    const body = expectContract(WithdrawalBonusRefusalSchema, refused.json());
    expect(body.forfeits).toEqual([
      {
        id: wagered.id,
        title: '100 % up to €200',
        stage: 'handle_bets',
        currency: 'EUR',
        amount_cents: 50_00,
        bonus_balance_cents: 50_00,
      },
      {
        id: waiting.id,
        title: '50 % up to €100',
        stage: 'wait',
        currency: 'EUR',
        amount_cents: 25_00,
        bonus_balance_cents: 0,
      },
    ]);
    expect(body.error).toBe(
      'Withdrawing cancels 2 bonuses: “100 % up to €200” (€50.00 of bonus money, €0.00 of it winnings, will be removed) and ' +
        '“50 % up to €100” (€25.00, not started yet, will never be granted). Your €100.00 cash stays. ' +
        'Recalling the withdrawal will not bring them back. Send the withdrawal again with forfeit_bonus: true to go ahead.',
    );
    expect(body.cancel_info).toMatchObject({ id: wagered.id, bonus_balance: '50.00', cash_balance: '100.00' });
    expect(body.recall_restores_bonus).toBe(false);

    const paid = await p.withdraw(100_00, { forfeit_bonus: true });
    expect(paid.statusCode, paid.body).toBe(201);
    // Both deposits leave, and no bonus money stays to be wagered.
    expect(await walletOf(t, p.id)).toEqual({ cash: 0, bonus: 0 });
    expect(await stages(p.id)).toMatchObject([
      { id: wagered.id, stage: 'canceled', cancel_reason: 'withdrawal' },
      { id: waiting.id, stage: 'canceled', cancel_reason: 'withdrawal' },
    ]);

    // The recall returns the cash, not the bonuses (as the refusal said).
    const id = (paid.json() as Json).payment.id as number;
    expect((await p.client.post(`/api/player/payments/${id}/recall`)).statusCode).toBe(200);
    expect(await walletOf(t, p.id)).toEqual({ cash: 100_00, bonus: 0 });
    expect((await stages(p.id)).map((b) => b.stage)).toEqual(['canceled', 'canceled']);
  });

  it('of half the cash: the wagered bonus goes, the waiting one keeps its deposit and starts', async () => {
    const { p, wagered, waiting } = await twoDeposits();
    const refused = expectContract(WithdrawalBonusRefusalSchema, (await p.withdraw(50_00)).json());
    expect(refused.forfeits.map((f) => f.id)).toEqual([wagered.id]);

    expect((await p.withdraw(50_00, { forfeit_bonus: true })).statusCode).toBe(201);
    expect(await walletOf(t, p.id)).toEqual({ cash: 50_00, bonus: 25_00 });
    expect(await stages(p.id)).toMatchObject([
      { id: wagered.id, stage: 'canceled', cancel_reason: 'withdrawal' },
      { id: waiting.id, stage: 'handle_bets', cancel_reason: null },
    ]);
  });

  it('of a cent more than the cash the waiting bonus’s deposit still covers forfeits it too', async () => {
    const { p, waiting } = await twoDeposits();
    const refused = expectContract(WithdrawalBonusRefusalSchema, (await p.withdraw(50_01)).json());
    expect(refused.forfeits.map((f) => f.stage)).toEqual(['handle_bets', 'wait']);
    expect((await p.withdraw(50_01, { forfeit_bonus: true })).statusCode).toBe(201);
    expect(await walletOf(t, p.id)).toEqual({ cash: 49_99, bonus: 0 });
    expect((await stages(p.id)).find((b) => b.id === waiting.id)).toMatchObject({ stage: 'canceled' });
  });
});

describe('a deposit the bonus consumer has not reached yet', () => {
  it('withdrawn at once: the refusal names its bonus; confirmed, the consumer later grants nothing', async () => {
    const { welcome } = await offers();
    const p = await depositor();
    await p.choose(welcome.code!);
    const paymentId = await deposit(t, p.client, 50_00);
    // The consumer is held back: nothing issued yet.
    expect(await storedBonuses(t, p.id)).toEqual([]);

    const refused = await p.withdraw(50_00);
    expect(refused.statusCode).toBe(409);
    const [bonus] = await storedBonuses(t, p.id);
    expect(bonus).toMatchObject({ source: 'payment', source_ref: String(paymentId), stage: 'handle_bets' });
    expect(expectContract(WithdrawalBonusRefusalSchema, refused.json()).forfeits).toMatchObject([
      { id: bonus!.id, stage: 'handle_bets', amount_cents: 50_00 },
    ]);

    expect((await p.withdraw(50_00, { forfeit_bonus: true })).statusCode).toBe(201);
    await drain();
    expect(await storedBonuses(t, p.id)).toMatchObject([{ id: bonus!.id, stage: 'canceled' }]);
    expect(await walletOf(t, p.id)).toEqual({ cash: 0, bonus: 0 });
  });

  it('landing after the withdrawal’s first look: decided inside its transaction, and a refusal keeps nothing', async () => {
    const { welcome } = await offers();
    const p = await depositor();
    await p.choose(welcome.code!);
    await deposit(t, p.client, 50_00);
    // As if the deposit had committed between the look before the transaction and the transaction.
    const { deps } = t.payments.service;
    const prepare = deps.prepareWithdrawal;
    delete deps.prepareWithdrawal;
    try {
      const refused = await p.withdraw(50_00);
      expect(refused.statusCode).toBe(409);
      expect(expectContract(WithdrawalBonusRefusalSchema, refused.json()).forfeits).toMatchObject([
        { stage: 'handle_bets', amount_cents: 50_00 },
      ]);
      // The refusal rolled its transaction back, the bonus issued in it too: the consumer's to issue.
      expect(await storedBonuses(t, p.id)).toEqual([]);
      expect((await p.withdraw(50_00, { forfeit_bonus: true })).statusCode).toBe(201);
    } finally {
      deps.prepareWithdrawal = prepare;
    }
    await drain();
    expect(await storedBonuses(t, p.id)).toMatchObject([{ stage: 'canceled' }]);
    expect(await walletOf(t, p.id)).toEqual({ cash: 0, bonus: 0 });
  });

  it('withdrawn while the consumer runs: either way one bonus, forfeited, and no bonus money left (8 players at once)', async () => {
    const { welcome } = await offers();
    // The casino's EUR `bonus_funding` account exists, as after its first grant ever: two grants
    // creating it at once can deadlock (docs/bonuses.md#not-yet), which is not this test's race.
    await t.database.db.transaction((tx) => t.wallet.accounts.system(tx, 'bonus_funding', 'EUR'));
    const players = [];
    for (let i = 0; i < 8; i += 1) {
      const p = await depositor();
      await p.choose(welcome.code!);
      const pending = await pendingDeposit(t, p.client, 50_00);
      players.push({ p, pending });
    }
    // The webhooks land, then the consumer and every withdrawal race for the wallets: drains
    // started between the withdrawals, so some players' consumer runs before and some after.
    await Promise.all(players.map(({ pending }) => pending.succeed()));
    const withdrawals = players.map(({ p }) => p.withdraw(50_00, { forfeit_bonus: true }));
    await Promise.all(withdrawals.flatMap((w) => [w, drain()]));
    for (const res of await Promise.all(withdrawals)) expect(res.statusCode, res.body).toBe(201);
    await drain();
    for (const { p } of players) {
      expect(await stages(p.id)).toMatchObject([{ stage: 'canceled', cancel_reason: 'withdrawal' }]);
      expect(await walletOf(t, p.id)).toEqual({ cash: 0, bonus: 0 });
    }
  });
});
