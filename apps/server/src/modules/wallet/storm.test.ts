/**
 * The W4 storm (docs/reliability.md#w4-one-guarded-statement): many workers run mixed bet / win / rollback / duplicate / deposit /
 * withdrawal operations at once on a few shared players. Each operation's effect follows from its
 * answer alone, so a reference model can predict every final balance whatever the interleaving.
 * No answer may be a 5xx or an exception, every balance must match the model and never go
 * negative, and the ledger invariants must hold (docs/reliability.md#ledger-invariants). On PostgreSQL (CI's second pass) it runs the full
 * 5,000 operations with 50 workers; on the embedded database, whose single connection serialises
 * everything, a smaller storm keeps the same assertions.
 */
import { createSimulationRng } from '@croupier/games/rng';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  balanceOf,
  expectLedgerSound,
  fund,
  gameSession,
  insertPlayer,
  TEST_PROVIDER,
  TEST_PROVIDER_SECRET,
  TEST_PROVIDERS_ENV,
  walletCall,
} from './test-helpers.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const WORKERS = onPostgres ? 50 : 8;
const OPERATIONS = onPostgres ? 5_000 : 400;
const PLAYERS = 8;
const START = 20_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(TEST_PROVIDERS_ENV);
});
afterAll(() => t.close());

describe('wallet storm (W4)', () => {
  it(`${OPERATIONS} mixed operations from ${WORKERS} workers: no 5xx, balances equal the reference model`, async () => {
    const secret = TEST_PROVIDER_SECRET;
    const players = await Promise.all(
      Array.from({ length: PLAYERS }, async () => {
        const userId = await insertPlayer(t.database);
        await fund(t.wallet, userId, 'EUR', START);
        const token = await gameSession(t.database, userId, 'EUR', TEST_PROVIDER, t.clock.now());
        return { userId, token };
      }),
    );
    const expected = new Map(players.map((p) => [p.userId, START]));
    const add = (userId: number, delta: number) => expected.set(userId, expected.get(userId)! + delta);
    const failures: string[] = [];
    const seen = new Map<string, number>();
    const note = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);

    let remaining = OPERATIONS;
    await Promise.all(
      Array.from({ length: WORKERS }, async (_, worker) => {
        const rng = createSimulationRng(1000 + worker);
        for (let op = 0; remaining-- > 0; op++) {
          const p = players[rng.int(PLAYERS)]!;
          const base = { user_id: String(p.userId), currency: 'EUR', game: 'croupier-originals/storm' };
          const call = async (action: string, body: Record<string, unknown>) => {
            const res = await walletCall(t.app, TEST_PROVIDER, secret, action, { ...base, ...body });
            if (res.status >= 500) failures.push(`${action} → ${res.status} ${res.body}`);
            note(`${action}:${res.json.status}`);
            return res;
          };
          const key = `storm-${worker}-${op}`;
          const roll = rng.int(100);
          try {
            if (roll < 12) {
              const amount = 1 + rng.int(5_000);
              await t.wallet.service.creditPlayer({
                userId: p.userId,
                currency: 'EUR',
                amount: BigInt(amount),
                from: 'payment_clearing',
                kind: 'deposit',
                idempotencyKey: key,
              });
              add(p.userId, amount);
              note('deposit');
            } else if (roll < 24) {
              const amount = 1 + rng.int(8_000);
              const out = await t.database.db.transaction((tx) =>
                t.wallet.service.debitPlayer({
                  userId: p.userId,
                  currency: 'EUR',
                  amount: BigInt(amount),
                  to: 'payment_clearing',
                  kind: 'withdrawal',
                  idempotencyKey: key,
                  tx,
                }),
              );
              if (out.ok) add(p.userId, -amount);
              note(`withdrawal:${out.ok ? 'ok' : 'refused'}`);
            } else {
              const round = `${key}-round`;
              const stake = 1 + rng.int(4_000);
              const bet = await call('bet', {
                session_token: p.token,
                round_id: round,
                transaction_id: `${key}-bet`,
                amount: stake,
              });
              if (bet.json.status !== 'OK') {
                if (bet.json.status !== 'NOT_ENOUGH_MONEY') failures.push(`bet → ${bet.body}`);
                continue;
              }
              add(p.userId, -stake);
              const next = rng.int(100);
              if (next < 10) {
                // A provider retry: the first answer byte for byte, no second debit.
                const again = await call('bet', {
                  session_token: p.token,
                  round_id: round,
                  transaction_id: `${key}-bet`,
                  amount: stake,
                });
                if (again.body !== bet.body)
                  failures.push(`duplicate bet answered differently: ${again.body} vs ${bet.body}`);
              } else if (next < 55) {
                const win = rng.int(2 * stake + 1);
                const paid = await call('win', {
                  round_id: round,
                  transaction_id: `${key}-win`,
                  amount: win,
                  round_closed: true,
                });
                if (paid.json.status === 'OK') add(p.userId, win);
                else failures.push(`win → ${paid.body}`);
              } else if (next < 80) {
                const back = await call('rollback', {
                  round_id: round,
                  transaction_id: `${key}-rb`,
                  reference_transaction_id: `${key}-bet`,
                });
                if (back.json.status === 'OK') add(p.userId, stake);
                else failures.push(`rollback → ${back.body}`);
              }
            }
          } catch (error) {
            failures.push(`${key}: ${String(error)}`);
          }
        }
      }),
    );

    expect(failures).toEqual([]);
    for (const p of players) {
      const balance = await balanceOf(t.database, p.userId);
      expect(balance, `player ${p.userId}`).toBe(expected.get(p.userId));
      expect(balance).toBeGreaterThanOrEqual(0);
    }
    // The storm really mixed things: bets accepted and refused, wins, rollbacks, deposits, withdrawals.
    for (const kind of ['bet:OK', 'win:OK', 'rollback:OK', 'deposit', 'withdrawal:ok'])
      expect(seen.get(kind) ?? 0, kind).toBeGreaterThan(0);
    await expectLedgerSound(t.database);
  }, 240_000);
});
