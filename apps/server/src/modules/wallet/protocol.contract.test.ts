/**
 * The seamless-wallet contract (docs/reliability.md#w1-integer-amounts, #w3-no-negative-balance, #w5-idempotency to #w11-signed-raw-body), table-driven, against the real HTTP
 * route and database. After every case the ledger invariants (docs/reliability.md#ledger-invariants) must hold.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
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
let secret: string;
beforeAll(async () => {
  t = await buildTestApp(TEST_PROVIDERS_ENV);
  secret = TEST_PROVIDER_SECRET;
});
afterAll(() => t.close());
afterEach(() => expectLedgerSound(t.database));

let n = 0;
const id = (p: string) => `${p}-${++n}`;

/** A player with 100.00 EUR and a live session. */
async function player(amount = 10_000) {
  const userId = await insertPlayer(t.database);
  await fund(t.wallet, userId, 'EUR', amount);
  const token = await gameSession(t.database, userId, 'EUR', TEST_PROVIDER, t.clock.now());
  const base = { user_id: String(userId), currency: 'EUR', game: 'croupier-originals/test' };
  const call = (action: string, body: Record<string, unknown>) =>
    walletCall(t.app, TEST_PROVIDER, secret, action, { ...base, ...body });
  return {
    userId,
    token,
    call,
    bet: (tx: string, amount: number, round = 'r1', extra: Record<string, unknown> = {}) =>
      call('bet', { session_token: token, round_id: round, transaction_id: tx, amount, ...extra }),
    win: (tx: string, amount: number, round = 'r1', extra: Record<string, unknown> = {}) =>
      call('win', { round_id: round, transaction_id: tx, amount, ...extra }),
    rollback: (tx: string, ref: string, round = 'r1') =>
      call('rollback', { round_id: round, transaction_id: tx, reference_transaction_id: ref }),
    balance: () => balanceOf(t.database, userId),
  };
}

type P = Awaited<ReturnType<typeof player>>;

interface Case {
  name: string;
  run: (p: P) => Promise<void>;
}

const cases: Case[] = [
  {
    name: 'bet then win: balance and one ledger transaction each',
    async run(p) {
      const bet = await p.bet(id('b'), 1_000);
      expect(bet.json).toMatchObject({ status: 'OK', balance: 9_000 });
      const win = await p.win(id('w'), 2_500);
      expect(win.json).toMatchObject({ status: 'OK', balance: 11_500 });
    },
  },
  {
    name: 'W3 bet above the balance → NOT_ENOUGH_MONEY with the actual balance, nothing posted',
    async run(p) {
      const before = await count(t.database, 'ledger_postings');
      const bet = await p.bet(id('b'), 10_001);
      expect(bet.status).toBe(200);
      expect(bet.json).toMatchObject({ status: 'NOT_ENOUGH_MONEY', balance: 10_000 });
      expect(await count(t.database, 'ledger_postings')).toBe(before);
    },
  },
  {
    name: 'W5 duplicate bet in a row and 50 at once → byte-identical answers, one posting set',
    async run(p) {
      const tx = id('b');
      const first = await p.bet(tx, 700);
      const before = await count(t.database, 'ledger_transactions');
      const again = await p.bet(tx, 700);
      const storm = await Promise.all(Array.from({ length: 50 }, () => p.bet(tx, 700)));
      for (const r of [again, ...storm]) expect(r.body).toBe(first.body);
      expect(await count(t.database, 'ledger_transactions')).toBe(before);
      expect(await p.balance()).toBe(9_300);
    },
  },
  {
    name: 'W5 duplicate win and duplicate rollback → identical answers, paid once',
    async run(p) {
      await p.bet(id('b'), 1_000, 'rw');
      const w = id('w');
      const first = await p.win(w, 300, 'rw');
      expect((await p.win(w, 300, 'rw')).body).toBe(first.body);
      const b2 = id('b');
      await p.bet(b2, 500, 'rr');
      const rb = id('rb');
      const r1 = await p.rollback(rb, b2, 'rr');
      expect((await p.rollback(rb, b2, 'rr')).body).toBe(r1.body);
      expect(await p.balance()).toBe(10_000 - 1_000 + 300);
    },
  },
  {
    name: 'W6 same id with another amount, round, currency or player → conflict, ledger unchanged',
    async run(p) {
      const tx = id('b');
      await p.bet(tx, 100);
      const other = await player();
      const before = await count(t.database, 'ledger_transactions');
      expect((await p.bet(tx, 200)).status).toBe(409);
      expect((await p.bet(tx, 100, 'other-round')).status).toBe(409);
      expect((await p.bet(tx, 100, 'r1', { currency: 'USD' })).status).toBe(409);
      const stolen = await walletCall(t.app, TEST_PROVIDER, secret, 'bet', {
        user_id: String(other.userId),
        currency: 'EUR',
        game: 'g',
        session_token: other.token,
        round_id: 'r1',
        transaction_id: tx,
        amount: 100,
      });
      expect(stolen.status).toBe(409);
      expect(stolen.json.status).toBe('DUPLICATE_TRANSACTION_CONFLICT');
      expect(await count(t.database, 'ledger_transactions')).toBe(before);
      expect(await p.balance()).toBe(9_900);
      expect(await other.balance()).toBe(10_000);
    },
  },
  {
    name: 'W8 bet + rollback refunds once; another rollback is a no-op; rollback after a win is refused',
    async run(p) {
      const b = id('b');
      await p.bet(b, 1_000, 'x');
      expect((await p.rollback(id('rb'), b, 'x')).json).toMatchObject({ status: 'OK', balance: 10_000 });
      expect((await p.rollback(id('rb'), b, 'x')).json).toMatchObject({ status: 'OK', balance: 10_000 });
      const b2 = id('b');
      await p.bet(b2, 1_000, 'y');
      await p.win(id('w'), 1_500, 'y');
      const late = await p.rollback(id('rb'), b2, 'y');
      expect(late.json).toMatchObject({ status: 'BET_ALREADY_SETTLED', balance: 10_500 });
      expect(await p.balance()).toBe(10_500);
    },
  },
  {
    name: 'round: the bets the wallet holds and the wins it paid, only to their provider and player',
    async run(p) {
      const ask = async (r: string, userId = String(p.userId)) => {
        const res = await walletCall(t.app, TEST_PROVIDER, secret, 'round', { user_id: userId, round_id: r });
        return { status: res.status, json: JSON.parse(res.body) as Record<string, unknown> };
      };
      expect(await ask('q0')).toEqual({
        status: 200,
        json: { status: 'OK', round: { round_id: 'q0', bets: [], wins: [], closed: false } },
      });
      const kept = id('b');
      const cancelled = id('b');
      await p.bet(kept, 1_000, 'q1');
      await p.bet(cancelled, 500, 'q1');
      await p.rollback(id('rb'), cancelled, 'q1');
      // A refused bet is not held either.
      expect((await p.bet(id('b'), 1_000_000, 'q1')).json.status).toBe('NOT_ENOUGH_MONEY');
      expect((await ask('q1')).json.round).toEqual({
        round_id: 'q1',
        bets: [{ transaction_id: kept, amount: 1_000 }],
        wins: [],
        closed: false,
      });
      const w = id('w');
      await p.win(w, 2_500, 'q1');
      expect((await ask('q1')).json.round).toEqual({
        round_id: 'q1',
        bets: [{ transaction_id: kept, amount: 1_000 }],
        wins: [{ transaction_id: w, amount: 2_500 }],
        closed: true,
      });
      // Another player's view of the round is empty, and a read moves nothing.
      const other = await insertPlayer(t.database);
      expect((await ask('q1', String(other))).json.round).toMatchObject({ bets: [], wins: [] });
      expect(await p.balance()).toBe(11_500);
      // A malformed read is a definite 400.
      expect((await walletCall(t.app, TEST_PROVIDER, secret, 'round', { round_id: 'q1' })).status).toBe(400);
    },
  },
  {
    name: 'W9 rollback of an unknown bet leaves a tombstone: the late bet is refused, balance unchanged',
    async run(p) {
      const b = id('b');
      const rb = await p.rollback(id('rb'), b, 'z');
      expect(rb.json).toMatchObject({ status: 'BET_NOT_FOUND', balance: 10_000 });
      const late = await p.bet(b, 1_000, 'z');
      expect(late.json.status).toBe('BET_ROLLED_BACK');
      expect(await p.balance()).toBe(10_000);
    },
  },
  {
    name: 'W10 expired session: bets refused, wins and rollbacks still accepted',
    async run(p) {
      const b = id('b');
      await p.bet(b, 1_000, 'e1');
      const b2 = id('b');
      await p.bet(b2, 1_000, 'e2');
      await t.database.db.execute(
        sql`UPDATE game_sessions SET expires_at = ${new Date(t.clock.now().getTime() - 1_000)} WHERE user_id = ${p.userId}`,
      );
      expect((await p.bet(id('b'), 100, 'e3')).json.status).toBe('SESSION_EXPIRED');
      expect((await p.win(id('w'), 5_000, 'e1')).json).toMatchObject({ status: 'OK', balance: 13_000 });
      expect((await p.rollback(id('rb'), b2, 'e2')).json).toMatchObject({ status: 'OK', balance: 14_000 });
    },
  },
  {
    name: 'W10 disabled player: the pending win is paid, the next bet gets USER_DISABLED',
    async run(p) {
      await p.bet(id('b'), 1_000, 'd1');
      await t.database.db.execute(sql`UPDATE users SET disabled_at = now() WHERE id = ${p.userId}`);
      expect((await p.win(id('w'), 2_000, 'd1')).json).toMatchObject({ status: 'OK', balance: 11_000 });
      expect((await p.bet(id('b'), 100, 'd2')).json.status).toBe('USER_DISABLED');
      expect(await p.balance()).toBe(11_000);
    },
  },
  {
    name: 'W10 a bet in another currency than the wallet → WRONG_CURRENCY, nothing posted',
    async run(p) {
      const before = await count(t.database, 'ledger_postings');
      const r = await p.bet(id('b'), 100, 'c1', { currency: 'USD' });
      expect(r.json.status).toBe('WRONG_CURRENCY');
      expect(await count(t.database, 'ledger_postings')).toBe(before);
    },
  },
  {
    name: 'W11 one flipped byte or a re-serialised body → INVALID_SIGNATURE, nothing written',
    async run(p) {
      const before = await count(t.database, 'wallet_requests');
      const body = {
        session_token: p.token,
        user_id: String(p.userId),
        currency: 'EUR',
        game: 'g',
        round_id: 's',
        transaction_id: id('b'),
        amount: 100,
      };
      const raw = JSON.stringify(body);
      const { WalletProtocol } = await import('./protocol.ts');
      const signature = `sha256=${WalletProtocol.sign(secret, raw)}`;
      const flipped = raw.replace('"amount":100', '"amount":900');
      expect((await walletCall(t.app, TEST_PROVIDER, secret, 'bet', flipped, signature)).status).toBe(401);
      const reserialised = JSON.stringify(body, null, 1);
      expect((await walletCall(t.app, TEST_PROVIDER, secret, 'bet', reserialised, signature)).json.status).toBe(
        'INVALID_SIGNATURE',
      );
      expect((await walletCall(t.app, 'someone-else', secret, 'bet', raw)).status).toBe(401);
      expect(await count(t.database, 'wallet_requests')).toBe(before);
      expect(await p.balance()).toBe(10_000);
    },
  },
  {
    name: 'W1 malformed amounts → 400, no ledger or request row',
    async run(p) {
      const before = [await count(t.database, 'wallet_requests'), await count(t.database, 'ledger_postings')];
      for (const amount of ['1.5', '"1e3"', '-1', '0', 'NaN', '9007199254740993', '1e400', 'null']) {
        const raw = `{"session_token":"${p.token}","user_id":"${p.userId}","currency":"EUR","game":"g","round_id":"m","transaction_id":"${id('b')}","amount":${amount}}`;
        const r = await walletCall(t.app, TEST_PROVIDER, secret, 'bet', raw);
        expect(r.status, amount).toBe(400);
      }
      expect([await count(t.database, 'wallet_requests'), await count(t.database, 'ledger_postings')]).toEqual(before);
    },
  },
];

describe('seamless-wallet contract', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    await c.run(await player());
  });
});

describe('ledger guarantees', () => {
  it('refuses UPDATE and DELETE of postings and transactions (append-only)', async () => {
    const p = await player();
    await p.bet(id('b'), 100);
    await expect(t.database.db.execute(sql`UPDATE ledger_postings SET amount = amount + 1`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM ledger_transactions`)).rejects.toThrow();
  });

  it('a direct SQL attempt to push a balance below zero fails on the CHECK constraint', async () => {
    const p = await player(100);
    await expect(
      t.database.db.execute(sql`UPDATE player_accounts SET amount_cents = -1 WHERE user_id = ${p.userId}`),
    ).rejects.toThrow();
    expect(await p.balance()).toBe(100);
  });
  // Bet-time checks (responsible gambling first) are tested in bet-checks.test.ts.
});

describe('concurrency', () => {
  it('W3: 200 concurrent bets of 1.00 on 100.00 → exactly 100 accepted, balance 0', async () => {
    const p = await player(10_000);
    const before = await count(t.database, 'ledger_transactions');
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => p.bet(`storm-${p.userId}-${i}`, 100, `storm-${i}`)),
    );
    const statuses = answers.map((a) => a.json.status);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body)).toEqual([]);
    expect(statuses.filter((s) => s === 'OK')).toHaveLength(100);
    expect(statuses.filter((s) => s === 'NOT_ENOUGH_MONEY')).toHaveLength(100);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await p.balance()).toBe(0);
    expect(await count(t.database, 'ledger_transactions')).toBe(before + 100);
  });

  it('W9: bet ‖ rollback of the same id in random order never refunds twice nor loses money', async () => {
    const p = await player(10_000);
    for (let i = 0; i < 40; i++) {
      const tx = `race-${p.userId}-${i}`;
      const round = `race-${i}`;
      const calls = [() => p.bet(tx, 250, round), () => p.rollback(`${tx}-rb`, tx, round)];
      if (i % 2) calls.reverse();
      await Promise.all(calls.map((c) => c()));
      expect(await p.balance()).toBe(10_000);
    }
  });
});

describe('faults (W7, I5)', () => {
  it('a database error in the middle of a bet or a win rolls everything back, answers a generic 5xx, and the retry books it once', async () => {
    const p = await player();
    // The fault fires inside the wallet function, after the balance was already debited in that
    // call: a sequence is not transactional, so "fire once" survives the rollback it causes.
    await t.database.db.execute(sql.raw('CREATE SEQUENCE test_fault_seq'));
    await t.database.db.execute(
      sql.raw(`CREATE FUNCTION test_fault() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF nextval('test_fault_seq') % 2 = 1 THEN RAISE EXCEPTION 'injected fault' USING ERRCODE = '58030'; END IF;
          RETURN NULL;
        END $$`),
    );
    // One statement inserts a transaction's postings: odd statements fail, even ones pass.
    await t.database.db.execute(
      sql.raw(
        'CREATE TRIGGER test_fault BEFORE INSERT ON ledger_postings FOR EACH STATEMENT EXECUTE FUNCTION test_fault()',
      ),
    );
    try {
      const before = [await count(t.database, 'ledger_postings'), await count(t.database, 'wallet_requests')];
      const failed = await p.bet('w7-bet', 1_000, 'w7');
      expect(failed.status).toBeGreaterThanOrEqual(500);
      expect(failed.body).not.toMatch(/injected|ledger_postings|SELECT|wallet_bet/);
      expect(await p.balance()).toBe(10_000);
      expect([await count(t.database, 'ledger_postings'), await count(t.database, 'wallet_requests')]).toEqual(before);
      // The provider retries the same request: booked once, and a lost answer's retry gets it again.
      const booked = await p.bet('w7-bet', 1_000, 'w7');
      expect(booked.json).toMatchObject({ status: 'OK', balance: 9_000 });
      expect((await p.bet('w7-bet', 1_000, 'w7')).body).toBe(booked.body);
      // The same for a win: the failed attempt pays nothing, the retry pays once.
      await t.database.db.execute(sql`SELECT setval('test_fault_seq', 2)`);
      expect((await p.win('w7-win', 3_000, 'w7')).status).toBeGreaterThanOrEqual(500);
      expect(await p.balance()).toBe(9_000);
      const paid = await p.win('w7-win', 3_000, 'w7');
      expect(paid.json).toMatchObject({ status: 'OK', balance: 12_000 });
      expect((await p.win('w7-win', 3_000, 'w7')).body).toBe(paid.body);
      expect(await p.balance()).toBe(12_000);
    } finally {
      await t.database.db.execute(sql.raw('DROP TRIGGER test_fault ON ledger_postings'));
      await t.database.db.execute(sql.raw('DROP FUNCTION test_fault()'));
      await t.database.db.execute(sql.raw('DROP SEQUENCE test_fault_seq'));
    }
  });
});
