import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import type { Game } from '../types';
import { gamesKeys } from './query-keys';
import { useToggleFavoriteGame } from './toggle-favorite-game';

const game = (seo: string, id: number) =>
  ({
    identifier: `acme/${seo}`,
    seo_title: seo,
    demo: null,
    real: { EUR: { id } },
    currencies: { EUR: { id } },
  }) as unknown as Game;
const a = game('a', 1);
const b = game('b', 2);

function setup(api: Partial<ApiClient>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(gamesKeys.favorites(), [a]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={api as ApiClient}>{children}</ApiProvider>
    </QueryClientProvider>
  );
  const { result } = renderHook(() => useToggleFavoriteGame('EUR'), { wrapper });
  const ids = () => (queryClient.getQueryData<Game[]>(gamesKeys.favorites()) ?? []).map((g) => g.identifier);
  return { result, ids };
}

afterEach(cleanup);

describe('useToggleFavoriteGame', () => {
  it('shows the new favourite at once and PUTs the launch id for the currency', async () => {
    let finish!: () => void;
    const put = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const get = vi.fn(async () => [a, b]);
    const { result, ids } = setup({ put, get } as unknown as Partial<ApiClient>);

    act(() => result.current.mutate({ game: b, makeFavorite: true }));
    await waitFor(() => expect(ids()).toEqual(['acme/a', 'acme/b']));
    expect(put).toHaveBeenCalledWith('/api/player/favorite_games/2');
    finish();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
  });

  it('rolls back when the server refuses', async () => {
    const del = vi.fn(async () => {
      throw new Error('500');
    });
    const get = vi.fn(async () => [a]);
    const { result, ids } = setup({ delete: del, get } as unknown as Partial<ApiClient>);

    act(() => result.current.mutate({ game: a, makeFavorite: false }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(del).toHaveBeenCalledWith('/api/player/favorite_games/1');
    expect(ids()).toEqual(['acme/a']);
  });
});
