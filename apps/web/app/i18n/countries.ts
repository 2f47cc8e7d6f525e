import { useMemo } from 'react';
import type { TranslationTree } from './config';
import { useTranslation } from './runtime';

export interface CountryOption {
  value: string;
  label: string;
}

/**
 * Country choices for a select, named and ordered by the `countries` namespace of the page's
 * language. Names come from that file, not from the runtime's Intl: Node and each browser ship
 * different CLDR data ("Türkiye"/"Turkey", "Hong Kong SAR China"/"Hong Kong"), and a name or an
 * order that differs between the server render and the browser breaks hydration (React #418).
 * The files are generated once from CLDR (docs/web-shell.md) and sorted in each language's order.
 * A code the file lacks comes last, under its code.
 */
export function countryOptions(names: TranslationTree | undefined, codes: Iterable<string>): CountryOption[] {
  const wanted = new Set([...codes].map((code) => code.toUpperCase()));
  const options: CountryOption[] = [];
  for (const [code, name] of Object.entries(names ?? {}))
    if (wanted.delete(code) && typeof name === 'string') options.push({ value: code, label: name });
  for (const code of wanted) options.push({ value: code, label: code });
  return options;
}

/** `countryOptions` in the page's language. */
export function useCountryOptions(codes: Iterable<string>): CountryOption[] {
  const names = useTranslation().i18n.namespace('countries');
  const key = [...codes].join(',');
  // Keyed by the codes' content, not the iterable's identity (callers pass a fresh Set).
  return useMemo(() => countryOptions(names, key ? key.split(',') : []), [names, key]);
}
