import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { UserLimit } from '@croupier/shared/api/limits';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../components/toast/toast-store';
import { LimitReachedListener } from '../../features/limits/components/limit-reached-listener';
import { breakNotice } from '../../features/limits/lib/break-notice';
import { DATE_TIME } from '../../features/limits/lib/limits-logic';
import { createI18n } from '../../i18n/create-i18n';
import { formatDate } from '../../i18n/format';
import common from '../../i18n/locales/en/common.json';
import limitsEn from '../../i18n/locales/en/limits.json';
import { I18nProvider } from '../../i18n/runtime';
import type { ApiClient } from '../../lib/api-client';
import { ApiProvider } from '../../lib/api-context';
import { QUERY_KEYS } from '../../lib/query-keys';
import { FakeSocket } from '../../lib/realtime/fake-socket';
import { RealtimeClient } from '../../lib/realtime/realtime-client';
import { RealtimeProvider } from '../../lib/realtime/realtime-provider';
import { testPlayer } from '../../testing/player';
import LimitsRoute from './limits';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  breakNotice.clear();
  act(() => toasts.getState().forEach((toast) => toasts.remove(toast.id)));
});

const ENDS = '2026-12-04T12:00:00Z';
const cooling: UserLimit = {
  id: 9,
  type: 'coolingoff',
  period: 'week',
  status: 'active',
  accounts: [],
  disable_at: null,
  confirmable_at: null,
  confirm_until: null,
  ends_at: ENDS,
  minutes: null,
  pending_minutes: null,
  created_at: '2026-11-27T12:00:00Z',
  parent_type: null,
  strategy: null,
};

/** /users/limits as the layout mounts it: the route and the limits listener, with a socket the test plays. */
function mount(post: ApiClient['post'], path = '/users/limits') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(QUERY_KEYS.player, testPlayer());
  const get = vi.fn(async () => []);
  const socket = new FakeSocket();
  const client = new RealtimeClient(async () => socket);
  const page = (
    <>
      <LimitsRoute />
      <LimitReachedListener enabled />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/users/limits', element: page },
      { path: '/other', element: <LimitReachedListener enabled /> },
      { path: '/sign-in', element: <p>Sign-in popup</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={{ get, post } as unknown as ApiClient}>
        <I18nProvider i18n={createI18n('en', { common, limits: limitsEn })}>
          <RealtimeProvider client={client}>
            <RouterProvider router={router} />
          </RealtimeProvider>
        </I18nProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  const push = (channel: string, data: unknown) => act(() => socket.receive(channel, data));
  return { queryClient, router, push };
}

async function takeCoolingOff() {
  const card = within(await screen.findByRole('region', { name: 'Cooling-off' }));
  fireEvent.change(card.getByLabelText('Length'), { target: { value: 'week' } });
  fireEvent.click(card.getByRole('button', { name: 'Take a break…' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Start a cooling-off break?' }));
  fireEvent.click(dialog.getByLabelText('I understand and I want to start it'));
  fireEvent.click(dialog.getByRole('button', { name: 'Start the break' }));
}

/** What the page says once the break has signed the player out (docs/player-app.md#limits-page). */
async function expectWhereTheyStand() {
  const panel = within(await screen.findByRole('region', { name: 'Your break has started' }));
  expect(
    panel.getByText(
      `Your break has started and you have been signed out. You can place bets again from ${formatDate(ENDS, 'en', DATE_TIME)}.`,
    ),
  ).toBeTruthy();
  expect(panel.getByRole('heading', { name: 'What you can still do' })).toBeTruthy();
  expect(panel.getByText(/Sign in to see your balance and withdraw your money/)).toBeTruthy();
  expect(panel.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in?redirect=%2Fusers%2Flimits');
  expect(panel.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  // It replaces the card the player was at: its heading takes the focus (and so comes into view).
  expect(document.activeElement).toBe(panel.getByRole('heading', { name: 'Your break has started' }));
}

describe('/users/limits after a break starts', () => {
  it('says where the player stands when the answer comes first: the break, until when, what still works', async () => {
    const post = vi.fn().mockResolvedValue(cooling);
    const { queryClient } = mount(post);
    await takeCoolingOff();
    await expectWhereTheyStand();
    expect(queryClient.getQueryData(QUERY_KEYS.player)).toBeNull();
    expect(toasts.getState()).toEqual([]);
  });

  it('says the same when the server’s push signs the page out before the answer (the card is gone by then)', async () => {
    let answer: (limit: UserLimit) => void = () => undefined;
    const post = vi.fn(() => new Promise<UserLimit>((resolve) => (answer = resolve)));
    const { queryClient, push } = mount(post as unknown as ApiClient['post']);
    await takeCoolingOff();
    await waitFor(() => expect(post).toHaveBeenCalled());
    push('game_limits', { reason: 'break_started', limits: [cooling], message: null });
    expect(queryClient.getQueryData(QUERY_KEYS.player)).toBeNull();
    await expectWhereTheyStand();
    await act(async () => answer(cooling));
    await expectWhereTheyStand();
    // The page says it all: no warning on top of it.
    expect(toasts.getState()).toEqual([]);
  });

  it('a break started on another device warns on any other page, and the limits page then says where the player stands', async () => {
    const { router, push } = mount(vi.fn(), '/other');
    // The socket opens and subscribes first.
    await act(async () => {
      for (let i = 0; i < 5; i++) await Promise.resolve();
    });
    push('game_limits', { reason: 'break_started', limits: [cooling], message: null });
    expect(toasts.getState().map((t) => t.text)).toEqual([limitsEn.reached.break_started]);
    await act(() => router.navigate('/users/limits'));
    await expectWhereTheyStand();
  });
});
