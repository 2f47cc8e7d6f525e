/**
 * `npm run bench`: prints throughput and latency figures; it asserts nothing (our machines are
 * shared and noisy — figures are compared by people, not by tests).
 *
 * 1. On PostgreSQL (DATABASE_URL, or a fresh database created on 127.0.0.1:5432 and dropped after):
 *    requests/s and p99 of POST /api/games_filter (page of 40), GET /api/player (signed in) and the
 *    server-rendered lobby, each beside the bare /health route measured in the same run.
 * 2. Client JavaScript of the first route, gzip -9.
 * 3. On the embedded database: cold start to the first rendered page, and server memory (RSS)
 *    after a burst of traffic.
 *
 * Lighthouse mobile performance of four pages is a run of its own: `npm run bench:lighthouse`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer, stop } from './server.ts';
import { benchServerEnv, benchWallet, type WalletFigures } from './wallet.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

interface Figure {
  name: string;
  rps: number;
  p99: number;
  errors: number;
}

async function measure(name: string, opts: autocannon.Options): Promise<Figure> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { name, rps: result.requests.average, p99: result.latency.p99, errors };
}

async function signUp(url: string): Promise<string> {
  const res = await fetch(`${url}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({
      user: {
        email: `bench-${Date.now()}@example.test`,
        password: 'correct horse battery staple',
        password_confirmation: 'correct horse battery staple',
        currency: 'EUR',
        first_name: 'Bench',
        last_name: 'Player',
        date_of_birth: '1990-01-01',
        country: 'DE',
        city: 'Berlin',
        address: 'Alexanderplatz 1',
        postal_code: '10178',
        terms_acceptance: true,
      },
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return cookie;
}

async function firstRouteJs(url: string): Promise<{ files: number; raw: number; gzip: number }> {
  const html = await (await fetch(`${url}/`)).text();
  const seen = new Set<string>();
  const queue = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  for (const m of html.matchAll(/import \* as \w+ from "(\/assets\/[^"]+\.js)"/g)) queue.push(m[1]!);
  let raw = 0;
  let gzip = 0;
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const body = Buffer.from(await (await fetch(`${url}${file}`)).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
    // Static imports are loaded before the route renders; dynamic import() chunks are not counted.
    for (const m of body.toString().matchAll(/(?:^|[;\s])import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g))
      queue.push(`/assets/${m[1]}`);
  }
  return { files: seen.size, raw, gzip };
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

const fmt = (n: number, d = 0) => n.toLocaleString('en', { maximumFractionDigits: d, minimumFractionDigits: d });

async function main() {
  // 1. PostgreSQL
  let databaseUrl = process.env.DATABASE_URL;
  let dropDb: (() => Promise<void>) | null = null;
  if (!databaseUrl) {
    const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    const name = `croupier_bench_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${name}`);
    databaseUrl = `postgres://postgres@127.0.0.1:5432/${name}`;
    dropDb = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const figures: Figure[] = [];
  let js: { files: number; raw: number; gzip: number } | undefined;
  let wallet: WalletFigures | undefined;
  try {
    const server = await startServer(benchServerEnv(databaseUrl));
    try {
      const cookie = await signUp(server.url);
      const filterBody = JSON.stringify({
        device: 'desktop',
        filter: { categories: { identifiers: ['pokies'], strategy: 'OR' } },
        page: 1,
        page_size: 40,
      });
      // Warm-up so JIT and caches are in steady state for every route.
      await autocannon({ url: `${server.url}/`, connections: 4, duration: 2 });
      figures.push(await measure('GET /health (bare)', { url: `${server.url}/health` }));
      figures.push(
        await measure('POST /api/games_filter (40)', {
          url: `${server.url}/api/games_filter`,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          body: filterBody,
        }),
      );
      figures.push(
        await measure('GET /api/player (signed in)', {
          url: `${server.url}/api/player`,
          headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
        }),
      );
      figures.push(await measure('GET / (SSR lobby)', { url: `${server.url}/` }));
      // What a browser asks for: the same page compressed on the fly (decision 014).
      figures.push(
        await measure('GET / (SSR lobby, brotli)', { url: `${server.url}/`, headers: { 'accept-encoding': 'br' } }),
      );
      js = await firstRouteJs(server.url);
      wallet = await benchWallet({ url: server.url, databaseUrl, connections: CONNECTIONS, seconds: DURATION });
    } finally {
      await stop(server.child);
    }
  } finally {
    await dropDb?.();
  }

  // 3. Embedded database: cold start and memory.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'croupier-bench-'));
  let coldStartMs: number;
  let rssAfter: number;
  try {
    const t0 = performance.now();
    const embedded = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
    const res = await fetch(`${embedded.url}/`);
    await res.text();
    coldStartMs = performance.now() - t0;
    await autocannon({ url: `${embedded.url}/`, connections: 10, duration: 5 });
    await autocannon({
      url: `${embedded.url}/api/games_filter`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ device: 'mobile', page: 2, page_size: 40 }),
      connections: 10,
      duration: 5,
    });
    rssAfter = rssMb(embedded.child.pid!);
    await stop(embedded.child);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  if (!js) throw new Error('first-route JS was not measured');
  const health = figures[0]!;
  console.log(
    `\nCroupier bench — ${new Date().toISOString()} — ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`PostgreSQL, ${CONNECTIONS} connections × ${DURATION} s each\n`);
  console.log('route                           req/s      p99 ms   errors   vs /health');
  for (const f of figures) {
    console.log(
      `${f.name.padEnd(30)} ${fmt(f.rps).padStart(7)}  ${fmt(f.p99).padStart(9)}  ${String(f.errors).padStart(7)}   ${fmt((f.rps / health.rps) * 100, 1).padStart(6)} %`,
    );
  }
  const filter = figures[1]!;
  console.log(
    `\ntarget: games_filter ≥ 40 % of /health → ${fmt((filter.rps / health.rps) * 100, 1)} % ${filter.rps / health.rps >= 0.4 ? 'MET' : 'NOT MET'}`,
  );
  console.log(
    `first-route client JS: ${js.files} files, ${fmt(js.raw / 1024, 1)} KB raw, ${fmt(js.gzip / 1024, 1)} KB gzip (target ≤ 150 KB) ${js.gzip <= 150 * 1024 ? 'MET' : 'NOT MET'}`,
  );
  console.log(
    `embedded database cold start to first page: ${fmt(coldStartMs / 1000, 2)} s (target ≤ 15 s) ${coldStartMs <= 15_000 ? 'MET' : 'NOT MET'}`,
  );
  console.log(
    `embedded database server RSS after load: ${rssAfter} MB (target < 1024 MB) ${rssAfter < 1024 ? 'MET' : 'NOT MET'}\n`,
  );
  if (wallet) {
    console.log(
      `wallet (HTTP /wallet/v1, ${CONNECTIONS} providers): ${fmt(wallet.pairsPerSecond)} bet+win pairs/s, ${wallet.errors} refused/errors`,
    );
    console.log(
      `wallet with the event log's append switched off (bench only): ${fmt(wallet.pairsWithoutLogPerSecond)} pairs/s → the log costs ${fmt((1 - wallet.pairsPerSecond / wallet.pairsWithoutLogPerSecond) * 100, 1)} % (target ≤ 10 %)`,
    );
    console.log(
      `wallet by players wagering an active bonus (bonus money staked): ${fmt(wallet.pairsWithBonusPerSecond)} pairs/s → the bonus rules cost ${fmt((1 - wallet.pairsWithBonusPerSecond / wallet.pairsPerSecond) * 100, 1)} % (target ≤ 10 %)`,
    );
    console.log(
      `wallet by players holding a daily loss and a wager limit: ${fmt(wallet.pairsWithLimitsPerSecond)} pairs/s → the limit checks cost ${fmt((1 - wallet.pairsWithLimitsPerSecond / wallet.pairsPerSecond) * 100, 1)} % (docs/limits.md#measured)`,
    );
    console.log(
      `event log: ${fmt(wallet.eventsPerSecond)} events/s appended; consumer lag (seen → wins-feed cursor past it) p50 ${fmt(wallet.consumerLagMs.p50)} ms, p99 ${fmt(wallet.consumerLagMs.p99)} ms over ${wallet.consumerLagMs.samples} samples`,
    );
    console.log(
      `raw single-row UPDATE transactions, same database, ${CONNECTIONS} connections: ${fmt(wallet.rawTxPerSecond)} tx/s`,
    );
    console.log(
      `target: pairs ≥ 50 % of raw tx → ${fmt(wallet.ratio * 100, 1)} % ${wallet.ratio >= 0.5 ? 'MET' : 'NOT MET'}`,
    );
    const broken = Object.keys(wallet.violations);
    console.log(
      `ledger invariants after the run: ${broken.length === 0 ? 'all hold' : `BROKEN: ${broken.join(', ')}`}\n`,
    );
  }
  if (process.env.BENCH_REALTIME !== '0') {
    const { benchRealtimeLatency } = await import('./realtime-latency.ts');
    const r = await benchRealtimeLatency({});
    console.log(
      `realtime: ${r.connected} sockets, ${r.events} balance events, latency p50 ${fmt(r.p50, 1)} ms, p99 ${fmt(r.p99, 1)} ms, max ${fmt(r.max, 1)} ms (target p99 ≤ 50 ms) ${r.p99 <= 50 ? 'MET' : 'NOT MET'}\n`,
    );
  }
  console.log('Lighthouse mobile performance (lobby, category, game page, /de/): npm run bench:lighthouse\n');
}

await main();
