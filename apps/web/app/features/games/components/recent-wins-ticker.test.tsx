import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WinEvent } from '@croupier/shared/realtime';
import { FakeSocket } from '../../../lib/realtime/fake-socket';
import { RealtimeClient } from '../../../lib/realtime/realtime-client';
import { RealtimeProvider } from '../../../lib/realtime/realtime-provider';
import { renderWithProviders } from '../testing/render-with-providers';
import { ANNOUNCE_EVERY_MS, gamePath, MAX_WINS, prependWin, RecentWinsTicker } from './recent-wins-ticker';

const win = (n: number, over: Partial<WinEvent> = {}): WinEvent => ({
  at: 1_790_000_000 + n,
  bet_amount_cents: 100,
  win_amount_cents: 2_500 + n,
  currency: 'EUR',
  game_identifier: 'croupier/lucky-sevens',
  game_title: `Lucky Sevens ${n}`,
  game_table_image_path: null,
  game_table_url: null,
  humanized_win: null,
  nickname: `pl***${n}`,
  ...over,
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function setup(initial: WinEvent[]) {
  const socket = new FakeSocket();
  const client = new RealtimeClient(async () => socket);
  const api = { get: vi.fn(async () => initial) };
  const view = renderWithProviders(
    <RealtimeProvider client={client}>
      <RecentWinsTicker />
    </RealtimeProvider>,
    { api },
  );
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
  const push = (w: WinEvent) => act(() => socket.receive('public:wins', w));
  return { ...view, api, socket, push };
}

const items = () => within(screen.getByRole('list')).getAllByRole('listitem');

describe('RecentWinsTicker', () => {
  it('shows the latest wins: masked nickname, the win in its currency and a link to the game page', async () => {
    const { api } = await setup([
      win(1, { game_identifier: 'croupier/rocket', game_title: 'Rocket', win_amount_cents: 12_345 }),
    ]);
    expect(api.get).toHaveBeenCalledWith('/api/stats/winners/latest');
    const item = (await screen.findAllByRole('listitem'))[0]!;
    expect(item).toHaveTextContent('pl***1');
    expect(item).toHaveTextContent('€123.45');
    expect(within(item).getByRole('link', { name: 'Rocket' })).toHaveAttribute('href', '/play/croupier/rocket');
  });

  it('puts live wins on top and keeps at most 20', async () => {
    const initial = Array.from({ length: MAX_WINS }, (_, i) => win(i));
    const { push } = await setup(initial);
    await screen.findAllByRole('listitem');
    push(win(100, { nickname: 'ne***w' }));
    const shown = items();
    expect(shown).toHaveLength(MAX_WINS);
    expect(shown[0]).toHaveTextContent('ne***w');
    expect(screen.queryByText(`pl***${MAX_WINS - 1}`)).not.toBeInTheDocument();
  });

  it('reads out at most one win per interval in a polite region, never the whole list', async () => {
    const { push, container } = await setup([win(1)]);
    await screen.findAllByRole('listitem');
    const live = container.querySelector('[aria-live="polite"]')!;
    expect(container.querySelectorAll('[aria-live]')).toHaveLength(1);
    expect(screen.getByRole('list').closest('[aria-live]')).toBeNull();

    vi.useFakeTimers();
    push(win(2, { nickname: 'an***', game_title: 'Dice', win_amount_cents: 5_000 }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(live).toHaveTextContent('an*** won €50.00 on Dice');

    push(win(3, { nickname: 'bo***' }));
    push(win(4, { nickname: 'cy***', game_title: 'Rocket', win_amount_cents: 700 }));
    await act(() => vi.advanceTimersByTimeAsync(ANNOUNCE_EVERY_MS - 1));
    expect(live).toHaveTextContent('an*** won €50.00 on Dice');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(live).toHaveTextContent('cy*** won €7.00 on Rocket');
  });

  it('freezes the list while paused and shows what arrived meanwhile on resume', async () => {
    const user = userEvent.setup();
    const { push } = await setup([win(1)]);
    await screen.findAllByRole('listitem');
    await user.click(screen.getByRole('button', { name: 'Pause live wins' }));
    push(win(2, { nickname: 'la***' }));
    expect(items()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Resume live wins' }));
    expect(items()[0]).toHaveTextContent('la***');
  });

  it('says so when there are no wins yet', async () => {
    await setup([]);
    expect(await screen.findByText('No wins to show yet.')).toBeInTheDocument();
  });
});

describe('prependWin and gamePath', () => {
  it('drops a repeat of a win already on the list', () => {
    expect(prependWin([win(2), win(1)], win(2))).toEqual([win(2), win(1)]);
  });

  it('builds /play/{provider}/{seo} from provider/seo, and /play/{name} otherwise', () => {
    expect(gamePath('croupier/lucky-sevens')).toBe('/play/croupier/lucky-sevens');
    expect(gamePath('lucky-sevens')).toBe('/play/lucky-sevens');
  });
});
