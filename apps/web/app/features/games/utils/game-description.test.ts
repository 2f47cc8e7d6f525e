import { describe, expect, it } from 'vitest';
import {
  GAME_DESCRIPTION_KEYS,
  GAME_DESCRIPTION_VOLATILITIES,
  GAME_RULE_TEXTS,
  GAME_SETTINGS,
  type GameDescriptionPart,
} from '@croupier/shared/game-description';
import { LOCALES, type Locale } from '@croupier/shared/locales';
import type { TranslationTree } from '../../../i18n/config';
import { createI18n } from '../../../i18n/create-i18n';
import { describeGame } from './game-description';

const files = import.meta.glob<TranslationTree>('../../../i18n/locales/*/game.json', {
  eager: true,
  import: 'default',
});
const gameTexts = (locale: Locale) => files[`../../../i18n/locales/${locale}/game.json`]!;
const describeIn = (locale: Locale, parts: readonly GameDescriptionPart[]) => {
  const i18n = createI18n(locale, { game: gameTexts(locale) });
  return describeGame(parts, (key, values) => i18n.t(`game:${key}`, values), locale);
};

/** "Pharaoh of Karnak" as the demo catalogue describes it. */
const PHARAOH: GameDescriptionPart[] = [
  {
    key: 'slot',
    params: { title: 'Pharaoh of Karnak', volatility: 'medium', reels: 5, lines: 20, setting: 'egypt' },
  },
  { key: 'free_spins_multiplied', params: { spins: [10, 12, 20], multiplier: 2 } },
  { key: 'jackpot', params: {} },
];
const LIVE: GameDescriptionPart[] = [
  { key: 'table', params: { title: 'Auto Roulette Live', game: 'live-roulette' } },
  { key: 'live_no_demo', params: {} },
];

/** Words of the English descriptions that must not be left in another language's. */
const ENGLISH =
  /\b(is a|pokie|paylines|free spins?|multiplied by|can drop|any spin|Live games|demo mode|bet on|cash out)\b/;
const TRANSLATED: Locale[] = LOCALES.filter((l) => !l.startsWith('en'));

describe('game descriptions in the page’s language (docs/web-shell.md#game-descriptions)', () => {
  it('says in English what the catalogue’s English description says (its list in the locale’s style)', () => {
    const spins = new Intl.ListFormat('en', { type: 'disjunction' }).format(['10', '12', '20']);
    expect(describeIn('en', PHARAOH)).toBe(
      'Pharaoh of Karnak is a medium-volatility 5-reel pokie with 20 paylines, set in the tombs of ancient Egypt. ' +
        `Three, four or five scatters start ${spins} free spins, every free-spin win multiplied by 2. ` +
        'A progressive jackpot can drop on any spin.',
    );
    expect(describeIn('en', LIVE)).toBe(
      'Auto Roulette Live: roulette at a live table shared by every player: our server spins one wheel on a fixed ' +
        'schedule and everyone at the table bets on the same round. There is no video and no human dealer. ' +
        'Live games have no demo mode.',
    );
  });

  it.each<[Locale, string]>([
    [
      'de',
      'Pharaoh of Karnak ist ein Slot mit mittlerer Volatilität, 5 Walzen und 20 Gewinnlinien, angesiedelt in den Gräbern des alten Ägypten. ' +
        'Drei, vier oder fünf Scatter starten 10, 12 oder 20 Freispiele, jeder Gewinn in den Freispielen wird mit 2 multipliziert. ' +
        'Ein progressiver Jackpot kann bei jedem Dreh fallen.',
    ],
    [
      'ja',
      'Pharaoh of Karnakは、古代エジプトの墓所を舞台にした中ボラティリティの5リール・20ペイラインのスロットです。' +
        'スキャッターが3～5個揃うと、10、12、または20回のフリースピンが始まり、フリースピン中の獲得はすべて2倍になります。' +
        'どのスピンでもプログレッシブジャックポットが当たる可能性があります。',
    ],
  ])('words a pokie in %s, with the lists of its language', (locale, expected) => {
    expect(describeIn(locale, PHARAOH)).toBe(expected);
  });

  it.each(TRANSLATED)('leaves no English in %s, for every setting, table game and volatility', (locale) => {
    const parts: GameDescriptionPart[] = [
      ...GAME_SETTINGS.flatMap((setting) =>
        GAME_DESCRIPTION_VOLATILITIES.map((volatility): GameDescriptionPart => ({
          key: 'slot',
          params: { title: 'X', volatility, reels: 5, lines: 20, setting },
        })),
      ),
      { key: 'free_spins', params: { spins: [8, 10, 15] } },
      { key: 'free_spins_multiplied', params: { spins: [12, 15, 25], multiplier: 3 } },
      { key: 'jackpot', params: {} },
      ...GAME_RULE_TEXTS.map((game): GameDescriptionPart => ({ key: 'table', params: { title: 'X', game } })),
      { key: 'live_no_demo', params: {} },
    ];
    const text = describeIn(locale, parts);
    expect(text).not.toMatch(ENGLISH);
    expect(text).not.toMatch(/description\.|\{\{/);
  });

  it('has every sentence, setting, table game and volatility in every locale, translated outside English', () => {
    const en = gameTexts('en').description as TranslationTree;
    const leaves = (tree: TranslationTree) => ({
      ...Object.fromEntries(GAME_DESCRIPTION_KEYS.map((k) => [k, tree[k]])),
      ...Object.fromEntries(GAME_SETTINGS.map((k) => [`settings.${k}`, (tree.settings as TranslationTree)[k]])),
      ...Object.fromEntries(GAME_RULE_TEXTS.map((k) => [`games.${k}`, (tree.games as TranslationTree)[k]])),
      ...Object.fromEntries(
        GAME_DESCRIPTION_VOLATILITIES.map((k) => [`volatility.${k}`, (tree.volatility as TranslationTree)[k]]),
      ),
    });
    const english = leaves(en);
    for (const locale of LOCALES) {
      const own = leaves(gameTexts(locale).description as TranslationTree);
      for (const [key, text] of Object.entries(own)) {
        expect(typeof text, `${locale}: description.${key}`).toBe('string');
        // A sentence with words of its own must not be the English one (the table's "{{title}}: {{game}}." has none).
        if (!locale.startsWith('en') && /[A-Za-z]{3}/.test(String(english[key]).replace(/\{\{\w+\}\}/g, '')))
          expect(text, `${locale}: description.${key} is still English`).not.toBe(english[key]);
      }
    }
  });
});
