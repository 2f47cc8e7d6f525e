import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gameFrame } from '../frame/frame-store';
import { renderWithProviders } from '../testing/render-with-providers';
import type { Game, Viewer } from '../types';
import { GameView } from './game-view';

const game = {
  identifier: 'croupier-originals/wizard-of-avalon',
  title: 'Wizard of Avalon',
  provider: 'croupier-originals',
  seo_title: 'wizard-of-avalon',
  preview: '/art.svg',
  categories: ['pokies'],
  has_demo_mode: true,
  demo: 900,
  real: { EUR: { id: 901 } },
  currencies: { EUR: { id: 901 }, FUN: { id: 900 } },
} as unknown as Game;

function fakeApi(limits: unknown[]) {
  return {
    post: vi.fn(async (path: string) => (path.includes('select_by_seo_titles') ? { [game.identifier]: game } : {})),
    get: vi.fn(async (path: string) => {
      if (path === '/api/user_limits') return limits;
      if (path.startsWith('/api/games/providers')) return [];
      if (path.startsWith('/api/player/favorite_games')) return [];
      throw new Error(`unexpected ${path}`);
    }),
  };
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderPage(viewer: Viewer, limits: unknown[] = []) {
  const page = (
    <>
      <Routes>
        <Route
          path="/play/:producer/:name"
          element={<GameView producer="croupier-originals" name="wizard-of-avalon" viewer={viewer} notFound={false} />}
        />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>
  );
  return renderWithProviders(page, { api: fakeApi(limits), url: '/play/croupier-originals/wizard-of-avalon' });
}

afterEach(() => {
  cleanup();
  act(() => gameFrame.dispatch({ type: 'close' }));
});

describe('game page and the frame', () => {
  it('opens the real-money game for a signed-in player with no limit reached', async () => {
    renderPage({ isLoggedIn: true, currency: 'EUR' });
    await waitFor(() =>
      expect(gameFrame.getState()).toMatchObject({
        status: 'opened',
        url: '/games/wizard-of-avalon/901',
        mode: 'real',
      }),
    );
  });

  it('opens the demo for a guest', async () => {
    renderPage({ isLoggedIn: false, currency: null });
    await waitFor(() =>
      expect(gameFrame.getState()).toMatchObject({ url: '/games/wizard-of-avalon/900', mode: 'demo' }),
    );
  });

  it('sends a player with a reached limit to the limits page instead of opening the game', async () => {
    renderPage({ isLoggedIn: true, currency: 'EUR' }, [
      { id: 1, type: 'loss', accounts: [{ currency: 'EUR', amount_cents: 1000, current_value_amount_cents: -1000 }] },
    ]);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/users/limits'));
    expect(gameFrame.getState().status).toBe('closed');
  });

  it('minimises the game when a player leaves the page, and closes it when a guest does', async () => {
    const player = renderPage({ isLoggedIn: true, currency: 'EUR' });
    await waitFor(() => expect(gameFrame.getState().status).toBe('opened'));
    player.unmount();
    expect(gameFrame.getState()).toMatchObject({ view: 'minimised' });

    act(() => gameFrame.dispatch({ type: 'close' }));
    const guest = renderPage({ isLoggedIn: false, currency: null });
    await waitFor(() => expect(gameFrame.getState().status).toBe('opened'));
    guest.unmount();
    expect(gameFrame.getState().status).toBe('closed');
  });
});
