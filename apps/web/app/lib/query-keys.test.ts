import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPlayerOwned, PUBLIC_QUERY_KEYS } from './query-keys';

const APP = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The first two segments of every query key written as a literal in the web app: keys passed as
 * `queryKey: [...]` and key constants and builders (`FOO_KEY = [...]`, `fooKeys = { x: () => [...] }`).
 */
function keysInSource(): { file: string; key: string[] }[] {
  const found: { file: string; key: string[] }[] = [];
  for (const file of sourceFiles(APP)) {
    const text = readFileSync(file, 'utf8');
    if (!/queryKey|QueryData|_KEY\b|Keys?\s*=/.test(text)) continue;
    for (const line of text.split('\n')) {
      if (!/queryKey\s*:|_KEY\s*=|Keys?\s*=|^\s+\w+:\s*(\([^)]*\)\s*=>\s*)?\[|^\s*\['/.test(line)) continue;
      for (const match of line.matchAll(/\[\s*'([\w-]+)'(?:\s*,\s*'([\w-]+)')?/g))
        found.push({ file: path.relative(APP, file), key: [match[1]!, ...(match[2] ? [match[2]] : [])] });
    }
  }
  return found;
}

describe('query keys and who owns them', () => {
  it('a key is public only when listed: unknown roots and unlisted catalogue keys are the player’s', () => {
    for (const key of [
      ['bonuses', 'gifts'],
      ['games', 'my-bets'],
      ['info', 'my-limits'],
      ['payments', 'methods'],
      [],
      [42],
    ])
      expect(isPlayerOwned(key), JSON.stringify(key)).toBe(true);
    for (const key of PUBLIC_QUERY_KEYS) expect(isPlayerOwned([...key, 'x'])).toBe(false);
  });

  it('the public list is exactly the catalogue keys the app builds, and every key of the player, the wallets and the cashbox is private', () => {
    const keys = keysInSource();
    // The scan sees the keys it must (so an empty result cannot pass).
    expect(keys.map((k) => k.key.join('/'))).toEqual(
      expect.arrayContaining(['player/payments', 'payments/crypto', 'player/favorite-games', 'games/providers']),
    );
    const publicInSource = new Set(keys.filter((k) => !isPlayerOwned(k.key)).map((k) => k.key.join('/')));
    expect([...publicInSource].sort()).toEqual(PUBLIC_QUERY_KEYS.map((k) => k.join('/')).sort());
    const leaks = keys.filter((k) => ['player', 'accounts', 'payments'].includes(k.key[0]!) && !isPlayerOwned(k.key));
    expect(leaks).toEqual([]);
  });
});
