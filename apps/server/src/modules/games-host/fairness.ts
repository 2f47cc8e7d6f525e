import { sha256 } from '../../lib/crypto.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { Executor } from '../../db/sql.ts';
import {
  activeSeedPair,
  insertSeedPair,
  previousSeedPair,
  retireSeedPair,
  seedPairById,
  takeNonce,
} from './seeds.repository.ts';

export interface SeedPairView {
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  previous: { server_seed: string; server_seed_hash: string; client_seed: string; last_nonce: number } | null;
}

export interface AllocatedNonce {
  seedId: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

/** 32 bytes from the random source (the CSPRNG in production, docs/reliability.md#g1-csprng), hex: the secret server seed. */
export const newServerSeed = (random: RandomSource) => random.bytes(32).toString('hex');
/** A default client seed; the player may replace it. */
const newClientSeed = (random: RandomSource) => random.bytes(8).toString('hex');

/** Provably-fair seed pairs per owner (`user:<id>` or `demo:<session>`): commit, play, rotate, reveal. */
export class FairnessSeeds {
  constructor(private readonly random: RandomSource) {}

  /** The owner's active pair, created on first use. */
  async active(
    db: Executor,
    owner: string,
  ): Promise<{ id: number; serverSeedHash: string; clientSeed: string; nextNonce: number }> {
    const found = await activeSeedPair(db, owner);
    if (found)
      return {
        id: found.id,
        serverSeedHash: found.server_seed_hash,
        clientSeed: found.client_seed,
        nextNonce: found.next_nonce,
      };
    const seed = newServerSeed(this.random);
    await insertSeedPair(db, {
      owner,
      serverSeed: seed,
      serverSeedHash: sha256(seed),
      clientSeed: newClientSeed(this.random),
    });
    return this.active(db, owner);
  }

  /** Takes the next nonce of the active pair atomically: concurrent bets get distinct, gap-free nonces. */
  async allocate(db: Executor, owner: string): Promise<AllocatedNonce> {
    await this.active(db, owner);
    const row = await takeNonce(db, owner);
    if (!row) throw new Error(`no active seed pair for ${owner}`);
    return {
      seedId: row.id,
      serverSeed: row.server_seed,
      serverSeedHash: row.server_seed_hash,
      clientSeed: row.client_seed,
      nonce: Number(row.nonce),
    };
  }

  async view(db: Executor, owner: string): Promise<SeedPairView> {
    const current = await this.active(db, owner);
    const prev = await previousSeedPair(db, owner);
    return {
      server_seed_hash: current.serverSeedHash,
      client_seed: current.clientSeed,
      nonce: current.nextNonce,
      previous: prev
        ? {
            server_seed: prev.server_seed,
            server_seed_hash: prev.server_seed_hash,
            client_seed: prev.client_seed,
            last_nonce: Number(prev.next_nonce) - 1,
          }
        : null,
    };
  }

  /**
   * A new client seed starts a new pair (the old server seed is revealed), as in the usual scheme:
   * changing the client seed under a server seed the player has already seen outcomes of would be
   * pointless for fairness and confusing for verification.
   */
  async setClientSeed(db: Executor, owner: string, clientSeed: string, now: Date): Promise<SeedPairView> {
    await this.rotate(db, owner, now, clientSeed);
    return this.view(db, owner);
  }

  /** Retires the active pair (revealing its server seed) and commits to a fresh one. */
  async rotate(db: Executor, owner: string, now: Date, clientSeed?: string): Promise<SeedPairView> {
    const current = await this.active(db, owner);
    await retireSeedPair(db, current.id, now);
    const seed = newServerSeed(this.random);
    await insertSeedPair(db, {
      owner,
      serverSeed: seed,
      serverSeedHash: sha256(seed),
      clientSeed: clientSeed ?? current.clientSeed,
    });
    return this.view(db, owner);
  }

  /** The server seed of a pair, only once revealed (never the active one: G6 c). */
  async revealed(
    db: Executor,
    seedId: number,
  ): Promise<{ serverSeed: string | null; serverSeedHash: string; clientSeed: string; owner: string } | null> {
    const row = await seedPairById(db, seedId);
    if (!row) return null;
    return {
      serverSeed: row.active ? null : row.server_seed,
      serverSeedHash: row.server_seed_hash,
      clientSeed: row.client_seed,
      owner: row.owner,
    };
  }
}
