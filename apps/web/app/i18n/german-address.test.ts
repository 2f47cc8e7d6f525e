import { describe, expect, it } from 'vitest';
import type { TranslationTree } from './config';
import { flattenKeys } from './completeness';

const files = import.meta.glob<TranslationTree>('./locales/de/*.json', { eager: true, import: 'default' });

/** The informal "du" (and its plural "ihr" imperative) in any of its forms. */
const INFORMAL =
  /\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines|Gib|Wähle|Melde dich|Prüfe|Bestätige|versuche es|Lade \S+ hoch|Speichere|Hol dir|Schickt|Komm)\b/;

const leaf = (tree: TranslationTree, key: string) =>
  key.split('.').reduce<TranslationTree | string>((node, part) => (node as TranslationTree)[part]!, tree) as string;

describe('German addresses the player one way (docs/player-app.md#locales)', () => {
  it('uses the formal "Sie" everywhere: no "du", "dein" or informal imperative is left', () => {
    const informal: string[] = [];
    for (const [path, tree] of Object.entries(files))
      for (const key of flattenKeys(tree)) {
        const text = leaf(tree, key);
        if (INFORMAL.test(text))
          informal.push(`${path.slice('./locales/de/'.length, -'.json'.length)}:${key}: ${text}`);
      }
    expect(informal).toEqual([]);
  });
});
