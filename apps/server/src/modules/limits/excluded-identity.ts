/**
 * The limits module's part of an erasure (docs/privacy.md#a-self-exclusion-outlives-erasure): a
 * player erased while self-excluded leaves their address behind, as a keyed hash the auth module
 * keeps until the exclusion ends, so they cannot open a new account with it before then. The limit
 * rows themselves are kept (docs/privacy.md#what-is-kept-and-why).
 */
import type { Executor } from '../../db/sql.ts';
import { selfExclusionEnd } from './limits.repository.ts';

/** The one call of the auth module's API this needs, by shape: no import back into the module graph. */
interface RemembersIdentities {
  rememberExcludedIdentity(tx: Executor, input: { userId: number; endsAt: Date | null; now: Date }): Promise<void>;
}

export async function rememberSelfExclusionOnErasure(
  tx: Executor,
  auth: RemembersIdentities,
  input: { userId: number; now: Date },
): Promise<void> {
  const endsAt = await selfExclusionEnd(tx, input.userId, input.now);
  if (endsAt === undefined) return;
  await auth.rememberExcludedIdentity(tx, { ...input, endsAt });
}
