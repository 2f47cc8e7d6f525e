import { COUNTRY_CODES } from '@croupier/shared/countries';
import { LOCALES } from '@croupier/shared/locales';
import { describe, expect, it } from 'vitest';
import type { TranslationTree } from './config';
import { withFallback } from './config';
import { countryOptions } from './countries';

const files = import.meta.glob<TranslationTree>('./locales/*/countries.json', { eager: true, import: 'default' });

describe('country names (one source for the server render and the browser)', () => {
  it('every locale names every country the forms can offer', () => {
    for (const locale of LOCALES) {
      const names = files[`./locales/${locale}/countries.json`];
      expect(Object.keys(names ?? {}).sort(), locale).toEqual([...COUNTRY_CODES].sort());
    }
  });

  it('choices follow the file’s order (each language’s alphabet), through the fallback merge too', () => {
    const en = files['./locales/en/countries.json']!;
    const ja = withFallback(en, files['./locales/ja/countries.json']);
    const options = countryOptions(ja, ['DE', 'JP', 'IS', 'US']);
    expect(options.map((o) => o.value)).toEqual(['IS', 'US', 'DE', 'JP']);
    expect(options[0]).toEqual({ value: 'IS', label: 'アイスランド' });
  });

  it('a code missing from the file comes last, named by its code', () => {
    expect(countryOptions({ DE: 'Germany' }, ['xk', 'DE'])).toEqual([
      { value: 'DE', label: 'Germany' },
      { value: 'XK', label: 'XK' },
    ]);
  });
});
