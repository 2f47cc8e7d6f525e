import { createHmac, randomBytes, randomInt } from 'node:crypto';

/**
 * Where the server's chance comes from: the secret server seeds that decide game outcomes (and the
 * default client seeds), a jackpot's secret drop point, a "random game" pick. `buildApp` takes one,
 * like the clock, so tests pin outcomes instead of spinning until something happens
 * (decision 019). Security tokens (sessions, CSRF-free nonces, key material, IVs) never come from
 * here: they always use the CSPRNG directly, whatever a test injects.
 */
export interface RandomSource {
  /** `n` random bytes. */
  bytes(n: number): Buffer;
  /** A uniform integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
}

/** Production: the operating system's CSPRNG (docs/reliability.md#g1-csprng). */
export const cryptoRandom: RandomSource = {
  bytes: (n) => randomBytes(n),
  int: (maxExclusive) => randomInt(maxExclusive),
};

/**
 * A deterministic source for tests: HMAC-SHA256(seed, counter) blocks, so the same seed yields the
 * same seeds, drop points and picks in the same order on every run and machine.
 */
export function seededRandom(seed: string): RandomSource {
  let counter = 0;
  const block = () => createHmac('sha256', seed).update(String(counter++)).digest();
  const bytes = (n: number) => {
    const chunks: Buffer[] = [];
    for (let have = 0; have < n; have += 32) chunks.push(block());
    return Buffer.concat(chunks).subarray(0, n);
  };
  return {
    bytes,
    int: (maxExclusive) => {
      if (!Number.isSafeInteger(maxExclusive) || maxExclusive < 1) throw new RangeError(`bad range ${maxExclusive}`);
      // Rejection sampling over 48 bits keeps the draw uniform.
      const limit = 2 ** 48 - (2 ** 48 % maxExclusive);
      for (;;) {
        const value = bytes(6).readUIntBE(0, 6);
        if (value < limit) return value % maxExclusive;
      }
    },
  };
}
