import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CouponOutcome } from '@croupier/shared/bonus-terms';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
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

function mount(outcomes: CouponOutcome[], codes: () => Promise<PlayerBonusCode[]> = async () => CODES) {
  const get = vi.fn(async (path: string): Promise<unknown> => {
    if (path === '/api/player/bonus_codes') return codes();
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

  it('keeps the coupon field working when the codes cannot be read, and says so quietly', async () => {
    let answer: () => Promise<PlayerBonusCode[]> = async () => {
      throw new ApiError(404, { code: 'not_found', error: 'Not Found' }, '/api/player/bonus_codes');
    };
    const { post } = mount(['successfully_activated'], () => answer());
    expect(
      await screen.findByText('Your codes could not be loaded. Codes you enter above still work.'),
    ).toBeInTheDocument();
    // Not an alert: the only alert on this page is a coupon that failed.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    submit('CROUPIER');
    expect(await screen.findByRole('status')).toHaveTextContent('Successfully activated');
    expect(post).toHaveBeenCalledWith('/api/bonuses/coupon', { coupon_code: 'CROUPIER' });

    answer = async () => CODES;
    const retry = screen.getByRole('button', { name: 'Try again' });
    // The redeemed coupon asked for the list again (and failed again): wait for that read to end.
    await waitFor(() => expect(retry).toBeEnabled());
    fireEvent.click(retry);
    expect(await screen.findByText('20 free spins')).toBeInTheDocument();
  });
});
