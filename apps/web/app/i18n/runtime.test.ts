import { describe, expect, it } from 'vitest';
import { createI18nRuntime } from './runtime';

const resources = {
  common: {
    hello: 'Hello {{name}}',
    nested: { deep: 'Deep' },
    games_one: '{{count}} game',
    games_other: '{{count}} games',
    games_zero: 'No games',
  },
  lobby: { title: 'Lobby' },
};

describe('translation runtime', () => {
  it('resolves nested keys, namespaces and interpolation', () => {
    const i18n = createI18nRuntime('en', resources);
    expect(i18n.t('hello', { name: 'Ann' })).toBe('Hello Ann');
    expect(i18n.t('nested.deep')).toBe('Deep');
    expect(i18n.t('lobby:title')).toBe('Lobby');
    expect(i18n.withNamespace('lobby')('title')).toBe('Lobby');
    expect(i18n.exists('lobby:title')).toBe(true);
    expect(i18n.exists('lobby:nope')).toBe(false);
  });

  it('chooses plural forms with the locale rules', () => {
    const en = createI18nRuntime('en', resources);
    expect(en.t('games', { count: 0 })).toBe('No games');
    expect(en.t('games', { count: 1 })).toBe('1 game');
    expect(en.t('games', { count: 5 })).toBe('5 games');
    const ja = createI18nRuntime('ja', { common: { games_other: '{{count}} 件' } });
    expect(ja.t('games', { count: 1 })).toBe('1 件');
  });

  it('shows the key when a translation is missing', () => {
    expect(createI18nRuntime('de', {}).t('common:missing.key')).toBe('common:missing.key');
    expect(createI18nRuntime('de', {}).t('missing', 'Fallback')).toBe('Fallback');
  });
});
