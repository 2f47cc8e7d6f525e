import { describe, expect, it } from 'vitest';
import { collectionPath, paths } from './paths';

describe('paths', () => {
  it('builds the game page URL from provider and seo_title', () => {
    expect(paths.game({ provider: 'croupier-originals', seo_title: 'aurora-fortune' })).toBe(
      '/play/croupier-originals/aurora-fortune',
    );
    expect(paths.game({ provider: 'a b', seo_title: 'c/d' })).toBe('/play/a%20b/c%2Fd');
  });

  it('links a collection to its section page or to /categories', () => {
    expect(collectionPath({ id: 'megaways', section: 'pokies' })).toBe('/pokies/megaways');
    expect(collectionPath({ id: 'roulette', section: 'live' })).toBe('/live/roulette');
    expect(collectionPath({ id: 'live', section: 'live' })).toBe('/live/all');
    expect(collectionPath({ id: 'pokies', section: 'pokies' })).toBe('/pokies/all');
    expect(collectionPath({ id: 'new', section: 'home' })).toBe('/categories/new');
    expect(collectionPath({ id: 'new', section: null })).toBe('/categories/new');
  });

  it('keeps the full return path in the sign-in link', () => {
    expect(paths.signIn('/de/play/acme/x?currency=EUR')).toBe(
      '/sign-in?redirect=%2Fde%2Fplay%2Facme%2Fx%3Fcurrency%3DEUR',
    );
    expect(paths.producer('acme', 1)).toBe('/producers/acme');
    expect(paths.producer('acme', 3)).toBe('/producers/acme/3');
    expect(paths.search('book of')).toBe('/search?q=book+of');
  });
});
