/**
 * `npm run bench:lighthouse`: Lighthouse mobile performance of the lobby, a lobby category, a game
 * page and the German home, against the production server on a fresh embedded database. Prints
 * figures and asserts nothing (like `npm run bench`: the machine is shared and scores move by a few
 * points from run to run; LIGHTHOUSE_RUNS=3 reports the median run of each page).
 *
 * Mobile is Lighthouse's default: a Moto G–class viewport, 4× CPU slowdown and simulated slow 4G
 * (150 ms RTT, 1.6 Mbit/s), so transfer sizes weigh heavily. Chromium: CHROMIUM_PATH or
 * /usr/bin/chromium. LIGHTHOUSE_PAGES=lobby,game runs only the pages named; LIGHTHOUSE_REPORTS=<dir>
 * also writes each run's full report there (JSON, for the Lighthouse viewer) to see what a score
 * is made of.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { startServer, stop } from './server.ts';

const ALL_PAGES = [
  { name: 'lobby', path: '/' },
  { name: 'pokies', path: '/pokies/all' },
  { name: 'game page', path: '/play/croupier-originals/wizard-of-avalon' },
  { name: 'German home', path: '/de/' },
];
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim().toLowerCase());
const PAGES = ALL_PAGES.filter((p) => !ONLY || ONLY.some((name) => p.name.startsWith(name)));
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  ttfb: number;
  /** Bytes on the wire: the HTML document, and everything the page loaded. */
  documentBytes: number;
  totalBytes: number;
}

function figuresOf(lhr: Result, url: string): Figures {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests =
    (lhr.audits['network-requests']?.details as { items?: { url: string; transferSize?: number }[] } | undefined)
      ?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    si: audit('speed-index'),
    ttfb: audit('server-response-time'),
    documentBytes: requests.find((r) => r.url === url)?.transferSize ?? Number.NaN,
    totalBytes: audit('total-byte-weight'),
  };
}

const fmt = (n: number, d = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en', { maximumFractionDigits: d, minimumFractionDigits: d }) : '—';

async function main() {
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) throw new Error(`Chromium not found at ${chromePath} (set CHROMIUM_PATH)`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'croupier-lighthouse-'));
  const results: { name: string; path: string; figures: Figures }[] = [];
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
  try {
    for (const page of PAGES) {
      const res = await fetch(new URL(page.path, server.url));
      await res.arrayBuffer();
      if (res.status !== 200)
        throw new Error(`${page.path} answered ${res.status}: the page list no longer matches the demo content`);
    }
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
    for (const page of PAGES) {
      const url = new URL(page.path, server.url).toString();
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
        runs.push(figuresOf(result.lhr, url));
        if (REPORTS) {
          mkdirSync(REPORTS, { recursive: true });
          const report = Array.isArray(result.report) ? result.report.join('') : result.report;
          writeFileSync(path.join(REPORTS, `${page.name.replace(/\W+/g, '-')}-${i + 1}.json`), report);
        }
      }
      runs.sort((a, b) => a.score - b.score);
      results.push({ ...page, figures: runs[Math.floor(runs.length / 2)]! });
    }
  } finally {
    await chrome?.kill();
    await stop(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const chromeVersion = execFileSync(chromePath, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
    .toString()
    .trim();
  console.log(
    `\nCroupier Lighthouse (mobile, performance) — ${new Date().toISOString()} — ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`${chromeVersion}; ${RUNS === 1 ? 'one run' : `median of ${RUNS} runs`} per page; embedded database\n`);
  console.log('page          score   FCP s   LCP s  TBT ms    CLS  SI s  TTFB ms  HTML KB  total KB');
  for (const { name, figures: f } of results) {
    console.log(
      `${name.padEnd(12)} ${String(f.score).padStart(6)} ${fmt(f.fcp / 1000, 1).padStart(7)} ${fmt(f.lcp / 1000, 1).padStart(7)} ${fmt(f.tbt).padStart(7)} ${fmt(f.cls, 3).padStart(6)} ${fmt(f.si / 1000, 1).padStart(5)} ${fmt(f.ttfb).padStart(8)} ${fmt(f.documentBytes / 1024, 1).padStart(8)} ${fmt(f.totalBytes / 1024, 1).padStart(9)}`,
    );
  }
  console.log('');
}

await main();
