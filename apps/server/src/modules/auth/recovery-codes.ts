import { createHmac, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@croupier/shared/api/auth';
import { deriveKey } from '../../config/secrets.ts';

/**
 * Two-factor recovery codes (docs/auth.md#recovery-codes). A code is 12 characters of Crockford's
 * base32 (no i, l, o, u), 60 bits from the CSPRNG, shown as `xxxx-xxxx-xxxx`. What the player types
 * is read leniently: case, spaces and dashes do not matter, and i/l read as 1, o as 0.
 */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const LENGTH = 12;

/** A new set of codes, as the player sees them. Every byte gives 5 bits: 32 letters, no modulo bias. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from(randomBytes(LENGTH), (byte) => ALPHABET[byte & 31]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

/** The canonical form of what was typed, or null when it cannot be a recovery code. */
export function normaliseRecoveryCode(typed: string): string | null {
  const plain = typed.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
  if (plain.length !== LENGTH) return null;
  for (const char of plain) if (!ALPHABET.includes(char)) return null;
  return plain;
}

/**
 * The stored form: HMAC-SHA-256 under a key derived from APP_SECRET, bound to the player. The codes
 * are random, not chosen by people, so a fast keyed hash is as strong as argon2 against guessing
 * (60 bits, attempts throttled) and a copy of the table without the app secret tells nothing; being
 * deterministic, it lets the database find and use up a code in one statement.
 */
export function recoveryCodeHasher(appSecret: string) {
  const key = deriveKey(appSecret, 'two-factor-recovery');
  return (userId: number, canonical: string): string =>
    createHmac('sha256', key).update(`${userId}:${canonical}`).digest('hex');
}
