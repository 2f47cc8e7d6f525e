import { describe, expect, it } from 'vitest';
import type { Collection } from '../types';
import { resolveCategoryPage } from './category-page';

const c = (id: string, section: string | null): Collection => ({
  id,
  title: id.toUpperCase(),
  games_count: 10,
  section,
});
const collections = [
  c('top', null),
  c('new', null),
  c('roulette', null),
  c('pokies', 'pokies'),
  c('megaways', 'pokies'),
  c('jackpot', 'pokies'),
  c('live', 'live'),
];

describe('resolveCategoryPage', () => {
  it("lists the section's own collection on /pokies/all, with the other pokies collections as tabs", () => {
    const page = resolveCategoryPage(collections, { section: 'pokies', slug: 'all' });
    expect(page).toMatchObject({ identifiers: ['pokies'], title: 'POKIES', activeId: null, allHref: '/pokies/all' });
    expect(page?.tabs.map((t) => t.id)).toEqual(['megaways', 'jackpot']);
  });

  it('falls back to every collection of the section when it has no own collection', () => {
    const page = resolveCategoryPage(
      collections.filter((x) => x.id !== 'pokies'),
      { section: 'pokies', slug: 'all' },
    );
    expect(page?.identifiers).toEqual(['megaways', 'jackpot']);
  });

  it('selects a tab on /pokies/{slug}', () => {
    expect(resolveCategoryPage(collections, { section: 'pokies', slug: 'megaways' })).toMatchObject({
      identifiers: ['megaways'],
      activeId: 'megaways',
    });
    expect(resolveCategoryPage(collections, { section: 'live', slug: 'live' })).toMatchObject({
      identifiers: ['live'],
      activeId: null,
    });
  });

  it("uses a collection's own section for /categories/{slug}", () => {
    expect(resolveCategoryPage(collections, { section: null, slug: 'jackpot' })).toMatchObject({
      section: 'pokies',
      allHref: '/pokies/all',
      activeId: 'jackpot',
    });
    const general = resolveCategoryPage(collections, { section: null, slug: 'roulette' });
    expect(general).toMatchObject({ section: null, allHref: null });
    expect(general?.tabs.map((t) => t.id)).toEqual(['top', 'new', 'roulette']);
  });

  it('returns null for an unknown category', () => {
    expect(resolveCategoryPage(collections, { section: null, slug: 'nope' })).toBeNull();
    expect(resolveCategoryPage(collections, { section: 'pokies', slug: 'nope' })).toBeNull();
    expect(resolveCategoryPage([], { section: 'live', slug: 'all' })).toBeNull();
  });
});
