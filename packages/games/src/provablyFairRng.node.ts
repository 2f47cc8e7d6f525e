/**
 * The same provably-fair stream as provably-fair.ts through node:crypto's native HMAC: several
 * times faster per block on the server, and byte-identical (provably-fair.test.ts checks it).
 */
import { createHmac } from 'node:crypto';
import { ProvablyFairRng, type ProvablyFairInput } from './provably-fair.ts';

export function createNodeProvablyFairRng(input: ProvablyFairInput): ProvablyFairRng {
  const key = input.serverSeed;
  return new ProvablyFairRng(
    (message) => new Uint8Array(createHmac('sha256', key).update(message, 'utf8').digest()),
    input.clientSeed,
    input.nonce,
    input.startAt ?? 0,
  );
}
