import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { intlLocale, type Locale } from '@croupier/shared/locales';
import { bonus, offer, termsIn } from '../testing/fixtures';
import { renderBonuses } from '../testing/render-bonuses';
import { BonusCard } from './bonus-card';
import { OfferCard } from './offer-card';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Words of the server's English titles ("100 % up to €200.00", "€5.00 bonus"). */
const ENGLISH = /\b(up to|bonus|cashback|deposit|winnings)\b/;

const percent = (locale: Locale, value: number) =>
  new Intl.NumberFormat(intlLocale(locale), { style: 'percent' }).format(value / 100);
const euros = (locale: Locale, value: number) =>
  new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(
    value,
  );

/** The welcome offer as the server sends it to a player whose campaign has no title: an English one. */
const generatedOffer = () => offer({ title: '100 % up to €200.00', title_generated: true });

function renderOffer(locale: Locale) {
  renderBonuses(
    <OfferCard
      offer={generatedOffer()}
      type="deposit"
      currency="EUR"
      signedIn
      locale={locale}
      rules="disclosure"
      returnPath="/"
    />,
    { api: {}, locale },
  );
  return screen.getByRole('heading').closest('li')!;
}

describe('bonus titles in the reader’s language (docs/bonuses.md#the-calls)', () => {
  it.each<[Locale, (l: Locale) => string]>([
    ['de', (l) => `${percent(l, 100)} bis zu ${euros(l, 200)}`],
    ['ja', (l) => `${percent(l, 100)}（最大 ${euros(l, 200)}）`],
    ['pt-BR', (l) => `${percent(l, 100)} até ${euros(l, 200)}`],
  ])('an offer without its own title shows one title, built in %s with its number format', (locale, expected) => {
    const card = renderOffer(locale);
    const heading = within(card).getByRole('heading');
    expect(heading.textContent).toBe(expected(locale));
    expect(heading.textContent).not.toMatch(ENGLISH);
    // One title: no second line repeating the figures in another format.
    expect(card.querySelector('.bonus-card__headline')).toBeNull();
  });

  it('an offer with its own title keeps it, with the figures under it in the page’s format', () => {
    renderBonuses(
      <OfferCard
        offer={offer({ title: 'Willkommenspaket', title_generated: false })}
        type="deposit"
        currency="EUR"
        signedIn
        locale="de"
        rules="disclosure"
        returnPath="/"
      />,
      { api: {}, locale: 'de' },
    );
    expect(screen.getByRole('heading')).toHaveTextContent('Willkommenspaket');
    expect(document.querySelector('.bonus-card__headline')?.textContent).toBe(
      `${percent('de', 100)} bis zu ${euros('de', 200)}`,
    );
  });

  it('an issued gift without a campaign title is named by what it gave, in the page’s language', () => {
    renderBonuses(
      <ul>
        <BonusCard
          bonus={bonus({
            title: '€5.00 bonus',
            title_generated: true,
            kind: 'nondeposit',
            amount_cents: 500,
            stage: 'issued',
            terms: termsIn('nondeposit', { amount_cents: { EUR: 500 }, wager_multiplier: 40, validity_days: 7 }),
          })}
          locale="pt-BR"
        />
      </ul>,
      { api: {}, locale: 'pt-BR' },
    );
    const heading = screen.getByRole('heading', { level: 3 });
    expect(heading.textContent).toBe(`Bônus de ${euros('pt-BR', 5)}`);
    expect(heading.textContent).not.toMatch(ENGLISH);
    expect(document.body.textContent).not.toContain('€5.00 bonus');
  });
});
