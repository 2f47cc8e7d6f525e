import { BONUS_RULE_KEYS, BONUS_TITLE_KEYS } from '@croupier/shared/bonus-rules';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../i18n/create-i18n';
import bonuses from '../../../i18n/locales/en/bonuses.json';
import deBonuses from '../../../i18n/locales/de/bonuses.json';
import lobby from '../../../i18n/locales/en/lobby.json';
import { termsIn, WELCOME_TERMS } from '../testing/fixtures';
import { formatMoneyShort, headline, rulesText } from './rule-text';

const en = createI18n('en', { bonuses, lobby });

describe('rule texts in words (docs/bonuses.md#rule-texts)', () => {
  it('has a sentence for every rule and title the shared list can name', () => {
    const has = (path: string) => en.exists(`bonuses:${path}`) || en.exists(`bonuses:${path}_other`);
    for (const key of BONUS_RULE_KEYS) expect(has(`rules.${key}`), key).toBe(true);
    for (const key of BONUS_TITLE_KEYS) expect(has(`titles.${key}`), key).toBe(true);
  });

  it('writes the welcome offer’s rules with its figures, collections and title', () => {
    const terms = termsIn('deposit', WELCOME_TERMS);
    expect(headline(terms, en)).toBe('100% up to €200');
    expect(rulesText(terms, en)).toEqual([
      'We add 100% of your deposit as bonus money, up to €200.00.',
      'The deposit must be at least €20.00.',
      'Bet the bonus amount 35 times before it turns into cash.',
      'For the full €200.00 bonus (a deposit of €200.00) that is €7,000.00 in bets.',
      'You have 30 days from activation to complete the wagering.',
      'Your cash is always played first, the bonus money after it.',
      'Winnings follow their stake: what cash wins is cash, what bonus money wins is bonus money.',
      'Pokies: 100% of each bet counts.',
      'Live casino: 0% of each bet counts.',
      'Other games: 100% of each bet counts.',
      'A game in several of these collections counts its lowest percentage.',
      "Bonus money can't be played on Croupier originals and video poker; your cash can.",
      'The highest bet while you wager is €5.00.',
      'You can cancel at any time: the bonus money and what it won are removed, your cash stays.',
      'A withdrawal before the wagering is done cancels the bonus, after you have seen what goes; your cash stays.',
    ]);
  });

  it('speaks the page’s language, money and percentages included', () => {
    const de = createI18n('de', { bonuses: deBonuses });
    const terms = termsIn('deposit', WELCOME_TERMS);
    // Intl puts no-break spaces before % and €.
    const plain = (text: string) => text.replace(/\u00a0/g, ' ');
    expect(plain(headline(terms, de))).toBe('100 % bis zu 200 €');
    expect(plain(rulesText(terms, de)[1]!)).toBe('Die Einzahlung muss mindestens 20,00 € betragen.');
  });

  it('drops zero cents in headlines only', () => {
    expect(formatMoneyShort(20_000, 'EUR', en)).toBe('€200');
    expect(formatMoneyShort(2_050, 'EUR', en)).toBe('€20.50');
  });
});
