/**
 * The rules and titles of docs/bonuses.md#rule-texts in the page's language: `bonusRules` and
 * `bonusTitle` (@croupier/shared/bonus-rules) decide what is said, these only put it into words
 * with `bonuses:rules.<key>` and `bonuses:titles.<key>`, formatting each parameter by its name.
 */
import type { BonusOffer, PlayerBonus } from '@croupier/shared/api/bonuses';
import {
  bonusRules,
  bonusTitle,
  issuedBonusTitle,
  type BonusRule,
  type BonusTitle,
  type RuleContext,
  type RuleParams,
} from '@croupier/shared/bonus-rules';
import type { CurrencyTerms } from '@croupier/shared/bonus-terms';
import { CURRENCIES, isCurrencyCode } from '@croupier/shared/currencies';
import { intlLocale } from '@croupier/shared/locales';
import { formatMoney } from '../../../i18n/format';
import type { I18n } from '../../../i18n/runtime';

/** A whole percentage as the language writes it ("100%", "100 %"). */
export function formatPercent(percent: number, i18n: I18n): string {
  return new Intl.NumberFormat(intlLocale(i18n.language), { style: 'percent', maximumFractionDigits: 2 }).format(
    percent / 100,
  );
}

/**
 * Money in a headline: a whole fiat amount without its zero cents ("€200"), anything else as the
 * rest of the app shows it.
 */
export function formatMoneyShort(cents: number, currency: string, i18n: I18n): string {
  if (isCurrencyCode(currency)) {
    const { subunitsToUnit } = CURRENCIES[currency];
    if (subunitsToUnit <= 100 && cents % subunitsToUnit === 0)
      return new Intl.NumberFormat(intlLocale(i18n.language), {
        style: 'currency',
        currency,
        currencyDisplay: 'symbol',
        maximumFractionDigits: 0,
      }).format(cents / subunitsToUnit);
  }
  return formatMoney(cents, currency, i18n.language);
}

/** A catalogue collection by its id: the bonus texts' own name (`wager0`), else the lobby's, else the id. */
export function collectionName(id: string, i18n: I18n): string {
  return i18n.t(`bonuses:collections.${id}`, i18n.t(`lobby:collections.${id}`, id));
}

/** A game identifier (`croupier/fruit-party`) as a name: its slug in words ("Fruit Party"). */
export function gameName(identifier: string): string {
  const slug = identifier.slice(identifier.lastIndexOf('/') + 1);
  return slug
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function list(items: readonly string[], i18n: I18n): string {
  return new Intl.ListFormat(intlLocale(i18n.language), { type: 'conjunction' }).format(items);
}

/**
 * The parameters ready to interpolate: `x_cents` becomes `x` in money of `currency`, `percent` a
 * percentage, collections and games their names; `count` stays a number (it picks the plural).
 */
export function ruleValues(
  params: RuleParams,
  currency: string,
  i18n: I18n,
  money: (cents: number) => string = (cents) => formatMoney(cents, currency, i18n.language),
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'number' && name.endsWith('_cents')) out[name.slice(0, -'_cents'.length)] = money(value);
    else if (typeof value === 'number' && name === 'percent') out[name] = formatPercent(value, i18n);
    else if (name === 'collection' && typeof value === 'string') out[name] = collectionName(value, i18n);
    else if (name === 'collections' && Array.isArray(value))
      out[name] = list(
        value.map((id: string) => collectionName(id, i18n)),
        i18n,
      );
    else if (name === 'games' && Array.isArray(value)) out[name] = list(value.map(gameName), i18n);
    else if (typeof value === 'number' || typeof value === 'string') out[name] = value;
  }
  return out;
}

/** One rule as a sentence. */
export function ruleText(rule: BonusRule, currency: string, i18n: I18n): string {
  return i18n.t(`bonuses:rules.${rule.key}`, ruleValues(rule.params, currency, i18n));
}

/** Every rule of one currency's terms, as sentences, in their order. */
export function rulesText(terms: CurrencyTerms, i18n: I18n, context: RuleContext = {}): string[] {
  return bonusRules(terms, context).map((rule) => ruleText(rule, terms.currency, i18n));
}

/** The generated title ("100% up to €200"). */
export function titleText(title: BonusTitle, currency: string, i18n: I18n): string {
  return i18n.t(
    `bonuses:titles.${title.key}`,
    ruleValues(title.params, currency, i18n, (cents) => formatMoneyShort(cents, currency, i18n)),
  );
}

export function headline(terms: CurrencyTerms, i18n: I18n): string {
  return titleText(bonusTitle(terms), terms.currency, i18n);
}

/**
 * The one title a bonus shows: its campaign's own (`title_generated: false`), else built here from
 * its kind, amount and terms in the page's language and number format. The server's generated title
 * is English and is never shown (docs/bonuses.md#the-calls).
 */
export function bonusDisplayTitle(
  bonus: Pick<PlayerBonus, 'title' | 'title_generated' | 'kind' | 'amount_cents' | 'currency' | 'terms'>,
  i18n: I18n,
): string {
  if (!bonus.title_generated && bonus.title) return bonus.title;
  return titleText(issuedBonusTitle(bonus), bonus.currency, i18n);
}

/** An offer's one title: its campaign's own, else its headline in the shown currency's terms. */
export function offerDisplayTitle(
  offer: Pick<BonusOffer, 'id' | 'title' | 'title_generated'>,
  terms: CurrencyTerms | null,
  i18n: I18n,
): string {
  if (!offer.title_generated && offer.title) return offer.title;
  return terms ? headline(terms, i18n) : offer.id;
}

/** The figures under an offer's own title ("100 % up to €200"); null when the title already is them. */
export function offerHeadline(
  offer: Pick<BonusOffer, 'title' | 'title_generated'>,
  terms: CurrencyTerms | null,
  i18n: I18n,
): string | null {
  return terms && !offer.title_generated && offer.title ? headline(terms, i18n) : null;
}
