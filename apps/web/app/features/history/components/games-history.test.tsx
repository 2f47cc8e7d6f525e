import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/create-i18n';
import account from '../../../i18n/locales/en/account.json';
import { I18nProvider } from '../../../i18n/runtime';
import type { ApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import type { HistoryItem } from '../api/get-game-history';
import { GamesHistory } from './games-history';

const item = (id: number, title: string): HistoryItem => ({
  bet_id: id,
  bet_status: 'won',
  created_at: '2026-01-02T10:00:00.000Z',
  finished_at: '2026-01-02T10:00:01.000Z',
  currency: 'EUR',
  provider: 'Croupier Originals',
  game: `croupier-originals/${title.toLowerCase()}`,
  title,
  total_bets: 100,
  total_wins: 250,
  total_losses: 0,
  balance_after_cents: 10_150,
  round: { id, fairness: { server_seed_hash: 'ab', server_seed: null, client_seed: 'c', nonce: id } },
});

afterEach(cleanup);

function setup(url: string, rows: HistoryItem[], total: number) {
  const getWithHeaders = vi.fn(async () => ({ data: rows, headers: new Headers({ 'x-total-count': String(total) }) }));
  const api = { getWithHeaders } as unknown as ApiClient;
  const router = createMemoryRouter(
    [{ path: '/users/games-history', element: <GamesHistory locale="en" currencies={['EUR', 'BTC']} /> }],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiProvider client={api}>
        <I18nProvider i18n={createI18n('en', { account })}>
          <RouterProvider router={router} />
        </I18nProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { getWithHeaders, router };
}

describe('games history page', () => {
  it('asks the API with the URL filters and shows the rounds with money and a verify link', async () => {
    const { getWithHeaders } = setup('/users/games-history?game=Neon&currency=EUR&page=2', [item(42, 'Neon')], 41);
    const table = await screen.findByRole('table');
    expect(getWithHeaders).toHaveBeenCalledWith(
      '/api/player/games?page=2&per_page=20&game=Neon&currency=EUR',
      expect.anything(),
    );
    const row = within(table).getByRole('row', { name: /Neon/ });
    expect(row).toHaveTextContent('€1.00');
    expect(row).toHaveTextContent('€2.50');
    expect(row).toHaveTextContent('€101.50');
    expect(within(row).getByRole('link', { name: 'Verify round 42 of Neon' })).toHaveAttribute(
      'href',
      '/provably-fair?round=42',
    );
    expect(screen.getByText(/Page 2 of 3/)).toBeInTheDocument();
    expect(screen.getByLabelText('Game')).toHaveValue('Neon');
  });

  it('puts new filters in the URL, back on page 1, and pages with the buttons', async () => {
    const { router } = setup('/users/games-history?page=2', [item(1, 'Rocket')], 60);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'BTC' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?currency=BTC'));
  });

  it('says when nothing matches the filters', async () => {
    setup('/users/games-history?game=nothing', [], 0);
    expect(await screen.findByText('No rounds match these filters.')).toBeInTheDocument();
  });
});
