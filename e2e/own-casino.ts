import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_ADMIN_TOKEN } from './admin-token.ts';
import { freePort } from './global-setup.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server');

export interface OwnCasino {
  baseUrl: string;
  /** What the casino mailed, newest first (its demo mailbox, `/dev/mailbox.json`). */
  mails(): Promise<{ to: string; subject: string; text: string }[]>;
  /** Moves this casino's clock forward (`CLOCK_SHIFT`, docs/http.md#moving-the-clock). */
  advanceClock(seconds: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A casino of one story's own, on the embedded database, with its clock movable: a story that steps
 * over a day must not move the clock under the stories sharing the global casino (shared rounds,
 * game sessions and payouts all read it).
 */
export async function startCasino(): Promise<OwnCasino> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'croupier-own-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_API_TOKEN: E2E_ADMIN_TOKEN,
    CLOCK_SHIFT: 'true',
    DEV_MAILBOX: 'true',
  };
  for (const key of ['DATABASE_URL', 'SMTP_URL', 'APP_SECRET', 'REDIS_URL']) delete env[key];
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`casino did not start within 90 s:\n${output}`)), 90_000);
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Croupier is running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`casino exited with ${code}:\n${output}`));
    });
  });
  server.removeAllListeners('exit');
  const admin = { 'content-type': 'application/json', authorization: `Bearer ${E2E_ADMIN_TOKEN}` };
  return {
    baseUrl,
    async mails() {
      const res = await fetch(new URL('/dev/mailbox.json', baseUrl));
      return (await res.json()) as { to: string; subject: string; text: string }[];
    },
    async advanceClock(seconds) {
      const res = await fetch(new URL('/api/admin/clock', baseUrl), {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ advance_seconds: seconds }),
      });
      if (res.status !== 200) throw new Error(`the clock did not move: ${res.status} ${await res.text()}`);
    },
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
