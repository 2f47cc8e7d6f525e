import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nProvider } from '../../../i18n/runtime';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/create-i18n';
import lobby from '../../../i18n/locales/en/lobby.json';
import type { Game } from '../types';
import { GameCard } from './game-card';

const game = {
  id: 1,
  identifier: 'croupier-originals/aurora-fortune',
  title: 'Aurora Fortune',
  name: 'Aurora Fortune',
  slug: 'aurora-fortune',
  seo_title: 'aurora-fortune',
  gameSlug: 'aurora-fortune',
  provider: 'croupier-originals',
  producer: 'croupier-originals',
  preview: '/game-art/croupier-originals/aurora-fortune.svg',
  categories: ['new', 'top:au', 'megaways'],
  collections: [],
  has_demo_mode: true,
  demo: 9,
  real: { EUR: { id: 1 } },
  currencies: { EUR: { id: 1 }, FUN: { id: 9 } },
  devices: ['desktop', 'mobile'],
  unfinished_games_for: [],
  volatility_rating: 'high',
  lines: 20,
  ways: null,
  payout: '96.20',
  hit_rate: '25.00',
  frameWidth: 1280,
  frameHeight: 720,
  description: 'Northern lights.',
  description_parts: null,
  uniq_seo_title: true,
} satisfies Game;

function wrap(children: ReactNode) {
  return (
    <I18nProvider i18n={createI18n('en', { lobby })}>
      <MemoryRouter>{children}</MemoryRouter>
    </I18nProvider>
  );
}

function renderCard(props: Partial<Parameters<typeof GameCard>[0]> = {}) {
  const onToggleFavorite = vi.fn();
  const result = render(
    wrap(
      <GameCard
        game={game}
        href="/de/play/croupier-originals/aurora-fortune"
        providerName="Croupier Originals"
        isFavorite={false}
        onToggleFavorite={onToggleFavorite}
        {...props}
      />,
    ),
  );
  return { ...result, onToggleFavorite };
}

afterEach(cleanup);

describe('GameCard', () => {
  it('links to the game page with a name that says game and provider', () => {
    renderCard();
    const link = screen.getByRole('link', { name: 'Aurora Fortune by Croupier Originals' });
    expect(link).toHaveAttribute('href', '/de/play/croupier-originals/aurora-fortune');
  });

  it('shows lazily loaded artwork with alt text and a reserved size', () => {
    renderCard();
    const img = screen.getByRole('img', { name: 'Aurora Fortune' });
    expect(img).toHaveAttribute('src', game.preview);
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
  });

  it('loads the artwork eagerly for cards in the first viewport', () => {
    renderCard({ eager: true });
    expect(screen.getByRole('img', { name: 'Aurora Fortune' })).toHaveAttribute('loading', 'eager');
  });

  it('shows title, provider and badges from the categories (geo suffix ignored)', () => {
    renderCard();
    expect(screen.getByText('Aurora Fortune')).toBeInTheDocument();
    expect(screen.getByText('Croupier Originals')).toBeInTheDocument();
    const badges = screen.getByRole('list', { name: 'Labels' });
    expect(badges).toHaveTextContent('New');
    expect(badges).toHaveTextContent('Top');
    expect(badges).not.toHaveTextContent('Jackpot');
  });

  it('has a favourite toggle button that reports its state and calls back', async () => {
    const { onToggleFavorite, rerender } = renderCard();
    const heart = screen.getByRole('button', { name: 'Favourite: Aurora Fortune' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart);
    expect(onToggleFavorite).toHaveBeenCalledWith(game);

    rerender(
      wrap(
        <GameCard
          game={game}
          href="/x"
          providerName="Croupier Originals"
          isFavorite
          onToggleFavorite={onToggleFavorite}
        />,
      ),
    );
    expect(screen.getByRole('button', { name: 'Favourite: Aurora Fortune', pressed: true })).toBeInTheDocument();
  });

  it('is reachable by keyboard: link first, then the heart', async () => {
    renderCard();
    await userEvent.tab();
    expect(screen.getByRole('link')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button')).toHaveFocus();
  });
});
