import { hash, parseOptions, verify } from '@node-rs/argon2';
import { FIELD_MESSAGES } from '@croupier/shared/api/auth';
import { randomToken } from '../../lib/crypto.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

/**
 * argon2id at the OWASP floor (docs/reliability.md#a1-argon2id). The algorithm is left to the library default
 * (argon2id): its `Algorithm` const enum cannot be imported under isolatedModules.
 */
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/** False for a wrong password and for a hash that cannot be parsed (never throws). */
export async function verifyPassword(encrypted: string, password: string): Promise<boolean> {
  try {
    return await verify(encrypted, password);
  } catch {
    return false;
  }
}

/** A stored hash weaker than the current parameters is replaced at the next sign-in (docs/reliability.md#a1-argon2id). */
export function needsRehash(encrypted: string): boolean {
  if (!encrypted.startsWith('$argon2id$')) return true;
  try {
    const options = parseOptions(encrypted);
    return options.memoryCost < ARGON2.memoryCost || options.timeCost < ARGON2.timeCost;
  } catch {
    return true;
  }
}

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password, verified against when the e-mail is unknown so that a sign-in for a
 * missing account costs the same time as one with a wrong password (docs/reliability.md#a3-throttling).
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomToken());
  return dummy;
}

/**
 * Rules beyond length (the length rule lives in the shared schema): refuse the passwords attackers
 * try first, and the player's own e-mail address. No composition rules (docs/reliability.md#a2-password-policy).
 */
export function passwordPolicyErrors(password: string, email: string): string[] {
  const lower = password.toLowerCase();
  const errors: string[] = [];
  if (COMMON_PASSWORDS.has(lower)) errors.push(FIELD_MESSAGES.tooCommon);
  const local = email.split('@')[0] ?? '';
  if (lower === email.toLowerCase() || (local.length >= 8 && lower === local)) errors.push(FIELD_MESSAGES.tooCommon);
  return [...new Set(errors)];
}
