/**
 * The README's run command as a newcomer meets it: production on the embedded database, no
 * PUBLIC_URL, no SMTP, no APP_SECRET. The start-up lines say where the site and the demo mailbox
 * are, and the links in the mail open the printed origin (review §7: `npm start` hid the mailbox,
 * so nobody could confirm an e-mail or reset a password).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './global-setup.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'croupier-start-'));
let server: ChildProcess;
let output = '';
let port = 0;

beforeAll(async () => {
  port = await freePort();
  // Only what `npm start` sets; anything a developer's shell exports that would change the mode goes.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  for (const key of [
    'DATABASE_URL',
    'PUBLIC_URL',
    'SMTP_URL',
    'APP_SECRET',
    'HOST',
    'DEV_MAILBOX',
    'PAYMENTS_SANDBOX',
    'TRUST_PROXY',
  ])
    delete env[key];
  server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // The block of plain lines ends with an empty line.
      if (/Croupier is running at [^\n]*\n(?: {2}[^\n]*\n)*\n/.test(output)) resolve();
    };
    server.stdout!.on('data', onData);
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start on a fresh machine', () => {
  it('prints the site and the demo mailbox, and mail links open the printed origin', async () => {
    const origin = `http://127.0.0.1:${port}`;
    expect(output).toContain(`Croupier is running at ${origin}  (database: pglite)`);
    expect(output).toContain(`Mail (confirmation and password links): ${origin}/dev/mailbox`);
    expect(output).toContain('Payments: sandbox provider, test money only');
    // A production start without withdrawal thresholds for verification says so (docs/verification.md#withdrawal-threshold).
    expect(output).toContain('KYC_WITHDRAWAL_THRESHOLDS is empty');

    const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', origin };
    const email = `start-${port}@example.com`;
    const signUp = await fetch(`${origin}/api/users`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        user: {
          email,
          password: 'a long and unusual passphrase 42',
          password_confirmation: 'a long and unusual passphrase 42',
          currency: 'EUR',
          first_name: 'Ann',
          last_name: 'Example',
          date_of_birth: '1990-05-17',
          country: 'DE',
          city: 'Berlin',
          address: 'Unter den Linden 1',
          postal_code: '10117',
          terms_acceptance: true,
        },
      }),
    });
    expect(signUp.status, await signUp.clone().text()).toBe(201);

    const page = await fetch(`${origin}/dev/mailbox`);
    expect(page.status).toBe(200);
    const mails = (await (await fetch(`${origin}/dev/mailbox.json`)).json()) as Array<{ to: string; links: string[] }>;
    const mail = mails.find((m) => m.to === email);
    expect(mail, JSON.stringify(mails)).toBeDefined();
    expect(new URL(mail!.links[0]!).origin).toBe(origin);
    // The secret was generated into the data folder, readable by its owner only.
    expect(statSync(path.join(dataDir, 'app-secret')).mode & 0o777).toBe(0o600);
  });
});
