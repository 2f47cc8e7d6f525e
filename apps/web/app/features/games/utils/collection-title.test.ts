import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@croupier/shared/locales';
import type { TranslationTree } from '../../../i18n/config';
import { createI18n } from '../../../i18n/create-i18n';
import deLobby from '../../../i18n/locales/de/lobby.json';
import jaLobby from '../../../i18n/locales/ja/lobby.json';
import { collectionTitle } from './collection-title';

describe('collection titles', () => {
  it('are shown in the page’s language, not in the catalogue’s English', () => {
    expect(collectionTitle(createI18n('ja', { lobby: jaLobby }).t, { id: 'bonus-buy', title: 'Bonus buy' })).toBe(
      'ボーナス購入',
    );
    expect(collectionTitle(createI18n('de', { lobby: deLobby }).t, { id: 'new', title: 'New games' })).toBe(
      'Neue Spiele',
    );
  });

  it('fall back to the catalogue’s title for a collection the translations do not know', () => {
    expect(collectionTitle(createI18n('ja', { lobby: jaLobby }).t, { id: 'summer-2027', title: 'Summer' })).toBe(
      'Summer',
    );
  });
});

const lobbies = import.meta.glob<TranslationTree>('../../../i18n/locales/*/lobby.json', {
  eager: true,
  import: 'default',
});

describe('the Mega Ways collection', () => {
  it.each(LOCALES.filter((l) => !l.startsWith('en')))(
    'has a name of its own in %s, never the English one',
    (locale) => {
      const lobby = lobbies[`../../../i18n/locales/${locale}/lobby.json`]!;
      const name = collectionTitle(createI18n(locale as Locale, { lobby }).t, { id: 'megaways', title: 'Mega Ways' });
      expect(name).not.toBe('Mega Ways');
    },
  );
});
