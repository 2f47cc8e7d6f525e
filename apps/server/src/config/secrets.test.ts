/**
 * Issue: with APP_SECRET unset the server used a constant published in the repository, and every
 * key (game-provider signatures, payment webhooks, TOTP seeds, realtime tokens) derived from it.
 * These tests prove the constant buys nothing and that the generated secret is durable.
 */
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TwoFactorSetupSchema } from '@croupier/shared/api/auth';
import { pino } from 'pino';
import { buildApp } from '../app.ts';
import { buildTestApp, createClient, openTestDatabase, type TestApp } from '../../test/build-test-app.ts';
import { fixedClock } from '../lib/clock.ts';
import { hmacSha256 } from '../lib/crypto.ts';
import { GOOD_PASSWORD, signUp, stepUpWithPassword, totpAt } from '../modules/auth/test-helpers.ts';
import { createSecretBox } from '../modules/auth/totp.ts';
import { createMailer } from '../modules/mail/mailer.ts';
import { SANDBOX_SIGNATURE_HEADER, SandboxProvider, TEST_CARDS } from '../modules/payments/sandbox.ts';
import { OWN_PROVIDER, WalletProtocol } from '../modules/wallet/protocol.ts';
import { balanceOf, count, expectLedgerSound, fund, gameSession, walletCall } from '../modules/wallet/test-helpers.ts';
import { parseEnv } from './env.ts';
import { deriveKeyHex, KEY_LABELS, resolveAppSecret, SECRET_FILE } from './secrets.ts';

/** The development secret every earlier version fell back to (public in the repository's history). */
const OLD_PUBLIC_SECRET = 'croupier-development-secret-do-not-use-in-production';

const tempDirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'croupier-secret-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => tempDirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('the app secret', () => {
  it('is generated once into DATA_DIR (mode 0600) and read back on the next start', () => {
    const dir = tempDir();
    const first = resolveAppSecret({ NODE_ENV: 'production', DATA_DIR: dir });
    expect(first.origin).toBe('generated');
    expect(first.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fs.statSync(path.join(dir, SECRET_FILE)).mode & 0o777).toBe(0o600);
    const second = resolveAppSecret({ NODE_ENV: 'production', DATA_DIR: dir });
    expect(second).toEqual({ secret: first.secret, origin: 'file' });
    expect(resolveAppSecret({ NODE_ENV: 'development', DATA_DIR: tempDir() }).secret).not.toBe(first.secret);
  });

  it('is required in production with DATABASE_URL, and APP_SECRET wins when given', () => {
    expect(() =>
      parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://127.0.0.1/x', DATA_DIR: tempDir() }),
    ).toThrow(/APP_SECRET: required in production/);
    const given = 'an-operator-secret-of-at-least-32-chars';
    expect(
      parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://127.0.0.1/x', APP_SECRET: given }).appSecret,
    ).toBe(given);
    // Tests never write a file: each process gets its own random secret.
    expect(parseEnv({ NODE_ENV: 'test' }).appSecret).not.toBe(parseEnv({ NODE_ENV: 'test' }).appSecret);
  });

  it('keeps 2FA seeds sealed before decision 012 (v1, under the old default secret) readable; new seeds are v2', () => {
    const sealV1 = (secret: string, plain: string) => {
      const key = createHash('sha256').update(`croupier:totp-secret:${secret}`).digest();
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    };
    const box = createSecretBox(resolveAppSecret({ NODE_ENV: 'development', DATA_DIR: tempDir() }).secret);
    expect(box.open(sealV1(OLD_PUBLIC_SECRET, 'JBSWY3DPEHPK3PXP'))).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open(sealV1('some-other-operator-secret-of-32-chars', 'JBSWY3DPEHPK3PXP'))).toBeNull();
    expect(box.seal('JBSWY3DPEHPK3PXP')).toMatch(/^v2\./);
    expect(createSecretBox(OLD_PUBLIC_SECRET).open(box.seal('JBSWY3DPEHPK3PXP'))).toBeNull();
  });

  it('derives an independent key per purpose', () => {
    const keys = KEY_LABELS.map((label) => deriveKeyHex('s'.repeat(32), label));
    expect(new Set(keys).size).toBe(KEY_LABELS.length);
    expect(new Set(KEY_LABELS).size).toBe(KEY_LABELS.length);
    expect(keys.every((k) => /^[0-9a-f]{64}$/.test(k))).toBe(true);
  });

  it('turns the payment sandbox off by default only for production on PostgreSQL; the games host id cannot be configured', () => {
    const secret = { APP_SECRET: 'an-operator-secret-of-at-least-32-chars' };
    expect(parseEnv({ NODE_ENV: 'production', DATA_DIR: tempDir() }).PAYMENTS_SANDBOX).toBe(true);
    expect(parseEnv({ NODE_ENV: 'test' }).PAYMENTS_SANDBOX).toBe(true);
    expect(
      parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://127.0.0.1/x', ...secret }).PAYMENTS_SANDBOX,
    ).toBe(false);
    expect(
      parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://127.0.0.1/x', PAYMENTS_SANDBOX: 'true', ...secret })
        .PAYMENTS_SANDBOX,
    ).toBe(true);
  });

  it('survives a restart: the session and the second factor keep working', async () => {
    const dataDir = tempDir();
    const { database, drop } = await openTestDatabase();
    const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));
    const start = async (dir = dataDir) => {
      const env = parseEnv({ NODE_ENV: 'development', LOG_LEVEL: 'silent', SEED_ON_START: 'false', DATA_DIR: dir });
      const mailer = createMailer({
        db: database.db,
        smtpUrl: undefined,
        from: env.MAIL_FROM,
        log: pino({ level: 'silent' }),
      });
      const app = (await buildApp({ env, database, clock, mailer })).http;
      await app.ready();
      return app;
    };
    try {
      const first = await start();
      const { client, player } = await signUp(first);
      const setup = TwoFactorSetupSchema.parse((await client.get('/api/v2/player/two_factor')).json());
      await stepUpWithPassword(client);
      const enabled = await client.post('/api/v2/player/two_factor', {
        two_factor: { otp_secret: setup.otp_secret, authentication_code: await totpAt(setup.otp_secret, clock.now()) },
      });
      expect(enabled.statusCode).toBe(200);
      await first.close();
      const signInWithCode = async (app: typeof first) => {
        const fresh = createClient(app);
        const password = await fresh.post('/api/users/sign_in', {
          user: { email: player.email, password: GOOD_PASSWORD },
        });
        expect(password.json()).toMatchObject({ code: 'two_factor_required' });
        return (
          await fresh.post('/api/users/sign_in', { user: { otp_attempt: await totpAt(setup.otp_secret, clock.now()) } })
        ).statusCode;
      };

      const second = await start();
      try {
        const same = createClient(second);
        for (const [k, v] of client.jar) same.jar.set(k, v);
        expect((await same.get('/api/player')).json()).toMatchObject({ id: player.id });
        clock.advance(60_000);
        expect(await signInWithCode(second)).toBe(201);
      } finally {
        await second.close();
      }
      // Control: a server with another secret cannot open the stored seed, so the same code fails.
      const other = await start(tempDir());
      try {
        clock.advance(60_000);
        expect(await signInWithCode(other)).toBe(422);
      } finally {
        await other.close();
      }
    } finally {
      await drop();
    }
  });
});

describe.each([
  { name: 'the test default', env: (): Record<string, string> => ({}) },
  // What `npm start` runs: production on the embedded database with the secret generated into DATA_DIR.
  {
    name: 'npm start (production, embedded, generated secret)',
    env: () => ({ NODE_ENV: 'production', DATA_DIR: tempDir() }),
  },
])('forgery with the old public secret: $name', ({ env }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(env());
  });
  afterAll(() => t.close());

  it('a bet and a win signed as the games host answer 401 and move nothing', async () => {
    const { player } = await signUp(t.app);
    await fund(t.wallet, player.id, 'EUR', 100);
    const token = await gameSession(t.database, player.id, 'EUR', OWN_PROVIDER, t.clock.now());
    const forgedKey = hmacSha256(OLD_PUBLIC_SECRET, 'croupier:wallet-provider:croupier');
    const base = { user_id: String(player.id), currency: 'EUR', game: 'croupier-originals/test', round_id: 'forged-1' };
    const ledgerBefore = await count(t.database, 'ledger_transactions');
    const bet = await walletCall(t.app, OWN_PROVIDER, forgedKey, 'bet', {
      ...base,
      session_token: token,
      transaction_id: 'forged-bet',
      amount: 1,
    });
    const win = await walletCall(t.app, OWN_PROVIDER, forgedKey, 'win', {
      ...base,
      transaction_id: 'forged-win',
      amount: 1_000_000_000,
    });
    expect([bet.status, win.status]).toEqual([401, 401]);
    expect(win.json.status).toBe('INVALID_SIGNATURE');
    // Even the host's real in-process key is refused over HTTP: the host is not an HTTP provider.
    const realKey = t.wallet.secrets.get(OWN_PROVIDER)!;
    expect(realKey).not.toBe(forgedKey);
    expect(
      (
        await walletCall(t.app, OWN_PROVIDER, realKey, 'win', {
          ...base,
          transaction_id: 'real-key-win',
          amount: 1_000_000_000,
        })
      ).status,
    ).toBe(401);
    expect(await balanceOf(t.database, player.id)).toBe(100);
    expect(await count(t.database, 'ledger_transactions')).toBe(ledgerBefore);
    expect(await count(t.database, 'wallet_requests')).toBe(0);
    await expectLedgerSound(t.database);
  });

  it('a sandbox payment webhook signed with a key from the old secret answers 401 and credits nothing', async () => {
    const { client, player } = await signUp(t.app, { currency: 'EUR' });
    const started = (
      await client.post('/api/payments/deposits', {
        payment: {
          currency: 'EUR',
          amount_cents: 1_000,
          method_id: 'sandbox_card',
          fields: { card_number: TEST_CARDS.challenge, expiry_date: '12/39', cvv: '123', card_holder: 'Ada Player' },
        },
      })
    ).json() as { redirect_url: string; payment: { id: number } };
    const pspId = started.redirect_url.split('/').pop()!;
    const event = {
      event_id: `${pspId}:succeeded`,
      payment_id: pspId,
      merchant_reference: String(started.payment.id),
      status: 'succeeded',
      amount_cents: 500_000_000,
      currency: 'EUR',
    };
    const raw = JSON.stringify(event);
    const before = await count(t.database, 'ledger_transactions');
    for (const key of [
      hmacSha256(OLD_PUBLIC_SECRET, 'croupier:sandbox-psp'),
      deriveKeyHex(OLD_PUBLIC_SECRET, 'sandbox-psp-webhook'),
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/payments/webhooks/sandbox',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: `sha256=${SandboxProvider.sign(key, raw)}`,
        },
        payload: raw,
      });
      expect(res.statusCode).toBe(401);
    }
    expect(await count(t.database, 'ledger_transactions')).toBe(before);
    expect(await balanceOf(t.database, player.id)).toBe(0);
  });

  it('the sandbox chain controls need a signed-in player', async () => {
    const guest = createClient(t.app);
    expect((await guest.post('/sandbox-chain/mine')).statusCode).toBe(401);
    expect(
      (await guest.post('/sandbox-chain/send', { address: 'tb1qanything000000000000', amount_cents: 1 })).statusCode,
    ).toBe(401);
  });

  it('tells the web whether payments are the sandbox (the "test money" ribbon)', async () => {
    expect((await createClient(t.app).get('/json-api/serverdata')).json()).toMatchObject({ payments_sandbox: true });
  });
});

describe('without the payment sandbox', () => {
  it('tells the web there is no sandbox, so no page shows the "test money" ribbon', async () => {
    const t = await buildTestApp({ PAYMENTS_SANDBOX: 'false' });
    try {
      expect((await createClient(t.app).get('/json-api/serverdata')).json()).toMatchObject({ payments_sandbox: false });
    } finally {
      await t.close();
    }
  });
});

describe('the public origin', () => {
  it('is the address the server listens on unless PUBLIC_URL names another, without a trailing slash', () => {
    expect(parseEnv({ NODE_ENV: 'test' }, { secret: false }).publicUrl).toBe('http://127.0.0.1:3000');
    expect(parseEnv({ NODE_ENV: 'test', HOST: '0.0.0.0', PORT: '8080' }, { secret: false }).publicUrl).toBe(
      'http://localhost:8080',
    );
    expect(parseEnv({ NODE_ENV: 'test', HOST: '::1' }, { secret: false }).publicUrl).toBe('http://[::1]:3000');
    expect(parseEnv({ NODE_ENV: 'test', PUBLIC_URL: 'https://casino.example/' }, { secret: false }).publicUrl).toBe(
      'https://casino.example',
    );
  });
});

// Signature helper kept honest: the protocol's own signer is what a provider uses.
it('signs the way providers do', () => {
  expect(WalletProtocol.sign('k', 'x')).toBe(hmacSha256('k', 'x'));
});
