import { and, eq, gte, isNull, max, sql } from 'drizzle-orm';
import { twoFactorRecoveryCodes } from '../../db/schema/index.ts';
import type { DbOrTx } from '../player/index.ts';

/** Replaces the player's set of recovery codes (only their hashes) with a new one. */
export async function replaceRecoveryCodes(db: DbOrTx, userId: number, hashes: string[], now: Date): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  if (hashes.length === 0) return;
  await db.insert(twoFactorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

export async function deleteRecoveryCodes(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
}

/**
 * Uses an unused code up in one guarded statement: of two requests with the same code at once,
 * only one gets true (single use, docs/auth.md#recovery-codes).
 */
export async function useRecoveryCode(db: DbOrTx, userId: number, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length > 0;
}

/** Whether the player used this code at or after `since` (the step-up that preceded turning two-factor off). */
export async function recoveryCodeUsedSince(
  db: DbOrTx,
  userId: number,
  codeHash: string,
  since: Date,
): Promise<boolean> {
  const rows = await db
    .select({ id: twoFactorRecoveryCodes.id })
    .from(twoFactorRecoveryCodes)
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        gte(twoFactorRecoveryCodes.usedAt, since),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Unused codes left, and when the set was made (null: the player has none). */
export async function recoveryCodeStatus(
  db: DbOrTx,
  userId: number,
): Promise<{ remaining: number; createdAt: Date | null }> {
  const [row] = await db
    .select({
      remaining: sql<number>`count(*) FILTER (WHERE ${twoFactorRecoveryCodes.usedAt} IS NULL)`.mapWith(Number),
      createdAt: max(twoFactorRecoveryCodes.createdAt),
    })
    .from(twoFactorRecoveryCodes)
    .where(eq(twoFactorRecoveryCodes.userId, userId));
  return { remaining: row?.remaining ?? 0, createdAt: row?.createdAt ?? null };
}
