import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@croupier/shared/locales';
import type { TranslationTree } from './config';
import { compareTranslation } from './completeness';
import { createI18n } from './create-i18n';

const files = import.meta.glob<TranslationTree>('./locales/*/*.json', { eager: true, import: 'default' });
const namespaces = Object.keys(files)
  .filter((p) => p.startsWith(`./locales/${DEFAULT_LOCALE}/`))
  .map((p) => p.slice(`./locales/${DEFAULT_LOCALE}/`.length, -'.json'.length));

describe('translation completeness', () => {
  it('has the source namespaces', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'auth', 'account']));
  });

  for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE)) {
    for (const ns of namespaces) {
      it(`${locale}/${ns}.json has exactly the keys of en`, () => {
        const target = files[`./locales/${locale}/${ns}.json`];
        expect(target, `missing file locales/${locale}/${ns}.json`).toBeDefined();
        const { missing, extra } = compareTranslation(
          files[`./locales/${DEFAULT_LOCALE}/${ns}.json`]!,
          target!,
          locale,
        );
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      });
    }
  }

  it('fails on a missing or extra key', () => {
    const source = { a: 'A', b: { c: 'C' }, n_one: 'one', n_other: 'other' };
    expect(compareTranslation(source, { a: 'A', b: {}, n_one: '1', n_other: '2' }, 'de').missing).toEqual(['b.c']);
    expect(compareTranslation(source, { a: 'A', b: { c: 'C', d: 'D' }, n_one: '1', n_other: '2' }, 'de').extra).toEqual(
      ['b.d'],
    );
  });

  it('expects the plural forms of each language', () => {
    const source = { n_one: 'one', n_other: 'other' };
    expect(compareTranslation(source, { n_other: 'x' }, 'ja')).toEqual({ missing: [], extra: [] });
    expect(compareTranslation(source, { n_one: 'x', n_other: 'y' }, 'es-MX').missing).toEqual(['n_many']);
    expect(compareTranslation(source, { n_one: 'x', n_other: 'y', n_many: 'z' }, 'en').extra).toEqual(['n_many']);
  });
});

describe('plurals through the translation runtime', () => {
  const t = (locale: Locale) => createI18n(locale, { common: files[`./locales/${locale}/common.json`]! }).t;

  it('picks one/other in English and German', () => {
    expect(t('en')('seconds', { count: 1 })).toBe('1 second');
    expect(t('en')('seconds', { count: 5 })).toBe('5 seconds');
    expect(t('de')('seconds', { count: 1 })).toBe('1 Sekunde');
    expect(t('de')('seconds', { count: 2 })).toBe('2 Sekunden');
  });

  it('uses the single form in Japanese and the many form in Spanish', () => {
    expect(t('ja')('seconds', { count: 1 })).toBe('1 秒');
    expect(t('es-MX')('seconds', { count: 1 })).toBe('1 segundo');
    expect(t('es-MX')('seconds', { count: 1_000_000 })).toMatch(/^1000000 de segundos$/);
  });
});
