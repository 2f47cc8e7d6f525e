import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FreespinPack } from '../api/get-freespins';
import { pack } from '../testing/fixtures';
import { renderBonuses, settle } from '../testing/render-bonuses';
import { BonusesListener } from './bonuses-listener';
import { FreespinsBar } from './freespins-bar';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const GAME = 'croupier/fruit-party';

function mount(initial: FreespinPack[], { enabled = true }: { enabled?: boolean } = {}) {
  let packs = initial;
  const get = vi.fn(async (path: string): Promise<unknown> => {
    if (path === '/api/player/freespins') return packs;
    if (path === '/api/player/bonuses') return [];
    throw new Error(`unexpected GET ${path}`);
  });
  const post = vi.fn(async (path: string) => {
    const id = Number(/freespins\/(\d+)\/activation/.exec(path)![1]);
    packs = packs.map((p) => (p.id === id ? { ...p, stage: 'handle_bets' as const, activatable: false } : p));
    return packs.find((p) => p.id === id);
  });
  const view = renderBonuses(
    <>
      <FreespinsBar game={GAME} currency="EUR" locale="en" enabled={enabled} />
      {/* The layout's listener: it reloads the packs on their pushes. */}
      <BonusesListener enabled={enabled} />
    </>,
    { api: { get, post } as never },
  );
  return {
    ...view,
    get,
    post,
    setPacks: (next: FreespinPack[]) => {
      packs = next;
    },
  };
}

describe('the free spins of the game page (docs/bonuses.md#what-the-player-sees)', () => {
  it('says how many spins of a pack for this game are left, at what stake, and where to play them', async () => {
    mount([
      pack({ freespins_performed: 13 }),
      pack({ id: 10, games: ['croupier/other'] }),
      pack({ id: 11, currency: 'USD' }),
      pack({ id: 12, stage: 'finished', freespins_performed: 20 }),
    ]);
    const bar = await screen.findByRole('group', { name: 'Free spins for this game' });
    expect(within(bar).getByText('Free spins: 7 of 20 left · €0.20 each')).toBeInTheDocument();
    expect(within(bar).getByText(/“Play a free spin” button in the game/)).toBeInTheDocument();
    expect(within(bar).getAllByText(/^Free spins:/)).toHaveLength(1);
  });

  it('follows each spin from the free-spin pushes', async () => {
    const { push, setPacks } = mount([pack({ freespins_performed: 13 })]);
    await screen.findByText('Free spins: 7 of 20 left · €0.20 each');
    await settle();
    setPacks([pack({ freespins_performed: 14 })]);
    push('freespins_changes', pack({ freespins_performed: 14 }));
    expect(await screen.findByText('Free spins: 6 of 20 left · €0.20 each')).toBeInTheDocument();
    // The last spin: the pack is over and the bar goes.
    setPacks([pack({ freespins_performed: 20, stage: 'finished' })]);
    push('freespins_changes', pack({ freespins_performed: 20, stage: 'finished' }));
    await waitFor(() => expect(screen.queryByTestId('freespins-bar')).not.toBeInTheDocument());
  });

  it('activates a pack for this game, and the keyboard lands on its spins', async () => {
    const { post } = mount([pack({ stage: 'issued', activatable: true, freespins_performed: 0 })]);
    await screen.findByText('Free spins to activate for this game: 20 at €0.20 each');
    fireEvent.click(screen.getByRole('button', { name: 'Activate the free spins' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/player/freespins/9/activation'));
    const line = (await screen.findByText('Free spins: 20 of 20 left · €0.20 each')).closest('p')!;
    await waitFor(() => expect(line).toHaveFocus());
  });

  it('shows nothing to a guest, and nothing without a pack for this game', async () => {
    const { get } = mount([pack()], { enabled: false });
    await settle();
    expect(screen.queryByTestId('freespins-bar')).not.toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
    cleanup();

    const other = mount([pack({ games: ['croupier/other'] })]);
    await waitFor(() => expect(other.get).toHaveBeenCalledWith('/api/player/freespins', expect.anything()));
    await settle();
    expect(screen.queryByTestId('freespins-bar')).not.toBeInTheDocument();
  });
});
