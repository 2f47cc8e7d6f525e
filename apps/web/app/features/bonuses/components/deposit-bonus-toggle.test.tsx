import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BonusOffer } from '../api/get-offers';
import { offer, RELOAD_TERMS } from '../testing/fixtures';
import { renderBonuses } from '../testing/render-bonuses';
import { DepositBonusToggle } from './deposit-bonus-toggle';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The server's deposit offers: whichever code the player set is `selected`. */
function mount(amountCents: number | null, chosen: string | null = 'WELCOME100', onStepSubmit?: () => void) {
  let selected = chosen;
  const list = (): BonusOffer[] => [
    offer({ id: 'WELCOME100', title: 'Welcome offer', selected: selected === 'WELCOME100' }),
    offer({ id: 'RELOAD50', title: 'Reload', selected: selected === 'RELOAD50' }, RELOAD_TERMS),
    offer({ id: 'random_manual', title: 'Lootbox' }),
  ];
  const get = vi.fn(async (path: string): Promise<unknown> => {
    if (path === '/api/bonuses/deposit') return list();
    if (path === '/api/player') return { id: 1 };
    throw new Error(`unexpected GET ${path}`);
  });
  const patch = vi.fn(async (_path: string, body: { deposit_bonus_code: string }) => {
    selected = body.deposit_bonus_code;
    return { id: 1, deposit_bonus_code: selected };
  });
  const del = vi.fn(async () => {
    selected = null;
    return null;
  });
  // As in the cashbox: the toggle sits inside the amount step's form.
  const step = (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onStepSubmit?.();
      }}
    >
      <DepositBonusToggle currency="EUR" amountCents={amountCents} />
    </form>
  );
  const view = renderBonuses(step, {
    api: { get, patch, delete: del } as never,
  });
  return { ...view, get, patch, del };
}

const choice = () => screen.getByTestId('bonus-choice');

describe('the bonus toggle of the deposit step (docs/bonuses.md#what-the-player-sees)', () => {
  it('shows the chosen offer, and warns while the amount is under its minimum', async () => {
    mount(1_500);
    await waitFor(() => expect(choice()).toHaveTextContent('Welcome offer'));
    expect(screen.getByText('100% up to €200')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Deposit at least €20.00 to get this bonus.');
    cleanup();

    mount(2_000);
    await waitFor(() => expect(choice()).toHaveTextContent('Welcome offer'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('selects another offer in the dialog, with each offer’s minimum and rules, and never the hidden gift', async () => {
    const stepSubmitted = vi.fn();
    const { patch } = mount(5_000, 'WELCOME100', stepSubmitted);
    await waitFor(() => expect(choice()).toHaveTextContent('Welcome offer'));
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose your bonus' });
    expect(within(dialog).getByRole('radio', { name: /Welcome offer/ })).toBeChecked();
    expect(within(dialog).getAllByText('Minimum deposit €20.00')).toHaveLength(2);
    expect(within(dialog).getAllByText('Rules')).toHaveLength(2);
    expect(within(dialog).queryByText(/Lootbox/)).not.toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('radio', { name: /Reload/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/api/player/set_bonus_code', { deposit_bonus_code: 'RELOAD50' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(choice()).toHaveTextContent('Reload'));
    // The dialog's submit is its own: the amount step around the toggle did not move on.
    expect(stepSubmitted).not.toHaveBeenCalled();
  });

  it('clears the bonus with "No bonus"', async () => {
    const { del, patch } = mount(5_000);
    await waitFor(() => expect(choice()).toHaveTextContent('Welcome offer'));
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose your bonus' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /No bonus/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/player/clear_bonus_code'));
    expect(patch).not.toHaveBeenCalled();
    await waitFor(() => expect(choice()).toHaveTextContent('No bonus'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows nothing when no offer can be had in the currency', async () => {
    const get = vi.fn(async () => [offer({ id: 'RELOAD50' }, RELOAD_TERMS)]);
    renderBonuses(<DepositBonusToggle currency="USD" amountCents={5_000} />, { api: { get } as never });
    await waitFor(() => expect(get).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByText('Loading bonuses…')).not.toBeInTheDocument());
    expect(screen.queryByText('Bonus on this deposit')).not.toBeInTheDocument();
  });
});
