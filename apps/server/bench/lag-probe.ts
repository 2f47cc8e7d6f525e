/**
 * `node --import tsx bench/lag-probe.ts` (BENCH_SECONDS, default 4; PROBE=1 for the horizon figures):
 * the wallet part of `npm run bench` alone, on a fresh database, for work on the event consumers'
 * lag (docs/events.md#measured). With PROBE=1 a sampler also prints, every 20 ms:
 *  - how long an event stays hidden from every consumer by the visibility horizon
 *    (`pg_snapshot_xmin`, docs/events.md#consuming): from the log's head being seen to the horizon
 *    passing it;
 *  - who holds the horizon (the oldest transaction id running on the server): how often it is a
 *    consumer's transaction (one holding a lock on `event_cursors` or an advisory lock), how old, and its statement.
 */
import pg from 'pg';
import { startServer, stop } from './server.ts';
import { benchServerEnv, benchWallet } from './wallet.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
const name = `croupier_lagprobe_${Date.now()}`;
await admin.query(`CREATE DATABASE ${name}`);
const databaseUrl = `postgres://postgres@127.0.0.1:5432/${name}`;
const probe = process.env.PROBE === '1';
try {
  const server = await startServer(benchServerEnv(databaseUrl));
  let sampling = probe;
  const samples: { ours: boolean; consumer: boolean; ms: number; q: string }[] = [];
  const seen = new Map<number, number>();
  const hidden: number[] = [];
  const sampler = (async () => {
    if (!probe) return;
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    while (sampling) {
      const { rows } = await c.query(
        `WITH o AS (SELECT pid, datname, extract(epoch FROM clock_timestamp() - xact_start) * 1000 AS ms, left(query, 50) AS q
                     FROM pg_stat_activity WHERE backend_xid IS NOT NULL ORDER BY age(backend_xid) DESC LIMIT 1)
         SELECT o.datname = current_database() AS ours, o.ms::float8 AS ms, o.q,
                EXISTS (SELECT 1 FROM pg_locks l WHERE l.pid = o.pid AND l.locktype = 'advisory')
                OR EXISTS (SELECT 1 FROM pg_locks l WHERE l.pid = o.pid AND l.locktype = 'relation'
                          AND l.relation = to_regclass('event_cursors') AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())) AS consumer
           FROM o`,
      );
      if (rows[0]) samples.push(rows[0]);
      const now = performance.now();
      const f = await c.query(
        `SELECT (SELECT max(id) FROM events)::text AS head,
                (SELECT id FROM events WHERE tx < pg_snapshot_xmin(pg_current_snapshot()) ORDER BY tx DESC, id DESC LIMIT 1)::text AS readable`,
      );
      const head = Number(f.rows[0].head ?? 0);
      if (head && !seen.has(head)) seen.set(head, now);
      for (const [id, at] of seen)
        if (id <= Number(f.rows[0].readable ?? 0)) {
          hidden.push(now - at);
          seen.delete(id);
        }
      await new Promise((r) => setTimeout(r, 20));
    }
    await c.end();
  })();
  try {
    const w = await benchWallet({ url: server.url, databaseUrl, connections: 20, seconds: SECONDS });
    console.log(
      `pairs/s ${w.pairsPerSecond.toFixed(0)} nolog ${w.pairsWithoutLogPerSecond.toFixed(0)} bonus ${w.pairsWithBonusPerSecond.toFixed(0)} events/s ${w.eventsPerSecond.toFixed(0)} lag p50 ${w.consumerLagMs.p50.toFixed(0)} p99 ${w.consumerLagMs.p99.toFixed(0)} n ${w.consumerLagMs.samples} errors ${w.errors} violations ${Object.keys(w.violations).join(',') || 'none'}`,
    );
  } finally {
    sampling = false;
    await sampler;
    await stop(server.child);
  }
  if (probe) {
    const n = samples.length;
    const cons = samples.filter((s) => s.ours && s.consumer);
    const other = samples.filter((s) => !s.ours);
    const q = (a: number[], p: number) => (a.length ? a.sort((x, y) => x - y)[Math.floor(p * a.length)]! : NaN);
    const hq = (p: number) => hidden.sort((x, y) => x - y)[Math.floor(p * hidden.length)]!;
    console.log(
      `hidden by the horizon (head seen -> readable): p50 ${hq(0.5).toFixed(0)} ms p99 ${hq(0.99).toFixed(0)} ms n ${hidden.length}`,
    );
    console.log(
      `horizon holder samples ${n}: consumer tx ${cons.length} (${((100 * cons.length) / n).toFixed(0)} %), other database ${other.length}`,
    );
    console.log(
      `  age of holder when consumer: p50 ${q(
        cons.map((s) => s.ms),
        0.5,
      ).toFixed(0)} ms p90 ${q(
        cons.map((s) => s.ms),
        0.9,
      ).toFixed(0)} ms`,
    );
    const rest = samples.filter((s) => s.ours && !s.consumer).map((s) => s.ms);
    console.log(
      `  age of holder otherwise (ours): p50 ${q(rest, 0.5).toFixed(0)} ms p90 ${q(rest, 0.9).toFixed(0)} ms`,
    );
    const byQ = new Map<string, number>();
    for (const s of cons) byQ.set(s.q.replace(/\s+/g, ' '), (byQ.get(s.q.replace(/\s+/g, ' ')) ?? 0) + 1);
    console.log([...byQ].sort((a, b) => b[1] - a[1]).slice(0, 8));
  }
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
