import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/create-i18n';
import auth from '../../i18n/locales/en/auth.json';
import cashbox from '../../i18n/locales/en/cashbox.json';
import common from '../../i18n/locales/en/common.json';
import { I18nProvider } from '../../i18n/runtime';
import type { ApiClient } from '../../lib/api-client';
import { ApiProvider } from '../../lib/api-context';
import type { Player } from '../../lib/api-types';
import { Cashbox } from '../../features/cashbox/components/cashbox';
import { useCurrentUser } from '../../lib/player/use-current-user';
import { profileGate } from './cashbox-route';
import { testPlayer as player } from '../../testing/player';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The cashbox as the route composes it: the profile-data gate of the signed-in player first. */
function Composed() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return <Cashbox mode="deposit" currency="EUR" gate={profileGate(user)} onClose={() => undefined} />;
}

describe('the cashbox route (docs/player-app.md#required-profile-data: the profile-data form before the cashbox)', () => {
  it('asks for the missing data before the cashbox, saves it, then continues with the steps', async () => {
    let current = player({ city: null, postal_code: null, address: '' });
    const get = vi.fn(async (path: string): Promise<unknown> => (path === '/api/player' ? current : []));
    const patch = vi.fn(async (_path: string, body: { player: Record<string, string> }) => {
      current = { ...current, ...body.player } as Player;
      return current;
    });
    const router = createMemoryRouter([{ path: '*', element: <Composed /> }], { initialEntries: ['/deposit'] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ApiProvider client={{ get, patch, post: vi.fn() } as unknown as ApiClient}>
          <I18nProvider i18n={createI18n('en', { cashbox, common, auth })}>
            <RouterProvider router={router} />
          </I18nProvider>
        </ApiProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Complete your profile' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Deposit amount/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Erika');

    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(screen.getByLabelText('City')).toHaveAttribute('aria-invalid', 'true');
    expect(patch).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Berlin' } });
    fireEvent.change(screen.getByLabelText('Postal code'), { target: { value: '10117' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'Unter den Linden 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/api/player', {
        context: 'edition',
        player: { city: 'Berlin', postal_code: '10117', address: 'Unter den Linden 1' },
      }),
    );
    expect(await screen.findByLabelText(/Deposit amount/)).toBeInTheDocument();
  });

  it('goes straight to the steps for a player whose data is complete', async () => {
    const get = vi.fn(async (path: string): Promise<unknown> => (path === '/api/player' ? player() : []));
    const router = createMemoryRouter([{ path: '*', element: <Composed /> }], { initialEntries: ['/deposit'] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ApiProvider client={{ get, patch: vi.fn(), post: vi.fn() } as unknown as ApiClient}>
          <I18nProvider i18n={createI18n('en', { cashbox, common, auth })}>
            <RouterProvider router={router} />
          </I18nProvider>
        </ApiProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByLabelText(/Deposit amount/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Complete your profile' })).not.toBeInTheDocument();
  });
});
