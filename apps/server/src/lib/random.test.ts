import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUp } from '../modules/auth/test-helpers.ts';
import { cryptoRandom, seededRandom } from './random.ts';

describe('random sources', () => {
  it('a seeded source repeats itself for the same seed and differs for another', () => {
    const draw = (seed: string) => {
      const r = seededRandom(seed);
      return [r.bytes(40).toString('hex'), r.int(6), r.int(1_000_000), r.bytes(3).toString('hex')];
    };
    expect(draw('a')).toEqual(draw('a'));
    expect(draw('a')).not.toEqual(draw('b'));
    expect(seededRandom('a').bytes(40)).toHaveLength(40);
  });

  it('draws integers inside the range and refuses an empty one', () => {
    for (const random of [seededRandom('range'), cryptoRandom]) {
      for (let i = 0; i < 600; i++) {
        const n = random.int(6);
        expect(Number.isInteger(n) && n >= 0 && n < 6).toBe(true);
      }
    }
    // The seeded draw is fixed, so every face showing up in it is a fact, not a chance.
    const seeded = seededRandom('range');
    expect(new Set(Array.from({ length: 60 }, () => seeded.int(6))).size).toBe(6);
    expect(() => seededRandom('x').int(0)).toThrow(RangeError);
  });
});

describe('an app built with a seeded source', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));

  it('commits to the same server seed on every run: outcomes are pinned, not spun for', async () => {
    const hashes: string[] = [];
    for (let run = 0; run < 2; run++) {
      const t = await buildTestApp({}, { random: seededRandom('pinned') });
      apps.push(t);
      const { client } = await signUp(t.app);
      hashes.push(((await client.get('/api/fairness')).json() as { server_seed_hash: string }).server_seed_hash);
    }
    expect(hashes[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(hashes[1]).toBe(hashes[0]);
    const other = await buildTestApp({}, { random: seededRandom('another') });
    apps.push(other);
    const { client } = await signUp(other.app);
    expect(((await client.get('/api/fairness')).json() as { server_seed_hash: string }).server_seed_hash).not.toBe(
      hashes[0],
    );
  });
});
