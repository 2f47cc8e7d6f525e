/**
 * The provably-fair byte stream (Stake's scheme): block `cursor` is
 * HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${cursor}`), 32 bytes = 8 words
 * read big-endian, cursor 0, 1, 2, …. The server commits to sha256Hex(serverSeed) before play and
 * reveals the seed on rotation; anyone can then recompute every word of every round.
 */
import { WordRng } from './rng.ts';
import { HmacSha256, utf8 } from './sha256.ts';

export interface ProvablyFairInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** Words to skip: the `position` the previous step of the same round ended at. */
  startAt?: number;
}

export type HmacBlock = (message: string) => Uint8Array;

/** Words of the stream, produced block by block through any HMAC implementation. */
export class ProvablyFairRng extends WordRng {
  private block: Uint8Array = new Uint8Array(0);
  private blockCursor = -1;

  constructor(
    private readonly hmac: HmacBlock,
    private readonly clientSeed: string,
    private readonly nonce: number,
    startAt: number,
  ) {
    super();
    if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError('nonce must be a non-negative integer');
    if (!Number.isSafeInteger(startAt) || startAt < 0) throw new RangeError('startAt must be a non-negative integer');
    this.consumed = startAt;
  }

  protected word(): number {
    // nextUint32 has already counted this word, so it is word number consumed − 1.
    const index = this.consumed - 1;
    const cursor = Math.floor(index / 8);
    if (cursor !== this.blockCursor) {
      this.block = this.hmac(`${this.clientSeed}:${this.nonce}:${cursor}`);
      this.blockCursor = cursor;
    }
    const o = (index % 8) * 4;
    const b = this.block;
    return ((b[o]! << 24) | (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!) >>> 0;
  }
}

export function createProvablyFairRng(input: ProvablyFairInput): ProvablyFairRng {
  const mac = new HmacSha256(utf8(input.serverSeed));
  return new ProvablyFairRng((message) => mac.digest(utf8(message)), input.clientSeed, input.nonce, input.startAt ?? 0);
}

/** The 32 bytes of one block, for verification pages that show the raw stream. */
export function provablyFairBlock(serverSeed: string, clientSeed: string, nonce: number, cursor: number): Uint8Array {
  return new HmacSha256(utf8(serverSeed)).digest(utf8(`${clientSeed}:${nonce}:${cursor}`));
}

export { sha256Hex } from './sha256.ts';
