import type { GameDescriptionPart } from '@croupier/shared/game-description';
import { intlLocale, type Locale } from '@croupier/shared/locales';

type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * A catalogue game's description in the page's language (docs/web-shell.md#game-descriptions): each
 * part is one sentence of `game:description.<key>`, its parameters named by the same file (the
 * volatility, the setting, the rules of a table game) and its numbers in the page's format
 * ("10, 12 or 20" / "10, 12 oder 20").
 */
export function describeGame(parts: readonly GameDescriptionPart[], t: Translate, locale: Locale): string {
  const number = new Intl.NumberFormat(intlLocale(locale));
  const spins = (list: readonly number[]) =>
    new Intl.ListFormat(intlLocale(locale), { type: 'disjunction' }).format(list.map((n) => number.format(n)));
  return parts
    .map((part) => {
      switch (part.key) {
        case 'slot':
          return t('description.slot', {
            title: part.params.title,
            volatility: t(`description.volatility.${part.params.volatility}`),
            reels: number.format(part.params.reels),
            lines: number.format(part.params.lines),
            setting: t(`description.settings.${part.params.setting}`),
          });
        case 'free_spins':
          return t('description.free_spins', { spins: spins(part.params.spins) });
        case 'free_spins_multiplied':
          return t('description.free_spins_multiplied', {
            spins: spins(part.params.spins),
            multiplier: number.format(part.params.multiplier),
          });
        case 'table':
          return t('description.table', {
            title: part.params.title,
            game: t(`description.games.${part.params.game}`),
          });
        case 'jackpot':
        case 'live_no_demo':
          return t(`description.${part.key}`);
      }
    })
    .join(locale === 'ja' ? '' : ' ');
}
