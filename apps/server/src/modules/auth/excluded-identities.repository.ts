import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/sql.ts';

/**
 * Remembers an identity until `endsAt` (null: for ever). The same identity remembered twice keeps
 * the later end, and "for ever" over any date.
 */
export async function rememberIdentity(db: Executor, hash: string, endsAt: Date | null, now: Date): Promise<void> {
  await db.execute(
    sql`INSERT INTO excluded_identities (identity_hash, ends_at, created_at) VALUES (${hash}, ${endsAt}, ${now})
        ON CONFLICT (identity_hash) DO UPDATE SET ends_at =
          CASE WHEN excluded_identities.ends_at IS NULL OR EXCLUDED.ends_at IS NULL THEN NULL
               ELSE GREATEST(excluded_identities.ends_at, EXCLUDED.ends_at) END`,
  );
}

/** Whether an identity is excluded at `now`. */
export async function identityExcluded(db: Executor, hash: string, now: Date): Promise<boolean> {
  const found = await rows<{ hit: number }>(
    db,
    sql`SELECT 1 AS hit FROM excluded_identities WHERE identity_hash = ${hash} AND (ends_at IS NULL OR ends_at > ${now})`,
  );
  return found.length > 0;
}

/** Deletes identities whose exclusion has ended: kept no longer than it runs. */
export async function forgetEndedIdentities(db: Executor, now: Date): Promise<number> {
  const gone = await rows<{ identity_hash: string }>(
    db,
    sql`DELETE FROM excluded_identities WHERE ends_at <= ${now} RETURNING identity_hash`,
  );
  return gone.length;
}

/** The player's current e-mail address (before any erasure replaced it). */
export async function emailOfPlayer(db: Executor, userId: number): Promise<string | undefined> {
  const [row] = await rows<{ email: string }>(db, sql`SELECT email FROM users WHERE id = ${userId}`);
  return row?.email;
}
