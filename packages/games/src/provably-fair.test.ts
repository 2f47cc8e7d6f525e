import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createProvablyFairRng, provablyFairBlock } from './provably-fair.ts';
import { createNodeProvablyFairRng } from './provablyFairRng.node.ts';
import { HmacSha256, hmacSha256Hex, sha256, sha256Hex, toHex, utf8 } from './sha256.ts';
import { createSimulationRng } from './rng.ts';

// Golden values from Python's hashlib/hmac (an independent implementation):
// python3 -c 'import hmac,hashlib,struct; d=hmac.new(b"croupier-server-seed",b"player-seed:7:0",hashlib.sha256).digest(); print(d.hex(), struct.unpack(">8I",d))'
const GOLDEN_SHA = {
  '': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  abc: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
  ['a'.repeat(1000)]: '41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3',
  'server seed ✓': 'f141764942f48ad7f7bb8f5e7cdd873f2db0d0cbcf4f101f00e89f9c0f4b8f28',
};
const SEEDS = { serverSeed: 'croupier-server-seed', clientSeed: 'player-seed', nonce: 7 };
const BLOCK0 = 'a2da45543decc6b9a2a87fc0968fca55267505bf3dc5903cc270f59c5ab1e60e';
const WORDS = [
  2732213588, 1038927545, 2728951744, 2526005845, 645203391, 1036357692, 3262182812, 1521608206, 990458215, 292140642,
  3705123366, 1536107486, 3476821273, 1679632596, 2805391226, 3087691148,
];

describe('SHA-256 and HMAC-SHA256 (pure JS)', () => {
  it('matches the golden digests from Python', () => {
    for (const [text, hex] of Object.entries(GOLDEN_SHA)) expect(sha256Hex(text)).toBe(hex);
  });

  it('agrees with node:crypto on every length around the block boundaries and on long keys', () => {
    const rng = createSimulationRng(11);
    for (let len = 0; len < 300; len++) {
      const data = Uint8Array.from({ length: len }, () => rng.int(256));
      expect(toHex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'));
      const key = Uint8Array.from({ length: (len * 7) % 150 }, () => rng.int(256));
      expect(toHex(new HmacSha256(key).digest(data))).toBe(createHmac('sha256', key).update(data).digest('hex'));
    }
  });

  it('gives the RFC 4231 test case 2 HMAC', () => {
    expect(hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });
});

describe('provably-fair stream (G6 a)', () => {
  it('produces the golden block and words (big-endian, cursor 0 then 1)', () => {
    expect(toHex(provablyFairBlock(SEEDS.serverSeed, SEEDS.clientSeed, SEEDS.nonce, 0))).toBe(BLOCK0);
    const rng = createProvablyFairRng(SEEDS);
    expect(Array.from({ length: 16 }, () => rng.nextUint32())).toEqual(WORDS);
    expect(rng.position).toBe(16);
  });

  it('turns the golden words into golden floats and outcomes', () => {
    const rng = createProvablyFairRng(SEEDS);
    expect(rng.float()).toBeCloseTo(0.636143048294, 12);
    expect(rng.float()).toBeCloseTo(0.241894169012, 12);
    // floor(2732213588 / floor(2^32 / 10000)) = 6361 (a dice roll of 63.61); 2732213588 / 116080197 → pocket 23.
    expect(createProvablyFairRng(SEEDS).int(10_000)).toBe(6361);
    expect(createProvablyFairRng(SEEDS).int(37)).toBe(23);
  });

  it('resumes a round at startAt exactly where the previous step stopped', () => {
    const whole = createProvablyFairRng(SEEDS);
    const first = [whole.nextUint32(), whole.nextUint32(), whole.nextUint32()];
    const resumed = createProvablyFairRng({ ...SEEDS, startAt: whole.position });
    expect(first).toEqual(WORDS.slice(0, 3));
    expect(Array.from({ length: 10 }, () => resumed.nextUint32())).toEqual(WORDS.slice(3, 13));
  });

  it('the node:crypto variant is byte-identical', () => {
    for (const nonce of [0, 1, 99, 123456]) {
      const a = createProvablyFairRng({ serverSeed: 'a'.repeat(64), clientSeed: 'ünïcode ✓', nonce, startAt: 5 });
      const b = createNodeProvablyFairRng({ serverSeed: 'a'.repeat(64), clientSeed: 'ünïcode ✓', nonce, startAt: 5 });
      for (let i = 0; i < 40; i++) expect(a.nextUint32()).toBe(b.nextUint32());
    }
  });

  it('different server seeds, client seeds or nonces give different streams', () => {
    const words = (input: Parameters<typeof createProvablyFairRng>[0]) => {
      const r = createProvablyFairRng(input);
      return Array.from({ length: 8 }, () => r.nextUint32()).join(',');
    };
    const base = words(SEEDS);
    expect(words({ ...SEEDS, serverSeed: 'croupier-server-seed2' })).not.toBe(base);
    expect(words({ ...SEEDS, clientSeed: 'player-seed2' })).not.toBe(base);
    expect(words({ ...SEEDS, nonce: 8 })).not.toBe(base);
  });

  it('the commitment of a revealed seed is its SHA-256', () => {
    expect(sha256Hex(SEEDS.serverSeed)).toBe(createHash('sha256').update(utf8(SEEDS.serverSeed)).digest('hex'));
  });
});
