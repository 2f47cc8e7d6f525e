import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SharedRoundEvent } from '@croupier/shared/realtime';
import { accountsQueryOptions } from '../player/get-accounts';
import type { ApiClient } from '../api-client';
import type { Account } from '../api-types';
import { QUERY_KEYS } from '../query-keys';
import { FakeSocket } from './fake-socket';
import { RealtimeClient } from './realtime-client';
import { RealtimeProvider } from './realtime-provider';
import { useRealtimeRefresh } from './use-realtime-refresh';
import { useSharedRound } from './use-shared-round';

const wallet = (currency: string, amount: number, version: number): Account => ({
  currency,
  active: true,
  amount_cents: amount,
  available_to_cashout_cents: amount,
  available_to_bet_with_locked_cent: amount,
  deposit_available: true,
  hidden_at: null,
  selected_lottery_id: null,
  version,
});

afterEach(cleanup);

async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

function setup({
  player = { id: 1 } as { id: number } | null,
  accounts = [wallet('EUR', 500, 5)] as Account[] | undefined,
} = {}) {
  const socket = new FakeSocket();
  const factory = vi.fn(async () => socket);
  const client = new RealtimeClient(factory);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(QUERY_KEYS.player, player);
  if (accounts) queryClient.setQueryData(QUERY_KEYS.accounts, accounts);
  const wrap = (ui: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider client={client}>{ui}</RealtimeProvider>
    </QueryClientProvider>
  );
  return { socket, factory, client, queryClient, wrap };
}

const accountsOf = (qc: QueryClient) => qc.getQueryData<Account[]>(QUERY_KEYS.accounts);
const invalidated = (qc: QueryClient) => qc.getQueryState(QUERY_KEYS.accounts)?.isInvalidated ?? false;

describe('RealtimeProvider', () => {
  it('puts a pushed balance into the accounts cache, and keeps version 7 when 6 comes after it', async () => {
    const { socket, queryClient, wrap } = setup();
    render(wrap(null));
    await settle();
    act(() => socket.receive('balance', wallet('EUR', 700, 7)));
    expect(accountsOf(queryClient)).toEqual([wallet('EUR', 700, 7)]);
    act(() => socket.receive('balance', wallet('EUR', 600, 6)));
    expect(accountsOf(queryClient)).toEqual([wallet('EUR', 700, 7)]);
  });

  it('reloads the wallets over REST once connected, after a reconnection and on payment or bonus changes', async () => {
    const { socket, queryClient, wrap } = setup();
    render(wrap(null));
    await settle();
    // The wallets were read before the socket joined: a push sent meanwhile is not replayed.
    expect(invalidated(queryClient)).toBe(true);
    queryClient.setQueryData(QUERY_KEYS.accounts, [wallet('EUR', 500, 5)]);
    expect(invalidated(queryClient)).toBe(false);
    act(() => {
      socket.drop('transport close');
      socket.connect();
    });
    expect(invalidated(queryClient)).toBe(true);

    for (const channel of ['payments_changes', 'bonuses_changes']) {
      queryClient.setQueryData(QUERY_KEYS.accounts, [wallet('EUR', 500, 5)]);
      expect(invalidated(queryClient)).toBe(false);
      act(() => socket.receive(channel, { id: 1 }));
      expect(invalidated(queryClient)).toBe(true);
    }
  });

  it('opens no socket for a guest on a page without live features', async () => {
    const { factory, wrap } = setup({ player: null, accounts: undefined });
    render(wrap(null));
    await settle();
    expect(factory).not.toHaveBeenCalled();
  });

  it('reconnects when the player signs out, so the socket stops being theirs', async () => {
    const { socket, queryClient, wrap } = setup();
    render(wrap(<Rounds slug="rocket" />));
    await settle();
    expect(socket.connects).toBe(1);
    act(() => {
      queryClient.setQueryData(QUERY_KEYS.player, null);
    });
    expect(socket.connects).toBe(2);
  });
});

describe('the accounts query', () => {
  it('does not let a polled answer with an older version overwrite a newer pushed balance', async () => {
    const { queryClient } = setup({ accounts: [wallet('EUR', 700, 7)] });
    const api = { get: vi.fn(async () => [wallet('EUR', 500, 5)]) } as unknown as ApiClient;
    await queryClient.fetchQuery({ ...accountsQueryOptions(api, true), staleTime: 0 });
    expect(api.get).toHaveBeenCalled();
    expect(accountsOf(queryClient)).toEqual([wallet('EUR', 700, 7)]);

    (api.get as ReturnType<typeof vi.fn>).mockResolvedValueOnce([wallet('EUR', 900, 9)]);
    await queryClient.fetchQuery({ ...accountsQueryOptions(api, true), staleTime: 0 });
    expect(accountsOf(queryClient)).toEqual([wallet('EUR', 900, 9)]);
  });
});

const LIST_KEY = ['player', 'things'] as const;

function LiveList({ enabled = true }: { enabled?: boolean }) {
  useRealtimeRefresh('payments_changes', LIST_KEY, enabled);
  return null;
}

describe('useRealtimeRefresh', () => {
  const listInvalidated = (qc: QueryClient) => qc.getQueryState(LIST_KEY)?.isInvalidated ?? false;

  it('reloads the list when the socket first joins, on each event of its channel and after a reconnection', async () => {
    const { socket, queryClient, wrap } = setup({ player: null, accounts: undefined });
    queryClient.setQueryData(LIST_KEY, ['loaded before the socket joined']);
    render(wrap(<LiveList />));
    await settle();
    // The change pushed while the socket was opening is lost: the snapshot is read again.
    expect(socket.connects).toBe(1);
    expect(listInvalidated(queryClient)).toBe(true);

    queryClient.setQueryData(LIST_KEY, ['fresh']);
    act(() => socket.receive('bonuses_changes', { id: 1 }));
    expect(listInvalidated(queryClient)).toBe(false);
    act(() => socket.receive('payments_changes', { id: 1 }));
    expect(listInvalidated(queryClient)).toBe(true);

    queryClient.setQueryData(LIST_KEY, ['fresh']);
    act(() => {
      socket.drop('transport close');
      socket.connect();
    });
    expect(listInvalidated(queryClient)).toBe(true);
  });

  it('does nothing while disabled and stops on unmount', async () => {
    const { socket, queryClient, wrap } = setup({ player: null, accounts: undefined });
    queryClient.setQueryData(LIST_KEY, ['fresh']);
    const view = render(wrap(<LiveList enabled={false} />));
    await settle();
    expect(socket.connects).toBe(0);
    view.rerender(wrap(<LiveList />));
    await settle();
    queryClient.setQueryData(LIST_KEY, ['fresh']);
    view.unmount();
    queryClient.setQueryData(LIST_KEY, ['fresh']);
    expect(listInvalidated(queryClient)).toBe(false);
  });
});

function Rounds({ slug }: { slug: string }) {
  const event = useSharedRound(slug);
  return <p>{event ? `${event.game} #${event.round_id} ${event.phase}` : 'waiting'}</p>;
}

describe('useSharedRound', () => {
  const round = (game: string, id: number, phase: SharedRoundEvent['phase']): SharedRoundEvent => ({
    game,
    round_id: id,
    phase,
    server_seed_hash: '0'.repeat(64),
    server_time: '2026-11-22T12:00:00.000Z',
  });

  it('joins game:<slug>, returns the latest round and leaves on unmount', async () => {
    const { socket, wrap } = setup({ player: null, accounts: undefined });
    const view = render(wrap(<Rounds slug="rocket" />));
    await settle();
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(socket.sent).toEqual([['subscribe_room', 'game:rocket']]);
    act(() => socket.receive('shared_round', round('rocket', 4, 'betting')));
    act(() => socket.receive('shared_round', round('rocket', 4, 'running')));
    expect(screen.getByText('rocket #4 running')).toBeInTheDocument();
    view.unmount();
    expect(socket.sent.at(-1)).toEqual(['unsubscribe_room', 'game:rocket']);
  });

  it('never shows the previous game once the slug changes', async () => {
    const { socket, wrap } = setup({ player: null, accounts: undefined });
    const view = render(wrap(<Rounds slug="rocket" />));
    await settle();
    act(() => socket.receive('shared_round', round('rocket', 4, 'betting')));
    view.rerender(wrap(<Rounds slug="live-roulette" />));
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(socket.sent).toEqual([
      ['subscribe_room', 'game:rocket'],
      ['unsubscribe_room', 'game:rocket'],
      ['subscribe_room', 'game:live-roulette'],
    ]);
  });
});
