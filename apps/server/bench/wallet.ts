/**
 * Wallet throughput on PostgreSQL, printed beside the database's own raw rate in the same run:
 *  - bet+win pairs per second through the HTTP seamless-wallet endpoint (signed, idempotent, full
 *    ledger postings), `connections` concurrent providers;
 *  - raw single-row-update transactions per second (autocommit `UPDATE … SET v = v + 1`) with as
 *    many connections — the ceiling any wallet on this database can approach.
 *  - the same pairs with the event log's append switched off (bench only: the trigger on
 *    wallet_requests disabled for that phase), so the log's cost is printed from one run;
 *  - the same pairs by players holding a daily loss and a wager limit (docs/limits.md#measured): every
 *    bet counts the window of both, across the player's wallets, under the per-player lock;
 *  - the same pairs by players wagering an active bonus (docs/bonuses.md#the-bench-figure): stakes of
 *    bonus money, so every bet runs the bonus check and effect and every win the bonus route;
 *  - events appended per second, and the consumer lag: time from an event being seen in the log
 *    to the wins-feed consumer's cursor passing it (sampled every 25 ms, so ±25 ms).
 * Afterwards the ledger invariants are checked on the benchmark database.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ledgerViolations } from '../src/modules/wallet/invariants.repository.ts';

export const BENCH_PROVIDER = 'bench';
export const BENCH_PROVIDER_SECRET = 'bench-provider-secret-0123456789abcdef0123';
export const BENCH_ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef0123456789';

/**
 * The environment of a benched server on `databaseUrl`: the bench's provider and operator token,
 * and a fresh app secret (production on PostgreSQL refuses to start without one, decision 012).
 */
export function benchServerEnv(databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    APP_SECRET: randomBytes(32).toString('hex'),
    WALLET_PROVIDERS: `${BENCH_PROVIDER}:${BENCH_PROVIDER_SECRET}`,
    ADMIN_API_TOKEN: BENCH_ADMIN_TOKEN,
  };
}

export interface WalletFigures {
  pairsPerSecond: number;
  /** The same loop with the event log's append switched off. */
  pairsWithoutLogPerSecond: number;
  /** The same loop by players with an active bonus, staking bonus money. */
  pairsWithBonusPerSecond: number;
  /** The same loop by players holding a daily loss limit and a wager limit that every bet counts against. */
  pairsWithLimitsPerSecond: number;
  eventsPerSecond: number;
  consumerLagMs: { p50: number; p99: number; samples: number };
  rawTxPerSecond: number;
  ratio: number;
  errors: number;
  violations: Record<string, unknown[]>;
}

async function rawUpdates(databaseUrl: string, connections: number, seconds: number): Promise<number> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  await pool.query('CREATE TABLE IF NOT EXISTS bench_raw (id int PRIMARY KEY, v bigint NOT NULL)');
  await pool.query('INSERT INTO bench_raw SELECT g, 0 FROM generate_series(1, 100) g ON CONFLICT DO NOTHING');
  let done = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      let i = c;
      while (performance.now() < until) {
        await pool.query('UPDATE bench_raw SET v = v + 1 WHERE id = $1', [(i++ % 100) + 1]);
        done++;
      }
    }),
  );
  await pool.query('DROP TABLE bench_raw');
  await pool.end();
  return done / seconds;
}

/**
 * Gives a bench player an active bonus of `amount` as the engine would (docs/bonuses.md#movements):
 * a bonus in `handle_bets` with a requirement no bench reaches and no max bet, and its grant posted
 * from `bonus_funding`, so the ledger's invariants still hold after the run.
 */
async function grantBonus(pool: pg.Pool, userId: number, amount: number) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ id: number; account: number }>(
      `INSERT INTO player_bonuses (user_id, kind, currency, stage, source, source_ref, amount_cents, wager_multiplier,
                                   wager_requirement_cents, validity_days, issued_at, activated_at, valid_until)
       VALUES ($1, 'nondeposit', 'EUR', 'handle_bets', 'manual', $3, $2, 1000, $2::bigint * 1000, 30,
               now(), now(), now() + interval '30 days')
       RETURNING id, (SELECT id FROM player_accounts WHERE user_id = $1 AND currency = 'EUR') AS account`,
      [userId, amount, `bench-${userId}`],
    );
    const { id, account } = rows[0]!;
    await client.query(
      "UPDATE player_accounts SET amount_cents = amount_cents + $2, version = version + 1 WHERE user_id = $1 AND currency = 'EUR'",
      [userId, amount],
    );
    const tx = await client.query<{ id: string }>(
      "INSERT INTO ledger_transactions (kind, idempotency_key, payload_hash, user_id, currency) VALUES ('bonus_grant', $1, 'bench', $2, 'EUR') RETURNING id",
      [`bonus:${id}:grant`, userId],
    );
    await client.query(
      `INSERT INTO ledger_postings (transaction_id, account_id, amount) VALUES
         ($1, wallet_system_ledger_account('bonus_funding', 'EUR', 'main'), -$3::bigint),
         ($1, wallet_player_ledger_account('player_bonus', 'EUR', $2, $4), $3::bigint)`,
      [tx.rows[0]!.id, userId, amount, account],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

export async function benchWallet(opts: {
  url: string;
  databaseUrl: string;
  connections: number;
  seconds: number;
}): Promise<WalletFigures> {
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 4 });
  // A failed run drops its database with FORCE: the idle clients' termination must not hide the failure.
  pool.on('error', () => {});
  try {
    return await measurePairs(pool, opts);
  } finally {
    await pool.end();
  }
}

async function measurePairs(
  pool: pg.Pool,
  opts: { url: string; databaseUrl: string; connections: number; seconds: number },
): Promise<WalletFigures> {
  // A catalogue slot (weight 100 under any bonus): the bonus phase pays the weight lookup a real game costs.
  const { rows: slotRows } = await pool.query<{ identifier: string }>(
    "SELECT g.identifier FROM games g JOIN game_categories gc ON gc.game_id = g.id WHERE gc.category_id = 'pokies' ORDER BY g.id LIMIT 1",
  );
  const game = slotRows[0]?.identifier ?? 'bench/slot';
  const players: { id: number; token: string }[] = [];
  const bonusPlayers: { id: number; token: string }[] = [];
  const limitPlayers: { id: number; token: string }[] = [];
  for (let i = 0; i < opts.connections * 3; i++) {
    const withBonus = i >= opts.connections && i < opts.connections * 2;
    const withLimits = i >= opts.connections * 2;
    const { rows } = await pool.query<{ id: number }>(
      "INSERT INTO users (email, encrypted_password, currency, nickname) VALUES ($1, 'x', 'EUR', $2) RETURNING id",
      [`bench-wallet-${i}-${randomUUID()}@example.test`, `bench_${i}`],
    );
    const id = rows[0]!.id;
    await pool.query("INSERT INTO player_accounts (user_id, currency) VALUES ($1, 'EUR')", [id]);
    if (withBonus) {
      await grantBonus(pool, id, 100_000_000);
      const token = randomUUID();
      await pool.query(
        "INSERT INTO game_sessions (token_hash, user_id, currency, game_id, provider, expires_at) VALUES ($1, $2, 'EUR', 1, $3, now() + interval '1 day')",
        [createHash('sha256').update(token).digest('hex'), id, BENCH_PROVIDER],
      );
      bonusPlayers.push({ id, token });
      continue;
    }
    const credit = await fetch(`${opts.url}/api/admin/wallet/credits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_ADMIN_TOKEN}` },
      body: JSON.stringify({
        user_id: id,
        currency: 'EUR',
        amount_cents: 100_000_000,
        idempotency_key: `bench-${randomUUID()}`,
        reason: 'benchmark',
      }),
    });
    if (credit.status !== 201) throw new Error(`funding failed: ${credit.status} ${await credit.text()}`);
    const token = randomUUID();
    await pool.query(
      "INSERT INTO game_sessions (token_hash, user_id, currency, game_id, provider, expires_at) VALUES ($1, $2, 'EUR', 1, $3, now() + interval '1 day')",
      [createHash('sha256').update(token).digest('hex'), id, BENCH_PROVIDER],
    );
    if (withLimits) {
      // Amounts no bench reaches: every bet pays the whole count (docs/limits.md#what-counts), none is refused.
      for (const type of ['loss', 'wager']) {
        const { rows: limit } = await pool.query<{ id: number }>(
          "INSERT INTO user_limits (user_id, type, period, anchor_at, created_at, updated_at) VALUES ($1, $2, 'day', now(), now(), now()) RETURNING id",
          [id, type],
        );
        await pool.query(
          "INSERT INTO user_limit_accounts (limit_id, currency, amount_cents) VALUES ($1, 'EUR', 100000000000)",
          [limit[0]!.id],
        );
      }
      limitPlayers.push({ id, token });
    } else players.push({ id, token });
  }

  const call = async (action: string, body: Record<string, unknown>) => {
    const raw = JSON.stringify(body);
    const res = await fetch(`${opts.url}/wallet/v1/${action}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-croupier-provider': BENCH_PROVIDER,
        'x-croupier-signature': `sha256=${createHmac('sha256', BENCH_PROVIDER_SECRET).update(raw).digest('hex')}`,
      },
      body: raw,
    });
    const json = (await res.json()) as { status: string };
    return res.status === 200 && json.status === 'OK';
  };

  // Transaction ids unique per run, so the bench can run again on the same DATABASE_URL.
  const run = randomUUID().slice(0, 8);
  let errors = 0;
  /** Bet+win pairs completed by all providers in `seconds`. */
  const pairLoop = async (phase: string, seconds: number, who = players) => {
    let pairs = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      who.map(async (p, c) => {
        let n = 0;
        while (performance.now() < until) {
          const round = `bench-${run}-${phase}-${c}-${n++}`;
          const base = { user_id: String(p.id), currency: 'EUR', game, round_id: round };
          const ok =
            (await call('bet', { ...base, session_token: p.token, transaction_id: `${round}-bet`, amount: 100 })) &&
            (await call('win', { ...base, transaction_id: `${round}-win`, amount: 95 }));
          if (ok) pairs++;
          else errors++;
        }
      }),
    );
    return pairs;
  };

  // How far behind the consumer is, sampled while the log is on.
  const head = async () =>
    (
      await pool.query<{ head: string | null; cursor: string | null }>(
        "SELECT (SELECT max(id) FROM events)::text AS head, (SELECT last_id FROM event_cursors WHERE consumer = 'games.wins-feed')::text AS cursor",
      )
    ).rows[0]!;
  const firstSeen = new Map<number, number>();
  const lags: number[] = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const now = performance.now();
      const { head: h, cursor } = await head();
      if (h !== null && !firstSeen.has(Number(h))) firstSeen.set(Number(h), now);
      const passed = Number(cursor ?? 0);
      for (const [id, seenAt] of firstSeen) {
        if (id > passed) continue;
        lags.push(now - seenAt);
        firstSeen.delete(id);
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  })();

  // Warm-up (not counted), then the log on, off, and with bonuses in alternating halves, so no side
  // gets the cold start or a quieter moment of the machine to itself.
  await pairLoop('warm', 2);
  await pairLoop('warm-bonus', 1, bonusPlayers);
  await pairLoop('warm-limits', 1, limitPlayers);
  const half = opts.seconds / 2;
  let withLog = 0;
  let withoutLog = 0;
  let withBonus = 0;
  let withLimits = 0;
  let events = 0;
  for (let i = 0; i < 2; i++) {
    const before = Number((await head()).head ?? 0);
    withLog += await pairLoop(`log${i}`, half);
    events += Number((await head()).head ?? 0) - before;
    withBonus += await pairLoop(`bonus${i}`, half, bonusPlayers);
    withLimits += await pairLoop(`limits${i}`, half, limitPlayers);
    await pool.query('ALTER TABLE wallet_requests DISABLE TRIGGER wallet_requests_events');
    try {
      withoutLog += await pairLoop(`nolog${i}`, half);
    } finally {
      await pool.query('ALTER TABLE wallet_requests ENABLE TRIGGER wallet_requests_events');
    }
  }
  sampling = false;
  await sampler;
  const pairsPerSecond = withLog / opts.seconds;
  const pairsWithoutLogPerSecond = withoutLog / opts.seconds;
  const pairsWithBonusPerSecond = withBonus / opts.seconds;
  const pairsWithLimitsPerSecond = withLimits / opts.seconds;
  const eventsPerSecond = events / opts.seconds;
  lags.sort((a, b) => a - b);
  const pct = (q: number) => (lags.length ? lags[Math.min(lags.length - 1, Math.floor(q * lags.length))]! : NaN);
  const rawTxPerSecond = await rawUpdates(opts.databaseUrl, opts.connections, opts.seconds);
  const violations = await ledgerViolations(drizzle(pool));
  return {
    pairsPerSecond,
    pairsWithoutLogPerSecond,
    pairsWithBonusPerSecond,
    pairsWithLimitsPerSecond,
    eventsPerSecond,
    consumerLagMs: { p50: pct(0.5), p99: pct(0.99), samples: lags.length },
    rawTxPerSecond,
    ratio: pairsPerSecond / rawTxPerSecond,
    errors,
    violations,
  };
}
