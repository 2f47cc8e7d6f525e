/**
 * The durable event log (docs/events.md): wallet calls append their events in their own
 * transaction, consumers apply each event exactly once — through a crash in the middle of a batch,
 * with two instances draining at once, and (on PostgreSQL) with a transaction that commits after a
 * later one — and jackpot contributions ride on it.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { rows } from '../db/sql.ts';
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
} from '../modules/wallet/test-helpers.ts';
import { signUp } from '../modules/auth/test-helpers.ts';
import { openDatabase } from '../db/client.ts';
import { appendEvent, createEventLog, type EventConsumer, type LoggedEvent } from './event-log.ts';
import { expectEventsMatchContract } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(TEST_PROVIDERS_ENV);
  await t.database.db.execute(sql`CREATE TABLE test_effects (consumer text NOT NULL, event_id bigint NOT NULL)`);
});
afterAll(() => t.close());

let round = 0;
async function playRound(userId: number, stake: number, win: number, game = 'test-studio/slot') {
  round += 1;
  const token = await gameSession(t.database, userId, 'EUR', TEST_PROVIDER, t.clock.now());
  const base = { user_id: String(userId), currency: 'EUR', game, round_id: `r${round}` };
  const bet = await walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, 'bet', {
    ...base,
    session_token: token,
    transaction_id: `b${round}`,
    amount: stake,
  });
  const won = await walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, 'win', {
    ...base,
    transaction_id: `w${round}`,
    amount: win,
    round_closed: true,
  });
  return { bet, won, base, token };
}

const eventsOf = (userId: number) =>
  rows<{ type: string; payload: Record<string, unknown> }>(
    t.database.db,
    sql`SELECT type, payload FROM events WHERE user_id = ${userId} ORDER BY tx, id`,
  );

/** A consumer whose effect is a row per event, in the transaction the log hands it. */
function recorder(name: string, failOn?: (event: LoggedEvent, seen: number) => boolean): EventConsumer {
  let seen = 0;
  return {
    name,
    types: ['wallet.bet', 'wallet.win', 'wallet.rollback'],
    async handle(tx, event) {
      seen += 1;
      await tx.execute(sql`INSERT INTO test_effects (consumer, event_id) VALUES (${name}, ${event.id})`);
      if (failOn?.(event, seen)) throw new Error(`${name} crashed on event ${event.id}`);
    },
  };
}

async function effects(name: string) {
  return rows<{ event_id: string; n: number }>(
    t.database.db,
    sql`SELECT event_id::text, count(*)::int AS n FROM test_effects WHERE consumer = ${name} GROUP BY event_id ORDER BY event_id`,
  );
}

async function walletEventIds() {
  return (
    await rows<{ id: string }>(t.database.db, sql`SELECT id::text FROM events WHERE type LIKE 'wallet.%' ORDER BY id`)
  ).map((r) => r.id);
}

describe('wallet calls append to the log in their own transaction', () => {
  it('a bet, a win and a rollback each append one event; replays and refusals append none, a zero win only when it closes its round', async () => {
    const userId = await insertPlayer(t.database);
    await fund(t.wallet, userId, 'EUR', 1_000);
    const { base, token } = await playRound(userId, 100, 250);
    // The same bet again (a provider's retry) answers the first answer and appends nothing.
    await walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, 'bet', {
      ...base,
      session_token: token,
      transaction_id: `b${round}`,
      amount: 100,
    });
    // Refused for money: nothing moved, nothing logged.
    expect(
      (
        await walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, 'bet', {
          ...base,
          round_id: 'big',
          session_token: token,
          transaction_id: 'too-big',
          amount: 1_000_000,
        })
      ).json.status,
    ).toBe('NOT_ENOUGH_MONEY');
    // A lost round: its zero win moves nothing but closes the round, which consumers learn.
    await playRound(userId, 50, 0);
    // A zero win that leaves its round open says nothing.
    const open = { user_id: String(userId), currency: 'EUR', game: 'test-studio/slot', round_id: 'open-round' };
    await walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, 'bet', {
      ...open,
      session_token: token,
      transaction_id: 'b-open',
      amount: 20,
    });
    const quiet = await walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, 'win', {
      ...open,
      transaction_id: 'w-open',
      amount: 0,
      round_closed: false,
    });
    expect(quiet.json.status).toBe('OK');
    // A bet rolled back.
    const rb = { user_id: String(userId), currency: 'EUR', game: 'test-studio/slot', round_id: 'rb' };
    await walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, 'bet', {
      ...rb,
      session_token: token,
      transaction_id: 'rb-bet',
      amount: 30,
    });
    await walletCall(t.app, TEST_PROVIDER, TEST_PROVIDER_SECRET, 'rollback', {
      ...rb,
      transaction_id: 'rb-rb',
      reference_transaction_id: 'rb-bet',
    });

    const logged = await eventsOf(userId);
    expect(logged.map((e) => e.type)).toEqual([
      'wallet.bet',
      'wallet.win',
      'wallet.bet',
      'wallet.win',
      'wallet.bet',
      'wallet.bet',
      'wallet.rollback',
    ]);
    expect(logged[0]!.payload).toMatchObject({
      provider: TEST_PROVIDER,
      transaction_id: 'b1',
      round_id: 'r1',
      game: 'test-studio/slot',
      currency: 'EUR',
      amount: 100,
    });
    expect(logged[1]!.payload).toMatchObject({ transaction_id: 'w1', amount: 250, round_closed: true });
    expect(logged[3]!.payload).toMatchObject({ amount: 0, round_closed: true, ledger_transaction_id: null });
    expect(logged[6]!.payload).toMatchObject({
      transaction_id: 'rb-rb',
      reference_transaction_id: 'rb-bet',
      amount: 30,
    });
    expect(logged[6]!.payload).toMatchObject({ game: 'test-studio/slot' });
    expect(await balanceOf(t.database, userId)).toBe(1_000 - 100 + 250 - 50 - 20);
    const checked = await expectEventsMatchContract(t.database);
    expect(checked['wallet.bet']).toBeGreaterThanOrEqual(3);
    expect(checked['wallet.rollback']).toBeGreaterThanOrEqual(1);
  });

  it('a sign-up appends player.registered in its own transaction, in the shared contract', async () => {
    const { player } = await signUp(t.app, { currency: 'EUR' });
    const [registered] = await eventsOf(player.id);
    expect(registered).toMatchObject({ type: 'player.registered' });
    expect(registered!.payload).toMatchObject({ currency: 'EUR' });
    expect((await expectEventsMatchContract(t.database))['player.registered']).toBeGreaterThanOrEqual(1);
  });

  it('the log is append-only', async () => {
    await t.database.db.execute(sql`INSERT INTO events (type, payload) VALUES ('test.fact', '{}')`);
    await expect(
      t.database.db.execute(sql`UPDATE events SET type = 'x' WHERE id = (SELECT min(id) FROM events)`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM events`)).rejects.toThrow();
  });
});

describe('consumers', () => {
  it('apply each event once, even when one crashes in the middle of a batch and resumes', async () => {
    const userId = await insertPlayer(t.database);
    await fund(t.wallet, userId, 'EUR', 10_000);
    for (let i = 0; i < 4; i++) await playRound(userId, 100, 120);
    const ids = await walletEventIds();
    const crashAt = ids[Math.floor(ids.length / 2)]!;
    let crashes = 0;
    const log = createEventLog({ db: t.database.db, logError: () => undefined });
    // Crashes once, half-way through its first batch, after writing that event's effect.
    log.register(recorder('crashy', (event) => String(event.id) === crashAt && crashes++ === 0));
    expect(await log.drain()).toBeLessThan(ids.length);
    // The crash rolled the whole batch back, effects included, and is kept for the operator.
    const [cursor] = await rows<{ failures: number; last_error: string | null }>(
      t.database.db,
      sql`SELECT failures, last_error FROM event_cursors WHERE consumer = 'crashy'`,
    );
    expect(cursor).toMatchObject({ failures: 1, last_error: `crashy crashed on event ${crashAt}` });
    await log.drain();
    const applied = await effects('crashy');
    expect(applied.map((r) => r.event_id)).toEqual(ids);
    expect(applied.every((r) => r.n === 1)).toBe(true);
    // Nothing new: a second drain handles nothing and the cursor is clean.
    expect(await log.drain()).toBe(0);
    expect(
      (
        await rows<{ failures: number }>(
          t.database.db,
          sql`SELECT failures FROM event_cursors WHERE consumer = 'crashy'`,
        )
      )[0]!.failures,
    ).toBe(0);
  });

  it('go through the log in transaction order, numerically (as text, 9 would come after 10)', async () => {
    // Events as if written by transactions 9 and 10, long ended (the column's default is the writer's id).
    await t.database.db.execute(
      sql`INSERT INTO events (tx, type, payload) VALUES ('10', 'test.order', '{"n": 2}'), ('9', 'test.order', '{"n": 1}')`,
    );
    const log = createEventLog({ db: t.database.db, logError: () => undefined });
    const seen: number[] = [];
    log.register({
      name: 'ordered',
      types: ['test.order'],
      handle: async (_tx, event) => void seen.push((event.payload as { n: number }).n),
    });
    await log.drain();
    expect(seen).toEqual([1, 2]);
    // And the cursor ended past both: a second drain finds nothing of them.
    await log.drain();
    expect(seen).toEqual([1, 2]);
  });

  it('two instances draining one consumer at once apply each event once', async () => {
    const userId = await insertPlayer(t.database);
    await fund(t.wallet, userId, 'EUR', 10_000);
    for (let i = 0; i < 5; i++) await playRound(userId, 10, 15);
    const one = createEventLog({ db: t.database.db, logError: () => undefined });
    const two = createEventLog({ db: t.database.db, logError: () => undefined });
    one.register(recorder('shared'));
    two.register(recorder('shared'));
    await Promise.all([one.drain(), two.drain(), one.drain(), two.drain()]);
    // A drain that found the cursor held left the rest to the holder; one more pass settles it.
    await Promise.all([one.drain(), two.drain()]);
    const applied = await effects('shared');
    expect(applied.map((r) => r.event_id)).toEqual(await walletEventIds());
    expect(applied.every((r) => r.n === 1)).toBe(true);
  });

  it('feed the jackpots once per qualifying bet, however often they drain', async () => {
    const snapshot = await t.gamesHost.host.deps.catalogue.get();
    const jackpotGame = [...snapshot.byId.values()].find((g) => g.categories.includes('jackpot'))!;
    const userId = await insertPlayer(t.database);
    await fund(t.wallet, userId, 'EUR', 10_000);
    await t.events.drain();
    const pools = async () => (await t.jackpots.service.list('EUR'))[0]!.levels.reduce((a, l) => a + l.amount_cents, 0);
    const before = await pools();
    await playRound(userId, 1_000, 0, jackpotGame.identifier);
    await playRound(userId, 1_000, 0, 'test-studio/not-a-jackpot-game');
    await t.events.drain();
    const after = await pools();
    // Three levels, each a share of the 10.00 stake (a level dropping would reseed it instead).
    expect(after).toBeGreaterThan(before);
    await t.events.drain();
    expect(await pools()).toBe(after);
    const contributions = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'jackpot_contribution' AND idempotency_key LIKE ${`jackpot-contrib:${TEST_PROVIDER}:b${round - 1}:%`}`,
    );
    expect(contributions[0]!.n).toBe(3);
    await expectLedgerSound(t.database);
  });
});

describe.runIf(process.env.DATABASE_URL)('on PostgreSQL', () => {
  it('an instance that appended wakes the others by NOTIFY: their consumers need no poll', async () => {
    const other = await openDatabase({ databaseUrl: t.databaseUrl!, onPoolError: () => {} });
    let applied!: (event: LoggedEvent) => void;
    const reached = new Promise<LoggedEvent>((resolve) => (applied = resolve));
    const here = createEventLog({ db: t.database.db, logError: () => {}, signal: t.database.signal });
    const there = createEventLog({ db: other.db, logError: () => {}, signal: other.signal });
    there.register({
      name: 'notify-test',
      types: ['player.registered'],
      handle: async (_tx, event) => {
        if ((event.payload as { stag?: string }).stag === 'notify-test') applied(event);
      },
    });
    // Polls an hour apart: only a notification can wake `there` within the test.
    here.start(3_600_000);
    there.start(3_600_000);
    try {
      await there.listening();
      const userId = await insertPlayer(t.database);
      await t.database.db.transaction((tx) =>
        appendEvent(tx, {
          type: 'player.registered',
          userId,
          payload: { currency: 'EUR', country: null, registration_variant: null, stag: 'notify-test' },
        }),
      );
      here.wake();
      expect((await reached).userId).toBe(userId);
    } finally {
      await here.stop();
      await there.stop();
      await other.close();
    }
  });

  it('an event whose transaction commits after a later one is not passed over', async () => {
    const log = createEventLog({ db: t.database.db, logError: () => undefined });
    log.register({
      name: 'late',
      types: ['test.late'],
      handle: async (tx, event) =>
        void (await tx.execute(sql`INSERT INTO test_effects (consumer, event_id) VALUES ('late', ${event.id})`)),
    });
    await log.drain();
    // A second connection opens a transaction and appends first (the smaller id)...
    const url = (t.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
    const slow = new pg.Client({ connectionString: url });
    await slow.connect();
    try {
      await slow.query('BEGIN');
      const early = (
        (await slow.query(`INSERT INTO events (type, payload) VALUES ('test.late', '{}') RETURNING id::text`)).rows as {
          id: string;
        }[]
      )[0]!.id;
      // ...then another appends and commits while the first is still open.
      const [later] = await rows<{ id: string }>(
        t.database.db,
        sql`INSERT INTO events (type, payload) VALUES ('test.late', '{}') RETURNING id::text`,
      );
      await log.drain();
      // Neither is applied yet: the later one waits behind the open transaction instead of moving the cursor past it.
      expect(await effects('late')).toEqual([]);
      await slow.query('COMMIT');
      await log.drain();
      expect((await effects('late')).map((r) => r.event_id)).toEqual([early, later!.id]);
    } finally {
      await slow.end();
    }
  });
});
