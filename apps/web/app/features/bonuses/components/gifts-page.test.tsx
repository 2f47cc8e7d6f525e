import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { BonusCancelInfo } from '../api/get-cancel-info';
import { bonus, cancelInfo, offer, pack, RELOAD_TERMS } from '../testing/fixtures';
import { renderBonuses } from '../testing/render-bonuses';
import { GiftsPage } from './gifts-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ACTIVE = bonus();
const AVAILABLE = bonus({
  id: 2,
  title: 'Registration gift',
  stage: 'issued',
  status: 'received',
  kind: 'nondeposit',
  type: 'registration',
  strategy: 'registration',
  amount_cents: 500,
  activatable: true,
  activatable_until: '2027-03-08T10:00:00Z',
  terms: null,
});
const OLD = bonus({ id: 3, title: 'Old reload', stage: 'canceled', status: 'erased_by_withdraw', cancelable: false });

function mount({ info = async () => cancelInfo() }: { info?: () => Promise<BonusCancelInfo> } = {}) {
  const get = vi.fn(async (path: string): Promise<unknown> => {
    if (path === '/api/player/bonuses') return [ACTIVE, AVAILABLE, OLD];
    if (path === '/api/player/freespins')
      return [
        pack(),
        pack({ id: 10, stage: 'finished', title: 'Finished pack' }),
        pack({
          id: 11,
          stage: packActivated ? 'handle_bets' : 'issued',
          title: 'Spins to activate',
          freespins_performed: 0,
          activatable: !packActivated,
          activatable_until: '2027-03-09T12:00:00Z',
          activation_path: '/play/croupier/lucky-sevens',
        }),
      ];
    if (path === '/api/bonuses/deposit')
      return [
        offer({ id: 'RELOAD50', title: 'Reload' }, RELOAD_TERMS),
        offer({ id: 'random_manual', title: 'Lootbox' }),
      ];
    if (path === '/api/player/bonuses/1/cancel_info') return info();
    throw new Error(`unexpected GET ${path}`);
  });
  const del = vi.fn(async () => bonus({ stage: 'canceled' }));
  let packActivated = false;
  const post = vi.fn(async (path: string): Promise<unknown> => {
    if (path === '/api/player/freespins/11/activation') {
      packActivated = true;
      return pack({
        id: 11,
        title: 'Spins to activate',
        stage: 'handle_bets',
        freespins_performed: 0,
        activation_path: '/play/croupier/lucky-sevens',
      });
    }
    return { ...AVAILABLE, stage: 'wait' };
  });
  renderBonuses(<GiftsPage currency="EUR" locale="en" />, { api: { get, delete: del, post } as never });
  return { get, del, post };
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });
const panel = () => screen.getByRole('tabpanel');

describe('the gifts page (docs/bonuses.md#what-the-player-sees)', () => {
  it('shows active, available and history gifts in their tabs, never a finished pack nor the random_manual gift', async () => {
    mount();
    await waitFor(() => expect(tab(/Active/)).toHaveTextContent('Active2'));
    // The running bonus with its wagering, and the pack being played with its spins and games.
    expect(within(panel()).getByRole('heading', { name: 'Welcome bonus' })).toBeInTheDocument();
    expect(within(panel()).getByText('€34.50 of €350.00 wagered')).toBeInTheDocument();
    expect(within(panel()).getByText(/5 of 20 spins played/)).toBeInTheDocument();
    expect(within(panel()).getByRole('link', { name: 'Fruit Party' })).toHaveAttribute(
      'href',
      '/play/croupier/fruit-party',
    );
    expect(within(panel()).queryByText('Finished pack')).not.toBeInTheDocument();

    fireEvent.click(tab(/Available/));
    await waitFor(() => expect(within(panel()).getByRole('heading', { name: 'Reload' })).toBeInTheDocument());
    expect(tab(/Available/)).toHaveTextContent('Available3');
    expect(within(panel()).getByRole('heading', { name: 'Registration gift' })).toBeInTheDocument();
    expect(within(panel()).getByText('50% up to €100')).toBeInTheDocument();
    expect(screen.queryByText('Lootbox')).not.toBeInTheDocument();

    // The keyboard moves between tabs with the arrows.
    fireEvent.keyDown(tab(/Available/), { key: 'ArrowRight' });
    expect(tab(/History/)).toHaveAttribute('aria-selected', 'true');
    expect(tab(/History/)).toHaveFocus();
    expect(within(panel()).getByText('Cancelled by a withdrawal')).toBeInTheDocument();
  });

  it('activates an available gift', async () => {
    const { post } = mount();
    await waitFor(() => expect(tab(/Available/)).toHaveTextContent('Available3'));
    fireEvent.click(tab(/Available/));
    const card = within(panel()).getByRole('heading', { name: 'Registration gift' }).closest('li')!;
    fireEvent.click(within(card as HTMLElement).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/player/bonuses/2/activation'));
  });

  it('activates free spins and moves to them, the focus on the link to the game they are played on', async () => {
    const { post } = mount();
    await waitFor(() => expect(tab(/Available/)).toHaveTextContent('Available3'));
    fireEvent.click(tab(/Available/));
    const card = within(panel()).getByRole('heading', { name: 'Spins to activate' }).closest('li')! as HTMLElement;
    expect(within(card).queryByRole('link', { name: 'Play the spins' })).not.toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/player/freespins/11/activation'));
    await waitFor(() => expect(tab(/Active/)).toHaveAttribute('aria-selected', 'true'));
    const play = await screen.findByRole('link', { name: 'Play the spins', description: 'Spins to activate' });
    expect(play).toHaveAttribute('href', '/play/croupier/lucky-sevens');
    await waitFor(() => expect(play).toHaveFocus());
  });

  it('asks before a cancel, with what goes and what stays, and cancels only once confirmed', async () => {
    const { del } = mount();
    const card = (await screen.findByRole('heading', { name: 'Welcome bonus' })).closest('li')!;
    fireEvent.click(within(card as HTMLElement).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this bonus?' });
    expect(
      await within(dialog).findByText(
        'Cancelling removes €45.00 of bonus money, €12.00 of it winnings. Your €80.00 cash stays.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(del).not.toHaveBeenCalled();

    fireEvent.click(within(card as HTMLElement).getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('dialog', { name: 'Cancel this bonus?' });
    await within(again).findByText(/Cancelling removes €45.00/);
    expect(within(again).getByRole('button', { name: 'Cancel the bonus' })).toHaveClass('btn--danger');
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel the bonus' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/player/bonuses/1'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('cancels nothing when the figures cannot be read', async () => {
    const { del } = mount({
      info: async () => {
        throw new ApiError(500, { code: 'internal', error: 'boom' }, '/api/player/bonuses/1/cancel_info');
      },
    });
    const card = (await screen.findByRole('heading', { name: 'Welcome bonus' })).closest('li')!;
    fireEvent.click(within(card as HTMLElement).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this bonus?' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('nothing was cancelled');
    expect(within(dialog).getByRole('button', { name: 'Cancel the bonus' })).toBeDisabled();
    expect(del).not.toHaveBeenCalled();
  });
});
