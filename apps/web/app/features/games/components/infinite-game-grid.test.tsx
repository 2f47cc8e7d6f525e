import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render-with-providers';
import type { GamesFilterRequest, GamesPage } from '../types';
import { InfiniteGameGrid } from './infinite-game-grid';

/** A catalogue of `total` games served 40 (or whatever was asked) at a time. */
function fakeApi(total: number) {
  const post = vi.fn(async (_path: string, body: unknown): Promise<GamesPage> => {
    const { page, page_size } = body as GamesFilterRequest;
    const from = (page - 1) * page_size;
    const count = Math.max(0, Math.min(page_size, total - from));
    const pages = Math.ceil(total / page_size);
    return {
      data: Array.from({ length: count }, (_, i) => ({
        identifier: `acme/game-${from + i}`,
        seo_title: `game-${from + i}`,
        title: `Game ${from + i}`,
        provider: 'acme',
        preview: '/x.svg',
        categories: [],
        demo: null,
        currencies: { EUR: { id: from + i + 1 } },
      })) as unknown as GamesPage['data'],
      pagination: {
        current_page: page,
        next_page: page < pages ? page + 1 : null,
        prev_page: page > 1 ? page - 1 : null,
        total_pages: pages,
        total_count: total,
      },
    };
  });
  const get = vi.fn(async () => []);
  return { post, get };
}

const viewer = { isLoggedIn: false, currency: null };

afterEach(cleanup);

describe('InfiniteGameGrid', () => {
  it('pages through 40 at a time with the Load more button and stops after a short page', async () => {
    const api = fakeApi(90);
    renderWithProviders(
      <InfiniteGameGrid
        args={{ device: 'desktop', filter: { providers: ['acme'] } }}
        viewer={viewer}
        label="Acme games"
        empty="Nothing"
      />,
      {
        api,
      },
    );

    const list = await screen.findByRole('list', { name: 'Acme games' });
    expect(list.children).toHaveLength(40);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 40 of 90 games');

    await userEvent.click(screen.getByRole('button', { name: 'Load more games' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Acme games' }).children).toHaveLength(80));

    await userEvent.click(screen.getByRole('button', { name: 'Load more games' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Acme games' }).children).toHaveLength(90));
    expect(screen.queryByRole('button', { name: 'Load more games' })).not.toBeInTheDocument();

    expect(api.post.mock.calls.map(([, body]) => (body as GamesFilterRequest).page)).toEqual([1, 2, 3]);
    expect(api.post.mock.calls.every(([, body]) => (body as GamesFilterRequest).page_size === 40)).toBe(true);
    expect(api.post.mock.calls[0]?.[1]).toMatchObject({ device: 'desktop', filter: { providers: ['acme'] } });
  });

  it('starts at the requested page', async () => {
    const api = fakeApi(100);
    renderWithProviders(
      <InfiniteGameGrid
        args={{ device: 'mobile', filter: { providers: ['acme'] }, startPage: 3 }}
        viewer={viewer}
        label="Acme games"
        empty="Nothing"
      />,
      {
        api,
      },
    );
    const list = await screen.findByRole('list', { name: 'Acme games' });
    expect(list.children).toHaveLength(20);
    expect(api.post).toHaveBeenCalledTimes(1);
    expect(api.post.mock.calls[0]?.[1]).toMatchObject({ page: 3, device: 'mobile' });
    expect(screen.queryByRole('button', { name: 'Load more games' })).not.toBeInTheDocument();
  });

  it('shows the empty state and an error with retry', async () => {
    renderWithProviders(
      <InfiniteGameGrid
        args={{ device: 'desktop', filter: { title: 'zzz' } }}
        viewer={viewer}
        label="Results"
        empty="No games match"
      />,
      {
        api: fakeApi(0),
      },
    );
    expect(await screen.findByText('No games match')).toBeInTheDocument();
    cleanup();

    const failing = {
      post: vi.fn().mockRejectedValueOnce(new Error('offline')).mockImplementation(fakeApi(3).post),
      get: vi.fn(async () => []),
    };
    renderWithProviders(
      <InfiniteGameGrid
        args={{ device: 'desktop', filter: { title: 'abc' } }}
        viewer={viewer}
        label="Results"
        empty="None"
      />,
      {
        api: failing,
      },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the games.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('list', { name: 'Results' })).children).toHaveLength(3);
  });

  it('sends a guest who taps a heart to sign-in, with the way back, in their locale', async () => {
    function Where() {
      const location = useLocation();
      return <p>{`at ${location.pathname}${location.search}`}</p>;
    }
    const api = fakeApi(2);
    renderWithProviders(
      <Routes>
        <Route
          path="/de/producers/acme"
          element={
            <InfiniteGameGrid
              args={{ device: 'desktop', filter: { providers: ['acme'] } }}
              viewer={viewer}
              label="Acme games"
              empty="Nothing"
            />
          }
        />
        <Route path="/de/sign-in" element={<Where />} />
      </Routes>,
      { api: { ...api, put: vi.fn() }, url: '/de/producers/acme?x=1' },
    );
    await screen.findByRole('list', { name: 'Acme games' });
    await userEvent.click(screen.getByRole('button', { name: 'Favourite: Game 0' }));
    expect(await screen.findByText('at /de/sign-in?redirect=%2Fde%2Fproducers%2Facme%3Fx%3D1')).toBeInTheDocument();
  });
});
