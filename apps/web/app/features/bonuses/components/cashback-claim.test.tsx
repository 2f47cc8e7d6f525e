import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalContext } from '../../../components/modal/modal-context';
import { toasts } from '../../../components/toast/toast-store';
import { ApiError } from '../../../lib/api-client';
import type { PlayerBonus } from '../api/get-bonuses';
import { wasCashbackOffered } from '../lib/cashback-offers';
import { cashbackBonus } from '../testing/fixtures';
import { renderBonuses } from '../testing/render-bonuses';
import { CashbackClaim } from './cashback-claim';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  act(() => toasts.getState().forEach((toast) => toasts.remove(toast.id)));
});

function mount({
  list,
  id = 21,
  claim = async () => cashbackBonus({ stage: 'finished', status: 'used', activatable: false }),
}: {
  list: PlayerBonus[];
  id?: number;
  claim?: () => Promise<PlayerBonus>;
}) {
  const get = vi.fn(async (path: string): Promise<unknown> => {
    if (path === '/api/player/bonuses') return list;
    throw new Error(`unexpected GET ${path}`);
  });
  const post = vi.fn(claim);
  const close = vi.fn();
  renderBonuses(
    <ModalContext.Provider value={{ close, setUnsaved: () => undefined }}>
      <CashbackClaim id={id} locale="en" />
    </ModalContext.Provider>,
    { api: { get, post } as never },
  );
  return { get, post, close };
}

const texts = () => toasts.getState().map((toast) => toast.text);

describe('the cashback popup (docs/bonuses.md#what-the-player-sees)', () => {
  it('shows the week paid back, its loss, the amount and every rule, and claims a wager-free cashback as cash', async () => {
    const { post, close } = mount({ list: [cashbackBonus()] });
    // Issued on Monday 8 March: it pays back the week before.
    expect(await screen.findByText('For the week from Mar 1, 2027 to Mar 7, 2027')).toBeInTheDocument();
    expect(screen.getByTestId('cashback-amount')).toHaveTextContent('€12.00');
    // The week's loss it is a share of, from the server's record of the week (10 % of €120.00).
    expect(screen.getByTestId('cashback-loss')).toHaveTextContent('Your net cash loss that week: €120.00.');
    expect(screen.getByText(/^Claim it by Mar 15, 2027/)).toBeInTheDocument();
    expect(
      screen.getByText('Each week (Monday to Sunday, UTC) you get back 10% of your net cash losses.'),
    ).toBeInTheDocument();
    expect(screen.getByText('At most €100.00 a week.')).toBeInTheDocument();
    expect(screen.getByText('No wagering: the money is yours to withdraw at once.')).toBeInTheDocument();
    // Opened once: it does not open by itself again in this session.
    expect(wasCashbackOffered(21)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(close).toHaveBeenCalledWith({ immediate: true }));
    expect(post).toHaveBeenCalledWith('/api/player/bonuses/21/activation');
    expect(texts()).toEqual(['€12.00 is now yours to withdraw.']);
    // The claimed cashback stays on screen while the popup closes, its button off.
    expect(screen.getByRole('button', { name: 'Claim' })).toBeDisabled();
  });

  it('says what a cashback with wagering became', async () => {
    const { close } = mount({
      list: [cashbackBonus({ amount_wager_requirement_cents: 6_000 })],
      claim: async () =>
        cashbackBonus({ stage: 'handle_bets', amount_wager_requirement_cents: 6_000, terms: null, activatable: false }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(texts()).toEqual(['Your €12.00 cashback is now a bonus to wager ×5.']);
    expect(toasts.getState()[0]).toMatchObject({ url: '/users/gifts' });
  });

  it('keeps the popup open with the reason when the claim is refused, and closes on Later without claiming', async () => {
    const { post, close } = mount({
      list: [cashbackBonus()],
      claim: async () => {
        throw new ApiError(403, { code: 'bonuses_blocked', error: 'On a break' }, '/api/player/bonuses/21/activation');
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('Bonuses are paused during a break.')).toBeInTheDocument();
    expect(close).not.toHaveBeenCalled();
    expect(texts()).toEqual([]);

    post.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(close).toHaveBeenCalledWith();
    expect(post).not.toHaveBeenCalled();
  });

  it('offers the way to the gifts for a cashback already claimed, or not the player’s', async () => {
    mount({ list: [cashbackBonus({ stage: 'finished', status: 'used', activatable: false })] });
    expect(
      await screen.findByText('This cashback has already been claimed or is no longer available.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your gifts' })).toHaveAttribute('href', '/users/gifts');
    expect(screen.queryByRole('button', { name: 'Claim' })).not.toBeInTheDocument();
    cleanup();

    mount({ list: [cashbackBonus()], id: 99 });
    expect(
      await screen.findByText('This cashback has already been claimed or is no longer available.'),
    ).toBeInTheDocument();
  });
});
