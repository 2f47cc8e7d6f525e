import { describe, expect, it } from 'vitest';
import { localeFromPath, localePath, splitLocale } from './locale-path';

describe('locale paths', () => {
  it('reads the locale from the first segment, case-insensitively, default en', () => {
    expect(localeFromPath('/de/pokies')).toBe('de');
    expect(localeFromPath('/EN-au')).toBe('en-AU');
    expect(localeFromPath('/pokies/all')).toBe('en');
    expect(localeFromPath('/')).toBe('en');
    expect(splitLocale('/pt-br/users')).toEqual({ locale: 'pt-BR', path: '/users', prefixed: true });
  });

  it('adds, swaps and removes the prefix, keeping query and hash', () => {
    expect(localePath('/pokies/all?x=1#a', 'de')).toBe('/de/pokies/all?x=1#a');
    expect(localePath('/de/pokies/all', 'ja')).toBe('/ja/pokies/all');
    expect(localePath('/de/pokies/all', 'en')).toBe('/pokies/all');
    expect(localePath('/', 'fr-CA')).toBe('/fr-CA');
    expect(localePath('/fr-ca', 'en')).toBe('/');
    expect(localePath('/de?x=1', 'no')).toBe('/no?x=1');
  });
});
