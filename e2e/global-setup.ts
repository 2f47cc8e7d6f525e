import { spawn, type ChildProcess } from 'node:child_process';
import { E2E_ADMIN_TOKEN } from './admin-token.ts';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the casino under test, or '' when no browser is available. */
    baseUrl: string;
    /** URL of the captured-mail endpoint (JSON list of received messages). */
    mailboxUrl: string;
    chromiumPath: string;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  ) as string[];
  return candidates.find((c) => existsSync(c)) ?? null;
}

/** A port that was free a moment ago (the casino binds it right after). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

/**
 * Starts, once for all browser stories: a real SMTP server on loopback that keeps what it receives
 * (exposed as JSON on a small HTTP endpoint so test files can read their mail), and the casino
 * itself in production mode on a fresh database, sending its mail through that SMTP server.
 */
export default async function setup(project: TestProject) {
  const chromium = findChromium();
  if (!chromium) {
    if (process.env.REQUIRE_BROWSER === '1')
      throw new Error(
        "Chromium is required (REQUIRE_BROWSER=1) but was not found. Install Debian's chromium or set CHROMIUM_PATH.",
      );
    console.warn(
      '\n  ⚠ Chromium not found: browser stories are SKIPPED. Install it (apt-get install chromium) or set CHROMIUM_PATH.\n',
    );
    project.provide('baseUrl', '');
    project.provide('mailboxUrl', '');
    project.provide('chromiumPath', '');
    return;
  }

  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
          mails.push({
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: new Date().toISOString(),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;

  const mailbox = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(mails));
  });
  await new Promise<void>((resolve) => mailbox.listen(0, '127.0.0.1', resolve));
  const mailboxPort = (mailbox.address() as { port: number }).port;

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'croupier-e2e-'));
  // A known port, so PUBLIC_URL (the origin of the links in mails) is the address the browser
  // uses: stories open the confirmation and reset links exactly as a player would.
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(repoRoot, 'apps/server'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      // Restricted-country checks are exercised through the geo header in tests.
      RESTRICTED_COUNTRIES: 'US',
      // Stories fund players through the operator API (a ledger credit from payment clearing).
      ADMIN_API_TOKEN: E2E_ADMIN_TOKEN,
      // Withdrawals stay recallable for 8 s, then the payout job (every 5 s) sends them: long enough
      // for a story to recall one, short enough for another to see its payout paid.
      PAYOUT_APPROVAL_SECONDS: '8',
      // Blocks are mined by the stories (POST /sandbox-chain/mine), so confirmations move when they say.
      CRYPTO_BLOCK_SECONDS: '3600',
      // Every story signs its players up from this one address (and often one browser).
      SIGNUP_MAX_PER_IP: '100000',
      SIGNUP_MAX_PER_DEVICE: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`casino did not start within 90 s:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Croupier is running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    server.stdout!.on('data', onData);
    server.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (process.env.E2E_LOG_LEVEL) process.stderr.write(chunk);
    });
    server.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`casino exited with ${code}:\n${output}`));
    });
  });
  server.removeAllListeners('exit');
  // Stories failing with ECONNREFUSED usually mean the casino went away mid-run: say so, with why.
  let stopping = false;
  server.on('exit', (code, signal) => {
    if (!stopping)
      console.error(
        `\n  ✗ the casino under test exited during the run (code ${code}, signal ${signal}):\n${output.slice(-4000)}\n`,
      );
  });

  project.provide('baseUrl', baseUrl);
  project.provide('mailboxUrl', `http://127.0.0.1:${mailboxPort}/`);
  project.provide('chromiumPath', chromium);

  return async () => {
    stopping = true;
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (server.exitCode === null) server.kill('SIGKILL');
    smtp.close(() => {});
    mailbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
