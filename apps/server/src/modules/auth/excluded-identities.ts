/**
 * A self-exclusion outlives the erasure of the account (docs/privacy.md#a-self-exclusion-outlives-erasure):
 * the erased player's address is kept as a keyed hash for as long as the exclusion runs, and sign-up
 * refuses it. The table is the auth module's, since sign-up reads it; the limits module, which knows
 * the exclusion, writes it when it erases a self-excluded player.
 */
import { createHmac } from 'node:crypto';
import { deriveKey } from '../../config/secrets.ts';
import type { Executor } from '../../db/sql.ts';
import { AppError } from '../../lib/errors.ts';
import {
  emailOfPlayer,
  forgetEndedIdentities,
  identityExcluded,
  rememberIdentity,
} from './excluded-identities.repository.ts';

/**
 * An address as one mailbox: NFKC, trimmed, lower-case, without a `+tag` in its local part (one
 * mailbox at nearly every provider), so `Ada+again@Example.com ` is `ada@example.com`.
 */
export function normalisedMailbox(email: string): string {
  const address = email.normalize('NFKC').trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  const local = address.slice(0, at).split('+')[0] || address.slice(0, at);
  return `${local}${address.slice(at)}`;
}

/**
 * The identity's HMAC-SHA256 under a key derived from the app secret: without the secret the table
 * cannot be tested against a list of addresses. A new app secret makes the kept hashes unmatchable.
 */
export function identityHash(appSecret: string, email: string): string {
  return createHmac('sha256', deriveKey(appSecret, 'excluded-identity'))
    .update(`email:${normalisedMailbox(email)}`)
    .digest('hex');
}

/**
 * Remembers the player's address until `endsAt` (null: for ever), in the caller's transaction:
 * the erasure's, before the auth module replaces the address.
 */
export async function rememberExcludedIdentity(
  tx: Executor,
  input: { appSecret: string; userId: number; endsAt: Date | null; now: Date },
): Promise<void> {
  const email = await emailOfPlayer(tx, input.userId);
  if (!email) return;
  await rememberIdentity(tx, identityHash(input.appSecret, email), input.endsAt, input.now);
}

/**
 * Sign-up's refusal of a remembered address: 403 `self_excluded`. It says no more than needed — not
 * until when, nor that an account was erased — since anyone may type any address.
 */
export async function refuseExcludedIdentity(tx: Executor, appSecret: string, email: string, now: Date) {
  if (!(await identityExcluded(tx, identityHash(appSecret, email), now))) return;
  throw new AppError(
    403,
    'self_excluded',
    'An account cannot be opened with this e-mail address while a self-exclusion applies to it. Our support can tell you more.',
  );
}

/** The auth module's job: identities whose exclusion ended are deleted. */
export function forgetEndedExclusions(db: Executor, now: Date): Promise<number> {
  return forgetEndedIdentities(db, now);
}
