import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { deriveKey } from '../../config/secrets.ts';

/**
 * TOTP per RFC 6238 with the authenticator-app defaults (SHA-1, 6 digits, 30 s). A code is accepted
 * for its own 30 s step and one step either side (±30 s clock skew), and each step only once
 * (replay protection through `users.two_factor_last_step`, docs/reliability.md#a4-two-factor-codes).
 */
export const TOTP_PERIOD_SECONDS = 30;
const SKEW_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, issuer: string, label: string): string {
  return generateURI({ issuer, label, secret });
}

/**
 * The time step the code belongs to when it is valid at `now` and newer than `afterStep`; otherwise
 * null. Malformed codes are simply invalid.
 */
export async function matchTotp(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  try {
    const result = await verify({
      secret,
      token,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: SKEW_SECONDS,
      ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/**
 * The secret every install without APP_SECRET used before decision 012. It is public, so seeds it
 * sealed protect nothing against someone holding the users table; they are still opened (read only,
 * never used to seal) so that players who turned 2FA on then are not locked out after an upgrade.
 */
const LEGACY_DEFAULT_SECRET = 'croupier-development-secret-do-not-use-in-production';

const legacyKey = (secret: string) => createHash('sha256').update(`croupier:totp-secret:${secret}`).digest();

/**
 * Seeds are stored encrypted (AES-256-GCM) so a copy of the users table alone does not hand out
 * second factors (docs/reliability.md#a4-two-factor-codes). Format `v2.<iv>.<tag>.<data>`, keyed by the app secret's HKDF key
 * for this purpose. `v1` values (key = SHA-256 of a prefixed app secret, before keys were derived
 * per purpose) still open, under the configured secret or the old public default, so players
 * enrolled before keep their authenticator; new seeds are always `v2`.
 */
export function createSecretBox(appSecret: string) {
  const keys: Record<string, Buffer[]> = {
    v2: [deriveKey(appSecret, 'totp-secret-box')],
    v1: [legacyKey(appSecret), legacyKey(LEGACY_DEFAULT_SECRET)],
  };
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keys.v2![0]!, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v2',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        data.toString('base64url'),
      ].join('.');
    },
    /** Null when the value was sealed with another app secret or was tampered with. */
    open(sealed: string): string | null {
      const [version, iv, tag, data] = sealed.split('.');
      const candidates = version ? keys[version] : undefined;
      if (!candidates || !iv || !tag || !data) return null;
      for (const key of candidates) {
        try {
          const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
          decipher.setAuthTag(Buffer.from(tag, 'base64url'));
          return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
        } catch {
          // Not this key: the authentication tag did not verify.
        }
      }
      return null;
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
