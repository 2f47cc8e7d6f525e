import { sql } from 'drizzle-orm';
import { jsonRows, rows, type Executor } from '../../db/sql.ts';

/**
 * The provably-fair seed pairs (`fairness_seeds`) of the games host, one active pair per owner
 * (`user:<id>` or `demo:<session>`) and the retired ones it revealed.
 */

export interface ActiveSeedPairRow {
  id: number;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: number;
}

export interface TakenNonceRow {
  id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}

export interface RetiredSeedPairRow {
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: number;
}

export interface SeedPairRow {
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  active: boolean;
  owner: string;
}

export async function activeSeedPair(db: Executor, owner: string): Promise<ActiveSeedPairRow | undefined> {
  const [row] = await rows<ActiveSeedPairRow>(
    db,
    sql`SELECT id, server_seed_hash, client_seed, next_nonce FROM fairness_seeds WHERE owner = ${owner} AND active`,
  );
  return row;
}

/** Commits to a new active pair; does nothing if the owner has one already (a concurrent insert won). */
export async function insertSeedPair(
  db: Executor,
  pair: { owner: string; serverSeed: string; serverSeedHash: string; clientSeed: string },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO fairness_seeds (owner, server_seed, server_seed_hash, client_seed) VALUES (${pair.owner}, ${pair.serverSeed}, ${pair.serverSeedHash}, ${pair.clientSeed})
        ON CONFLICT (owner) WHERE active DO NOTHING`,
  );
}

/** One statement, so concurrent bets get distinct, gap-free nonces. */
export async function takeNonce(db: Executor, owner: string): Promise<TakenNonceRow | undefined> {
  const [row] = await rows<TakenNonceRow>(
    db,
    sql`UPDATE fairness_seeds SET next_nonce = next_nonce + 1 WHERE owner = ${owner} AND active
        RETURNING id, server_seed, server_seed_hash, client_seed, next_nonce - 1 AS nonce`,
  );
  return row;
}

/** The owner's most recently retired pair. */
export async function previousSeedPair(db: Executor, owner: string): Promise<RetiredSeedPairRow | undefined> {
  const [row] = await rows<RetiredSeedPairRow>(
    db,
    sql`SELECT server_seed, server_seed_hash, client_seed, next_nonce FROM fairness_seeds
        WHERE owner = ${owner} AND NOT active ORDER BY id DESC LIMIT 1`,
  );
  return row;
}

/** Retires a pair, which reveals its server seed. */
export async function retireSeedPair(db: Executor, seedId: number, now: Date): Promise<void> {
  await db.execute(sql`UPDATE fairness_seeds SET active = false, revealed_at = ${now} WHERE id = ${seedId} AND active`);
}

export async function seedPairById(db: Executor, seedId: number): Promise<SeedPairRow | undefined> {
  const [row] = await rows<SeedPairRow>(
    db,
    sql`SELECT server_seed, server_seed_hash, client_seed, active, owner FROM fairness_seeds WHERE id = ${seedId}`,
  );
  return row;
}

/** The seeds a round replays its random stream from. */
export async function roundSeeds(
  db: Executor,
  seedId: number | null,
): Promise<{ server_seed: string; client_seed: string } | undefined> {
  const [row] = await rows<{ server_seed: string; client_seed: string }>(
    db,
    sql`SELECT server_seed, client_seed FROM fairness_seeds WHERE id = ${seedId}`,
  );
  return row;
}

/**
 * Invariant 6 (docs/reliability.md#ledger-invariants): the rows that break "seed nonces are unique
 * per seed". A round's nonce was taken from its pair's counter, so it is below `next_nonce`, and no
 * two rounds share a (seed, nonce); the unique index that guarantees the latter must exist. A
 * player who checks their rounds would otherwise find two outcomes from one draw.
 */
export const seedNonceViolations = sql`
  SELECT r.id::text AS round_id, 'nonce not taken from its pair' AS broken
    FROM game_rounds r JOIN fairness_seeds s ON s.id = r.seed_id
   WHERE r.nonce < 0 OR r.nonce >= s.next_nonce
  UNION ALL
  SELECT min(r.id)::text, 'nonce used twice'
    FROM game_rounds r WHERE r.seed_id IS NOT NULL GROUP BY r.seed_id, r.nonce HAVING count(*) > 1
  UNION ALL
  SELECT NULL, 'unique index game_rounds_seed_nonce_idx missing'
   WHERE NOT EXISTS (SELECT 1 FROM pg_indexes WHERE indexname = 'game_rounds_seed_nonce_idx')`;

/**
 * The player's seed pairs for their export: the server seed only of a pair already revealed (the
 * active pair's seed would let them predict their next outcomes), its hash always.
 */
export async function seedPairsForExport(db: Executor, owner: string): Promise<unknown[]> {
  return jsonRows(
    db,
    sql`SELECT id, server_seed_hash, CASE WHEN revealed_at IS NOT NULL THEN server_seed END AS server_seed,
               client_seed, next_nonce, active, created_at, revealed_at
          FROM fairness_seeds WHERE owner = ${owner} ORDER BY id`,
  );
}
