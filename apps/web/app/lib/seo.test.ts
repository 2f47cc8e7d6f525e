import { describe, expect, it } from 'vitest';
import { LOCALES } from '@croupier/shared/locales';
import { buildSeoLinks, isNoindexPath, pageMeta } from './seo';

describe('noindex rule (docs/player-app.md#seo)', () => {
  it('flags paths with more than 3 segments, locale prefix included', () => {
    expect(isNoindexPath('/')).toBe(false);
    expect(isNoindexPath('/producers/croupier-originals/2')).toBe(false);
    expect(isNoindexPath('/de/producers/croupier-originals/2')).toBe(true);
    expect(isNoindexPath('/a/b/c/d/')).toBe(true);
  });
});

describe('hreflang builder', () => {
  it('builds canonical, one alternate per locale and x-default, without the query', () => {
    const links = buildSeoLinks('https://casino.example/', '/de/pokies/all');
    expect(links[0]).toEqual({ rel: 'canonical', href: 'https://casino.example/de/pokies/all' });
    const alternates = links.filter((l) => l.rel === 'alternate');
    expect(alternates.map((l) => l.hrefLang)).toEqual([...LOCALES, 'x-default']);
    expect(alternates.find((l) => l.hrefLang === 'en')?.href).toBe('https://casino.example/pokies/all');
    expect(alternates.find((l) => l.hrefLang === 'pt-BR')?.href).toBe('https://casino.example/pt-BR/pokies/all');
    expect(alternates.find((l) => l.hrefLang === 'x-default')?.href).toBe('https://casino.example/pokies/all');
  });

  it('writes the canonical locale case and handles the locale root', () => {
    const links = buildSeoLinks('https://c.example', '/en-au');
    expect(links[0]!.href).toBe('https://c.example/en-AU');
    expect(links.find((l) => l.hrefLang === 'ja')?.href).toBe('https://c.example/ja');
    expect(links.find((l) => l.hrefLang === 'x-default')?.href).toBe('https://c.example/');
  });
});

describe('pageMeta', () => {
  it('translates title and description from the root resources', () => {
    const meta = pageMeta('auth:meta.sign_in_title', 'auth:meta.sign_in_description');
    const root = {
      id: 'root',
      loaderData: { resources: { auth: { meta: { sign_in_title: 'Anmelden', sign_in_description: 'Beschreibung' } } } },
    };
    expect(meta({ matches: [root] })).toEqual([
      { title: 'Anmelden' },
      { name: 'description', content: 'Beschreibung' },
    ]);
    expect(meta({ matches: [] })).toEqual([{ title: 'Croupier' }]);
  });
});
