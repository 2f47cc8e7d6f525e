import { randomBytes, hkdfSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** File in DATA_DIR that keeps the generated app secret of a deployment without APP_SECRET. */
export const SECRET_FILE = 'app-secret';

export interface SecretSource {
  NODE_ENV: 'development' | 'production' | 'test';
  APP_SECRET?: string | undefined;
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}

/**
 * The app secret every key is derived from. There is no built-in default: a constant in a public
 * repository would let anyone sign game-provider calls and payment webhooks.
 * - `APP_SECRET` when set.
 * - PostgreSQL in production without it: refuse to start (instances must share one secret, and a
 *   secret written to one machine's disk would differ between them).
 * - Otherwise (the embedded demo, development): 256 random bits generated on first start and kept in
 *   `DATA_DIR/app-secret` (mode 0600), so sessions, TOTP seeds and links survive a restart.
 * - Tests without it: random per process, nothing written.
 */
export function resolveAppSecret(source: SecretSource): {
  secret: string;
  origin: 'env' | 'file' | 'generated' | 'ephemeral';
} {
  if (source.APP_SECRET) return { secret: source.APP_SECRET, origin: 'env' };
  if (source.DATABASE_URL && source.NODE_ENV === 'production') {
    throw new Error(
      'Invalid configuration:\n  APP_SECRET: required in production with DATABASE_URL (at least 32 random characters)',
    );
  }
  if (source.NODE_ENV === 'test') return { secret: randomBytes(32).toString('base64url'), origin: 'ephemeral' };
  const file = path.join(source.DATA_DIR, SECRET_FILE);
  try {
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (kept.length < 32)
      throw new Error(`${file} holds fewer than 32 characters: delete it to generate a new secret, or set APP_SECRET`);
    // Another user on the machine must not read it; repair a copy that lost its mode.
    if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
    return { secret: kept, origin: 'file' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(source.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx': two processes starting at once must not each write their own secret.
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return resolveAppSecret(source);
    throw error;
  }
  return { secret, origin: 'generated' };
}

/**
 * A key for one purpose, derived from the app secret with HKDF-SHA256 and the purpose as its label:
 * knowing one derived key (a provider's webhook secret, say) reveals nothing about another.
 */
export function deriveKey(appSecret: string, label: KeyLabel): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'croupier', label, 32));
}

export function deriveKeyHex(appSecret: string, label: KeyLabel): string {
  return deriveKey(appSecret, label).toString('hex');
}

/** Every purpose a key is derived for: one place, so no two purposes share a label. */
export const KEY_LABELS = [
  'totp-secret-box',
  'sandbox-psp-webhook',
  // Names a card across deposits; its own key so the webhook key cannot recompute card fingerprints.
  'sandbox-card-fingerprint',
  'realtime-connection',
  'player-hash',
  'payment-idempotency',
  'two-factor-setup',
  // One-time phone codes are stored as an HMAC: a leaked row cannot be brute-forced offline.
  'phone-code',
  'two-factor-recovery',
  // Verification documents at rest (docs/verification.md#storage).
  'document-store',
  // The addresses of erased self-excluded players (docs/privacy.md#a-self-exclusion-outlives-erasure).
  'excluded-identity',
] as const;
export type KeyLabel = (typeof KEY_LABELS)[number];
