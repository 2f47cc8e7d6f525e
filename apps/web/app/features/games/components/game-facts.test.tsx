import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Locale } from '@croupier/shared/locales';
import { createI18n } from '../../../i18n/create-i18n';
import de from '../../../i18n/locales/de/game.json';
import pt from '../../../i18n/locales/pt-BR/game.json';
import { I18nProvider } from '../../../i18n/runtime';
import type { Game } from '../types';
import { GameFacts } from './game-facts';

afterEach(cleanup);

/** A pokie as the lobby API sends it: the English description and the same as facts. */
const game = {
  title: 'Pharaoh of Karnak',
  payout: '96.20',
  volatility_rating: 'medium',
  lines: 20,
  ways: null,
  description:
    'Pharaoh of Karnak is a medium-volatility 5-reel pokie with 20 paylines, set in the tombs of ancient Egypt. ' +
    'Three, four or five scatters start 8, 10 or 15 free spins.',
  description_parts: [
    {
      key: 'slot',
      params: { title: 'Pharaoh of Karnak', volatility: 'medium', reels: 5, lines: 20, setting: 'egypt' },
    },
    { key: 'free_spins', params: { spins: [8, 10, 15] } },
  ],
} as unknown as Game;

function renderFacts(locale: Locale, texts: typeof de, over: Partial<Game> = {}) {
  render(
    <I18nProvider i18n={createI18n(locale, { game: texts })}>
      <MemoryRouter>
        <GameFacts
          game={{ ...game, ...over }}
          locale={locale}
          providerName="Sun Studio"
          providerHref="/producers/sun"
        />
      </MemoryRouter>
    </I18nProvider>,
  );
  return document.querySelector('.game-facts__description')?.textContent;
}

describe('the game page’s description (docs/web-shell.md#game-descriptions)', () => {
  it('is worded in the page’s language from the catalogue’s facts, not the English text', () => {
    expect(renderFacts('de', de)).toBe(
      'Pharaoh of Karnak ist ein Slot mit mittlerer Volatilität, 5 Walzen und 20 Gewinnlinien, angesiedelt in den Gräbern des alten Ägypten. ' +
        'Drei, vier oder fünf Scatter starten 8, 10 oder 15 Freispiele.',
    );
    cleanup();
    expect(renderFacts('pt-BR', pt)).toBe(
      'Pharaoh of Karnak é um caça-níquel de volatilidade média com 5 rolos e 20 linhas de pagamento, ambientado nas tumbas do antigo Egito. ' +
        'Três, quatro ou cinco scatters iniciam 8, 10 ou 15 giros grátis.',
    );
    expect(screen.queryByText(/pokie/)).toBeNull();
  });

  it('shows a free-text description (an operator’s game) as it is', () => {
    expect(renderFacts('de', de, { description: 'Ein Spiel des Hauses.', description_parts: null })).toBe(
      'Ein Spiel des Hauses.',
    );
  });
});
