/**
 * Withdrawing while a bonus is being wagered (docs/bonuses.md#limits-withdrawals-privacy,
 * docs/payments.md#withdrawals-and-bonuses): without the player's confirmation the withdrawal is
 * refused, 409 `bonus_active` with what it would take, and nothing moves; with `forfeit_bonus` the
 * bonus is canceled in the reserve's transaction, only its bonus money goes, and the cash withdrawn
 * is exactly the cash asked for. On both databases.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WithdrawalBonusRefusalSchema, type PlayerBonus } from '@croupier/shared/api/bonuses';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { expectContract, expectRouteContract } from '../../../test/contract.ts';
import { GOOD_PASSWORD, signUp } from '../auth/test-helpers.ts';
import { count, expectLedgerSound, fund } from '../wallet/test-helpers.ts';
import { gift, movements, stageOf, walletOf } from './test-bonus-helpers.ts';
import type { BonusesService } from './bonuses.service.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are checked by their contract first

let t: TestApp;
let bonuses: BonusesService;
beforeAll(async () => {
  t = await buildTestApp();
  bonuses = t.croupier.modules.bonuses;
});
afterAll(async () => {
  await expectLedgerSound(t.database);
  await t.close();
});

let keys = 0;
const ROUTE = '/api/payments/withdrawals';

/** A player with 80.00 EUR cash and a bonus of 45.00 being wagered, stepped up for a new payout address. */
async function player() {
  const { client, player: p } = await signUp(t.app, { currency: 'EUR' });
  expect((await client.post('/api/auth/step_up', { user: { password: GOOD_PASSWORD } })).statusCode).toBe(200);
  await fund(t.wallet, p.id, 'EUR', 80_00);
  const bonus = await bonuses.issue(gift(p.id, { amount: 45_00n }));
  await bonuses.activate(p.id, bonus.id);
  const withdraw = async (amount_cents: number, extra: Json = {}, key?: string) => {
    const res = await client.post(
      ROUTE,
      {
        payment: { currency: 'EUR', amount_cents, method_id: 'sandbox_ewallet', fields: { email: 'ada@example.com' } },
        ...extra,
      },
      key ? { 'idempotency-key': key } : {},
    );
    expectRouteContract('POST', ROUTE, res);
    return res;
  };
  const snapshot = async () => ({
    wallet: await walletOf(t, p.id),
    payments: Number(
      (
        (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM payments WHERE user_id = ${p.id}`)).rows[0] as {
          n: number;
        }
      ).n,
    ),
    ledger: await count(t.database, 'ledger_transactions'),
    events: Number(
      (
        (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM events WHERE user_id = ${p.id}`)).rows[0] as {
          n: number;
        }
      ).n,
    ),
    bonus: await stageOf(t, bonus.id),
  });
  return { id: p.id, client, bonus, withdraw, snapshot };
}

describe('a withdrawal while a bonus is wagered', () => {
  it('is refused without the player’s confirmation, with what it would take, and nothing moves', async () => {
    const p = await player();
    const before = await p.snapshot();
    const refused = await p.withdraw(30_00);
    expect(refused.statusCode).toBe(409);
    expect(expectContract(WithdrawalBonusRefusalSchema, refused.json())).toEqual({
      code: 'bonus_active',
      error:
        'Withdrawing cancels your bonus “€45 bonus” (€45.00 of bonus money, €0.00 of it winnings, will be removed). Your €80.00 cash stays. Recalling the withdrawal will not bring it back. Send the withdrawal again with forfeit_bonus: true to go ahead.',
      forfeits: [
        {
          id: p.bonus.id,
          title: '€45 bonus',
          stage: 'handle_bets',
          currency: 'EUR',
          amount_cents: 45_00,
          bonus_balance_cents: 45_00,
        },
      ],
      recall_restores_bonus: false,
      cancel_info: {
        id: p.bonus.id,
        total_withdrawal_amount: '80.00',
        current_balance: '125.00',
        cash_balance: '80.00',
        bonus_balance: '45.00',
        bonus_winnings: '0.00',
        currency: 'EUR',
      },
    });
    // `forfeit_bonus: false` is no confirmation either.
    expect((await p.withdraw(30_00, { forfeit_bonus: false })).statusCode).toBe(409);
    expect(await p.snapshot()).toEqual(before);
    expect(before.bonus).toEqual({ stage: 'handle_bets', cancel_reason: null });
  });

  it('with forfeit_bonus: the bonus is canceled with the reserve, only bonus money goes, the next bonus starts', async () => {
    const p = await player();
    const next = await bonuses.issue(gift(p.id, { amount: 20_00n }));
    await bonuses.activate(p.id, next.id);
    const res = await p.withdraw(30_00, { forfeit_bonus: true });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as Json).payment).toMatchObject({ amount_cents: 30_00, state: 'pending' });

    // 80.00 cash − 30.00 reserved; the 45.00 of bonus money forfeited; the waiting bonus granted.
    expect(await walletOf(t, p.id)).toEqual({ cash: 50_00n, bonus: 20_00n });
    expect(await stageOf(t, p.bonus.id)).toEqual({ stage: 'canceled', cancel_reason: 'withdrawal' });
    expect(await movements(t, p.bonus.id)).toEqual([
      { kind: 'bonus_grant', cash: 0n, bonus: 45_00n, funding: -45_00n },
      { kind: 'bonus_forfeit', cash: 0n, bonus: -45_00n, funding: 45_00n },
    ]);
    const shown = (await p.client.get('/api/player/bonuses')).json() as PlayerBonus[];
    expect(shown.map((b) => [b.id, b.stage, b.status])).toEqual([
      [next.id, 'handle_bets', 'activated'],
      [p.bonus.id, 'canceled', 'erased_by_withdraw'],
    ]);
    await expectLedgerSound(t.database);
  });

  it('with an Idempotency-Key: the refusal keeps nothing for the key, the confirmed request is answered once', async () => {
    const p = await player();
    const key = `bonus-withdrawal-${process.pid}-${++keys}`;
    expect((await p.withdraw(30_00, {}, key)).statusCode).toBe(409);
    const first = await p.withdraw(30_00, { forfeit_bonus: true }, key);
    expect(first.statusCode, first.body).toBe(201);
    const retry = await p.withdraw(30_00, { forfeit_bonus: true }, key);
    expect(retry.body).toBe(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await walletOf(t, p.id)).toEqual({ cash: 50_00n, bonus: 0n });
    expect(await movements(t, p.bonus.id)).toHaveLength(2);
    await expectLedgerSound(t.database);
  });

  it('above the cash the reserve refuses first: there is nothing to confirm', async () => {
    const p = await player();
    const before = await p.snapshot();
    const res = await p.withdraw(80_01, { forfeit_bonus: true });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'insufficient_funds' });
    expect(await p.snapshot()).toEqual(before);
    await bonuses.cancel(p.id, p.bonus.id);
  });
});
