import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Payment, PaymentMethod } from '../../features/cashbox/api/payments';
import { Cashbox } from '../../features/cashbox/components/cashbox';
import { bonus, cancelInfo } from '../../features/bonuses/testing/fixtures';
import { createI18n } from '../../i18n/create-i18n';
import auth from '../../i18n/locales/en/auth.json';
import bonuses from '../../i18n/locales/en/bonuses.json';
import cashbox from '../../i18n/locales/en/cashbox.json';
import common from '../../i18n/locales/en/common.json';
import { I18nProvider } from '../../i18n/runtime';
import { ApiError, type ApiClient } from '../../lib/api-client';
import { ApiProvider } from '../../lib/api-context';
import { testPlayer } from '../../testing/player';
import { bonusForfeitSlot, withdrawalBonusSlot } from './cashbox-route';

/** The wagered welcome bonus holding the wallet's €45.00 of bonus money, and a reload queued behind it. */
const BONUSES = [
  bonus({ id: 1, title: 'Welcome bonus', title_generated: false, stage: 'handle_bets', bonus_balance_cents: 45_00 }),
  bonus({
    id: 2,
    title: '50 % up to €100',
    title_generated: true,
    stage: 'wait',
    amount_cents: 50_00,
    bonus_balance_cents: 0,
    terms: { ...bonus().terms!, percent: 50, max_bonus_cents: 100_00 },
  }),
  // Another wallet's bonus is not touched by a EUR withdrawal.
  bonus({ id: 3, title: 'Dollar bonus', currency: 'USD', stage: 'handle_bets', bonus_balance_cents: 10_00 }),
];

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const WALLET: PaymentMethod = {
  id: 'sandbox_wallet',
  type: 'direct',
  brand: 'sandpay',
  provider: 'sandbox',
  currency: 'EUR',
  fields: [{ name: 'email', type: 'email', required: true }],
  savedProfiles: [],
  termsOfService: { restrictions: { minAmountValue: 5, maxAmountValue: 2000, amountCurrencyCode: 'EUR' } },
};

const CASHOUT = {
  id: 8,
  amount_cents: 5000,
  amount: '50.00',
  currency: 'EUR',
  action: 'cashout',
  state: 'pending',
  success: false,
  recallable: true,
  payment_system: 'sandbox_wallet',
  system_name: 'sandpay',
  brand: 'sandpay',
  account: 'me@example.com',
  created_at: '2027-03-01T10:00:00Z',
  finished_at: null,
  cancellation_reason: null,
  confirmations: null,
  confirmations_required: null,
} as Payment;

/** The withdrawal step as the cashbox route composes it: the bonus feature's question in the cashbox. */
function mount() {
  const get = vi.fn(async (path: string): Promise<unknown> => {
    if (path.startsWith('/api/payments/methods')) return [WALLET];
    if (path.startsWith('/api/payments/plan')) throw new ApiError(404, null, path);
    if (path === '/api/player') return testPlayer();
    if (path === '/api/player/bonuses') return BONUSES;
    if (path.startsWith('/api/player/accounts'))
      return [{ currency: 'EUR', active: true, amount_cents: 125_00, available_to_cashout_cents: 80_00 }];
    return [];
  });
  const post = vi.fn(async (path: string, body: { forfeit_bonus?: boolean }) => {
    if (path !== '/api/payments/withdrawals') return {};
    if (!body.forfeit_bonus)
      throw new ApiError(
        409,
        { code: 'bonus_active', error: 'A bonus is being wagered.', cancel_info: cancelInfo() },
        '/api/payments/withdrawals',
      );
    return { payment: CASHOUT };
  });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <Cashbox
            mode="withdrawal"
            currency="EUR"
            bonusForfeit={bonusForfeitSlot}
            withdrawalBonus={withdrawalBonusSlot('EUR')}
            onClose={() => undefined}
          />
        ),
      },
    ],
    { initialEntries: ['/withdraw'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiProvider client={{ get, post } as unknown as ApiClient}>
        <I18nProvider i18n={createI18n('en', { cashbox, common, auth, bonuses })}>
          <RouterProvider router={router} />
        </I18nProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { post };
}

const withdrawals = (post: ReturnType<typeof mount>['post']) =>
  post.mock.calls.filter(([path]) => path === '/api/payments/withdrawals');
const keyOf = (call: unknown[] | undefined) =>
  (call?.[2] as { headers: Record<string, string> }).headers['idempotency-key'];

const FIGURES =
  'Withdrawing cancels your bonus: €45.00 of bonus money, €12.00 of it winnings, will be removed. Your €80.00 cash stays.';
const NO_RESTORE = 'Your cash is not touched. Recalling the withdrawal later will not bring a cancelled bonus back.';

describe('a withdrawal while a bonus is being wagered (docs/bonuses.md#limits-withdrawals-privacy)', () => {
  it('shows cash and bonus apart, then the figures, and withdraws only once the player confirms the cancel', async () => {
    const { post } = mount();
    expect(await screen.findByText('Cash €80.00 · Bonus €45.00')).toBeInTheDocument();
    // Step 1, before any password or payment detail: what a withdrawal forfeits, bonus by bonus, and
    // that a recall does not bring it back.
    const notice = await screen.findByRole('note', { name: 'Withdrawing now ends your bonus' });
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Welcome bonus: cancelled, and its €45.00 of bonus money (winnings included) is forfeited.',
      '50% up to €100 (queued, €50.00): cancelled before it is granted.',
    ]);
    expect(within(notice).getByText(NO_RESTORE)).toBeInTheDocument();
    expect(screen.queryByText(/stays in your wallet/)).not.toBeInTheDocument();
    fireEvent.change(await screen.findByLabelText(/Withdrawal amount/), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: /sandpay/i }));
    fireEvent.change(await screen.findByLabelText(/mail/i), { target: { value: 'me@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw €50.00' }));

    // Refused with the figures: nothing is withdrawn until the player answers.
    expect(await screen.findByText(FIGURES)).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Withdraw and cancel the bonus' });
    await waitFor(() => expect(confirm).toHaveFocus());
    // It forfeits bonus money: styled as destructive, not as the primary green.
    expect(confirm).toHaveClass('btn--danger');
    expect(confirm).toHaveAccessibleDescription(`${FIGURES} ${NO_RESTORE}`);
    expect(screen.queryByRole('button', { name: 'Withdraw €50.00' })).not.toBeInTheDocument();

    // Keeping the bonus goes back to the form and sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Keep my bonus' }));
    expect(screen.queryByText(FIGURES)).not.toBeInTheDocument();
    expect(withdrawals(post)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw €50.00' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw and cancel the bonus' }));
    expect(await screen.findByText('Withdrawal requested')).toBeInTheDocument();
    const calls = withdrawals(post);
    expect(calls).toHaveLength(3);
    expect(calls[0]![1]).toEqual({ payment: expect.objectContaining({ amount_cents: 5000 }) });
    expect(calls[2]![1]).toEqual({ payment: expect.objectContaining({ amount_cents: 5000 }), forfeit_bonus: true });
    // The confirmed request is another request: it carries its own Idempotency-Key.
    expect(keyOf(calls[2])).not.toBe(keyOf(calls[1]));
  });
});

describe('the withdrawal’s amount step without the bonuses feature', () => {
  it('still says that the wallet’s bonus money is forfeited and that a recall does not bring it back', async () => {
    const get = vi.fn(async (path: string): Promise<unknown> => {
      if (path.startsWith('/api/payments/methods')) return [WALLET];
      if (path.startsWith('/api/player/accounts'))
        return [{ currency: 'EUR', active: true, amount_cents: 125_00, available_to_cashout_cents: 80_00 }];
      return [];
    });
    const router = createMemoryRouter(
      [{ path: '*', element: <Cashbox mode="withdrawal" currency="EUR" onClose={() => undefined} /> }],
      { initialEntries: ['/withdraw'] },
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ApiProvider client={{ get } as unknown as ApiClient}>
          <I18nProvider i18n={createI18n('en', { cashbox, common })}>
            <RouterProvider router={router} />
          </I18nProvider>
        </ApiProvider>
      </QueryClientProvider>,
    );
    expect(
      await screen.findByText(
        'Withdrawing cancels your bonus: its €45.00 of bonus money is forfeited, and recalling the withdrawal will not bring it back.',
      ),
    ).toBeInTheDocument();
  });
});
