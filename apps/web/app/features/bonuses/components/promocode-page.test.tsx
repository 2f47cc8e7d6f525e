import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CouponOutcome } from '@croupier/shared/bonus-terms';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayerBonusCode } from '../api/get-bonus-codes';
import { renderBonuses } from '../testing/render-bonuses';
import { PromocodePage } from './promocode-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const CODES: PlayerBonusCode[] = [
  {
    code: 'CROUPIER',
    state: 'issued',
    title: '20 free spins',
    valid_until: '2027-12-31T00:00:00Z',
    redeemed_at: '2027-03-02T10:00:00Z',
  },
];

function mount(outcomes: CouponOutcome[]) {
  const get = vi.fn(async (path: string): Promise<unknown> => {
    if (path === '/api/player/bonus_codes') return CODES;
    throw new Error(`unexpected GET ${path}`);
  });
  const post = vi.fn(async () => ({ status: outcomes.shift() }));
  renderBonuses(<PromocodePage locale="en" />, { api: { get, post } as never });
  return { get, post };
}

const field = () => screen.getByLabelText('Coupon code');
const submit = (code: string) => {
  fireEvent.change(field(), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
};

describe('the promo-code page (docs/bonuses.md#what-the-player-sees: the coupon messages)', () => {
  it('says each outcome: success, already activated, and a failure as a warning', async () => {
    const { post, get } = mount(['successfully_activated', 'already_activated', 'failed_to_activate']);
    expect(await screen.findByText('CROUPIER')).toBeInTheDocument();
    expect(screen.getByText('Used on Mar 2, 2027')).toBeInTheDocument();

    submit(' croupier ');
    expect(await screen.findByRole('status')).toHaveTextContent('Successfully activated');
    expect(post).toHaveBeenLastCalledWith('/api/bonuses/coupon', { coupon_code: 'croupier' });
    // A redeemed code joins the list.
    await waitFor(() => expect(get.mock.calls.filter(([p]) => p === '/api/player/bonus_codes')).toHaveLength(2));
    expect(field()).toHaveValue('');

    submit('CROUPIER');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Already activated'));

    submit('NOPE');
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Failed to activate');
    expect(warning).toHaveClass('bonus-outcome--warning');
    expect(field()).toHaveValue('NOPE');
  });

  it('asks for a code before sending anything', async () => {
    const { post } = mount([]);
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(screen.getByText('Enter a code.')).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();
  });
});
