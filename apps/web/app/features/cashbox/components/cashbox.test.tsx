import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/create-i18n';
import cashbox from '../../../i18n/locales/en/cashbox.json';
import common from '../../../i18n/locales/en/common.json';
import { I18nProvider } from '../../../i18n/runtime';
import { ApiError, NetworkError, type ApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import type { Payment, PaymentMethod } from '../api/payments';
import { testPlayer } from '../../../testing/player';
import { Cashbox, type CashboxMode } from './cashbox';
import { HISTORY_PAGE_SIZE, nextHistoryPage, PaymentsHistory } from './payments-history';

const CARD_FIELDS: PaymentMethod['fields'] = [
  { name: 'card_number', type: 'card_number', required: true },
  { name: 'expiry_date', type: 'expiry_date', required: true },
  { name: 'cvv', type: 'cvv', required: true },
];

const method = (
  id: string,
  brand: string,
  min: number,
  max: number,
  extra: Partial<PaymentMethod> = {},
): PaymentMethod => ({
  id,
  type: 'cards',
  brand,
  provider: 'sandbox',
  currency: 'EUR',
  fields: CARD_FIELDS,
  savedProfiles: [],
  termsOfService: { restrictions: { minAmountValue: min, maxAmountValue: max, amountCurrencyCode: 'EUR' } },
  ...extra,
});

const METHODS = [
  method('sandbox_card', 'visa', 10, 5000),
  method('sandbox_wallet', 'sandpay', 5, 2000, {
    type: 'direct',
    fields: [{ name: 'email', type: 'email', required: true }],
  }),
];

const payment = (over: Partial<Payment> = {}): Payment => ({
  id: 7,
  amount_cents: 5000,
  amount: '50.00',
  currency: 'EUR',
  action: 'deposit',
  state: 'succeeded',
  success: true,
  recallable: false,
  payment_system: 'sandbox_card',
  system_name: 'visa',
  brand: 'visa',
  account: '424242••••4242',
  created_at: '2026-11-24T10:00:00Z',
  finished_at: '2026-11-24T10:00:01Z',
  cancellation_reason: null,
  confirmations: null,
  confirmations_required: null,
  ...over,
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The calls that ask for money or addresses, without the operator's logs and the risk payload. */
/** Every deposit and withdrawal carries an Idempotency-Key (decision 016). */
const WITH_KEY = { headers: { 'idempotency-key': expect.any(String) } };
const keyOf = (call: unknown[] | undefined) =>
  (call?.[2] as { headers: Record<string, string> }).headers['idempotency-key'];

const paymentCalls = (post: { mock: { calls: unknown[][] } }) =>
  post.mock.calls.filter(([path]) => path !== '/log-payments-dep' && path !== '/api/users/transaction');

function renderWith(ui: React.ReactNode, api: Partial<ApiClient>) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/deposit'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiProvider client={api as ApiClient}>
        <I18nProvider i18n={createI18n('en', { cashbox, common })}>
          <RouterProvider router={router} />
        </I18nProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
}

/** The server's payment plan for a query (GET /api/payments/plan), as the sandbox answers it. */
function planFor(path: string, cashCents: number) {
  const q = new URLSearchParams(path.split('?')[1]);
  const cashout = q.get('action') === 'withdrawal';
  return {
    plan: {
      method_id: q.get('method_id'),
      action: cashout ? 'cashout' : 'deposit',
      currency: q.get('currency'),
      amount_cents: Number(q.get('amount_cents')),
      arrives_in_seconds: cashout ? 60 : 0,
      recallable_for_seconds: cashout ? 60 : 0,
      may_redirect: !cashout && q.get('method_id') === 'sandbox_card',
      confirmations: null,
      saved_profile_required: cashout && q.get('method_id') === 'sandbox_card',
      available_cents: cashout ? cashCents : null,
    },
  };
}

function setup(
  mode: CashboxMode = 'deposit',
  opts: {
    methods?: PaymentMethod[];
    post?: ApiClient['post'];
    cashCents?: number;
    plan?: (path: string) => Promise<unknown>;
  } = {},
) {
  const cash = opts.cashCents ?? 100_00;
  const get = vi.fn(async (path: string): Promise<unknown> => {
    if (path.startsWith('/api/payments/methods')) return opts.methods ?? METHODS;
    if (path.startsWith('/api/payments/plan')) return opts.plan ? opts.plan(path) : planFor(path, cash);
    if (path === '/api/player') return testPlayer();
    if (path.startsWith('/api/player/accounts')) {
      return [{ currency: 'EUR', active: true, amount_cents: cash + 25_00, available_to_cashout_cents: cash }];
    }
    return [];
  });
  const post = vi.fn(opts.post ?? (async () => ({ payment: payment(), redirect_url: null })));
  const onClose = vi.fn();
  renderWith(<Cashbox mode={mode} currency="EUR" onClose={onClose} />, { get, post } as unknown as ApiClient);
  return { get, post, onClose };
}

const step = () => screen.getByRole('progressbar');

async function toDetails(brand = /visa/i) {
  fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
  fireEvent.click(await screen.findByRole('button', { name: brand }));
  await screen.findByLabelText('Card number');
}

function fillCard(number = '4242424242424242') {
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry date (MM/YY)'), { target: { value: '1239' } });
  fireEvent.change(screen.getByLabelText('CVV'), { target: { value: '123' } });
}

describe('cashbox steps', () => {
  it('starts at 50 with the fallback limits and walks forward and back between steps 1 and 3', async () => {
    const { get, onClose } = setup();
    const amount = await screen.findByLabelText(/Deposit amount/);
    expect(get).toHaveBeenCalledWith('/api/payments/methods?currency=EUR&action=deposit', expect.anything());
    expect(amount).toHaveValue('50');
    // Lowest min (5) and highest max (5000) across the methods.
    expect(screen.getByText('From €5.00 to €5,000.00')).toBeInTheDocument();
    expect(step()).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(step()).toHaveAttribute('aria-valuenow', '2');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('tab', { name: 'Crypto' }));
    // No crypto address yet: the currency select opens (docs/player-app.md#cashbox-flow); cancelling leaves the tab.
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByText(/You have no crypto deposit address yet/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    fireEvent.click(screen.getByRole('button', { name: /visa/i }));
    expect(step()).toHaveAttribute('aria-valuenow', '3');

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(step()).toHaveAttribute('aria-valuenow', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(step()).toHaveAttribute('aria-valuenow', '1');
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(step()).toHaveAttribute('aria-valuenow', '1');
  });

  it('uses 0 limits without methods and refuses amounts out of range', async () => {
    setup('deposit', { methods: [] });
    expect(await screen.findByText('From €0.00')).toBeInTheDocument();
    cleanup();
    setup();
    const amount = await screen.findByLabelText(/Deposit amount/);
    fireEvent.change(amount, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('The minimum amount is €5.00.')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(step()).toHaveAttribute('aria-valuenow', '1');
  });

  it('disables a method whose own limits exclude the amount', async () => {
    setup();
    fireEvent.change(await screen.findByLabelText(/Deposit amount/), { target: { value: '3000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('button', { name: /sandpay/i })).toBeDisabled();
    // The reason, as money of the wallet's currency in the page's format.
    expect(within(screen.getByRole('button', { name: /sandpay/i })).getByText('Limits €5.00–€2,000.00')).toBeVisible();
    expect(screen.getByRole('button', { name: /visa/i })).toBeEnabled();
  });

  it('opens the dashboard first and goes back to it from step 1', async () => {
    setup('dashboard');
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByLabelText(/Withdrawal amount/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Deposit' })).toBeInTheDocument();
  });
});

describe('payment details', () => {
  it('types the expiry as MM/YY, sends it with the card, and disables the button while submitting', async () => {
    let resolve!: (v: unknown) => void;
    const { post } = setup('deposit', {
      post: (() => new Promise<unknown>((r) => (resolve = r))) as ApiClient['post'],
    });
    await toDetails();
    fillCard();
    expect(screen.getByLabelText('Expiry date (MM/YY)')).toHaveValue('12/39');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    const submit = screen.getByRole('button', { name: 'Deposit €50.00' });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Processing…' })).toBeDisabled());
    expect(post).toHaveBeenCalledWith(
      '/api/payments/deposits',
      {
        payment: {
          currency: 'EUR',
          amount_cents: 5000,
          method_id: 'sandbox_card',
          fields: { card_number: '4242424242424242', expiry_date: '12/39', cvv: '123' },
        },
      },
      WITH_KEY,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Processing…' }));
    expect(paymentCalls(post)).toHaveLength(1);
    await act(async () => resolve({ payment: payment(), redirect_url: null }));
    expect(await screen.findByText('Deposit successful')).toBeInTheDocument();
  });

  it('sends one Idempotency-Key per submission: the same on a retry after no answer, a new one after an answer', async () => {
    let answer: () => Promise<unknown> = async () => {
      throw new NetworkError('Network Error', true);
    };
    const { post } = setup('deposit', { post: (async () => answer()) as ApiClient['post'] });
    await toDetails();
    fillCard();
    const deposit = () => fireEvent.click(screen.getByRole('button', { name: 'Deposit €50.00' }));
    deposit();
    await screen.findByRole('alert');
    deposit();
    await waitFor(() => expect(paymentCalls(post)).toHaveLength(2));
    const calls = () => post.mock.calls.filter((c) => String(c[0]).startsWith('/api/payments/'));
    // No answer came: the retry is the same submission and may be a replay of it.
    expect(keyOf(calls()[1])).toBe(keyOf(calls()[0]));
    answer = async () => {
      throw new ApiError(422, { code: 'payment_declined', error: 'Declined' }, '/api/payments/deposits');
    };
    await screen.findByRole('alert');
    deposit();
    await waitFor(() => expect(paymentCalls(post)).toHaveLength(3));
    expect(keyOf(calls()[2])).toBe(keyOf(calls()[0]));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Declined'));
    // A definite answer ends the submission: pressing again is a new one.
    answer = async () => ({ payment: payment(), redirect_url: null });
    deposit();
    await waitFor(() => expect(paymentCalls(post)).toHaveLength(4));
    expect(keyOf(calls()[3])).not.toBe(keyOf(calls()[0]));
    expect(keyOf(calls()[3])).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(await screen.findByText('Deposit successful')).toBeInTheDocument();
  });

  it('checks the fields before sending', async () => {
    const { post } = setup();
    await toDetails();
    fireEvent.change(screen.getByLabelText('Expiry date (MM/YY)'), { target: { value: '0120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Deposit €50.00' }));
    expect(
      screen.getByText('This field is required.', {
        selector: '#' + screen.getByLabelText('Card number').id + '-error',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('Enter a future date as MM/YY.')).toBeInTheDocument();
    expect(paymentCalls(post)).toHaveLength(0);
  });

  it('shows the returned error text inline and field errors under their fields', async () => {
    setup('deposit', {
      post: (async () => {
        throw new ApiError(
          422,
          {
            code: 'payment_declined',
            error: 'CVV must be 3 or 4 digits',
            errors: { cvv: ['CVV must be 3 or 4 digits'] },
          },
          '/api/payments/deposits',
        );
      }) as ApiClient['post'],
    });
    await toDetails();
    fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Deposit €50.00' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('CVV must be 3 or 4 digits');
    expect(screen.getByLabelText('CVV')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Deposit €50.00' })).toBeEnabled();
  });

  it('turns a thrown error into a message in the inline notification', async () => {
    setup('deposit', {
      post: (async () => {
        throw new Error('Payment library crashed');
      }) as ApiClient['post'],
    });
    await toDetails();
    fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Deposit €50.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment library crashed');
  });

  it('waits for the bank after a 3-D Secure redirect and settles from the history', async () => {
    const bank = { close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(bank as unknown as Window);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const pending = payment({ state: 'pending', success: false, finished_at: null });
      const { get } = setup('deposit', {
        post: (async () => ({ payment: pending, redirect_url: 'https://bank.test/3ds/7' })) as ApiClient['post'],
      });
      await toDetails();
      fillCard('4000000000003220');
      fireEvent.click(screen.getByRole('button', { name: 'Deposit €50.00' }));
      expect(await screen.findByText('Waiting for your bank…')).toBeInTheDocument();
      expect(open).toHaveBeenCalledWith('https://bank.test/3ds/7', '_blank');
      expect(screen.getByText(/Confirm the payment in the window of your bank/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Open the bank page' })).toHaveAttribute(
        'href',
        'https://bank.test/3ds/7',
      );
      expect(bank.close).not.toHaveBeenCalled();
      get.mockImplementation(async (path: string) =>
        path === '/api/player/payments'
          ? [payment({ state: 'declined', success: false, cancellation_reason: 'Not approved' })]
          : METHODS,
      );
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5000);
      });
      expect(await screen.findByText('Payment unsuccessful')).toBeInTheDocument();
      expect(screen.getByText('Not approved')).toBeInTheDocument();
      // The bank's window has done its part: the result is shown here, and the window is closed.
      expect(bank.close).toHaveBeenCalledTimes(1);
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(step()).toHaveAttribute('aria-valuenow', '1');
    } finally {
      vi.useRealTimers();
    }
  });

  it('deposits in one click with the first saved profile', async () => {
    const methods = [
      method('sandbox_card', 'visa', 10, 5000, {
        savedProfiles: [{ id: 3, title: '424242••••4242', isRemoveAvailable: true }],
      }),
    ];
    const { post } = setup('fast', { methods });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Pay with 424242••••4242')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Deposit €50.00' }));
    await screen.findByText('Deposit successful');
    expect(post).toHaveBeenCalledWith(
      '/api/payments/deposits',
      { payment: { currency: 'EUR', amount_cents: 5000, method_id: 'sandbox_card', fields: {}, profile_id: 3 } },
      WITH_KEY,
    );
  });
});

describe('payment plan and the cash available', () => {
  it('tells on step 3 when a card deposit arrives and that the bank may ask', async () => {
    const { get } = setup();
    await toDetails();
    const plan = await screen.findByRole('list', { name: 'What happens next' });
    expect(
      within(plan).getByText('The money is in your balance as soon as the payment goes through.'),
    ).toBeInTheDocument();
    expect(within(plan).getByText('Your bank may ask you to confirm the payment.')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(
      '/api/payments/plan?currency=EUR&action=deposit&method_id=sandbox_card&amount_cents=5000',
      expect.anything(),
    );
  });

  it('shows the cash that can be withdrawn, refuses more, offers it all, then tells when the payout goes', async () => {
    setup('withdrawal', {
      cashCents: 80_00,
      methods: [
        method('sandbox_wallet', 'sandpay', 5, 2000, {
          type: 'direct',
          fields: [{ name: 'email', type: 'email', required: true }],
        }),
      ],
    });
    const amount = await screen.findByLabelText(/Withdrawal amount/);
    expect(await screen.findByText(/Available to withdraw: €80.00/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '€100.00' })).not.toBeInTheDocument();
    fireEvent.change(amount, { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('You can withdraw up to €80.00.')).toBeInTheDocument();
    expect(step()).toHaveAttribute('aria-valuenow', '1');

    fireEvent.click(screen.getByRole('button', { name: 'All (€80.00)' }));
    expect(amount).toHaveValue('80');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: /sandpay/i }));
    const plan = await screen.findByRole('list', { name: 'What happens next' });
    expect(within(plan).getByText('The payout is sent in about 1 minute.')).toBeInTheDocument();
    expect(within(plan).getByText('Until then you can cancel it in your payment history.')).toBeInTheDocument();
  });

  it('a withdrawal that needs a verified account says so and links to the verification page', async () => {
    setup('withdrawal', {
      cashCents: 80_00,
      methods: [
        method('sandbox_wallet', 'sandpay', 5, 2000, {
          type: 'direct',
          fields: [{ name: 'email', type: 'email', required: true }],
        }),
      ],
      post: (async () => {
        throw new ApiError(
          422,
          { code: 'verification_required', error: 'Verify your account to withdraw more than 2,000.00 EUR.' },
          '/api/payments/withdrawals',
        );
      }) as ApiClient['post'],
    });
    fireEvent.change(await screen.findByLabelText(/Withdrawal amount/), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: /sandpay/i }));
    fireEvent.change(await screen.findByLabelText(/mail/i), { target: { value: 'me@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw €50.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Verify your account to withdraw more than');
    expect(screen.getByRole('link', { name: 'Verify your account' })).toHaveAttribute('href', '/users/verification');
  });

  it('shows the server’s refusal of the plan inline before anything is sent', async () => {
    const { post } = setup('deposit', {
      plan: async () => {
        throw new ApiError(422, { code: 'amount_too_large', error: 'The maximum is 20.00 EUR' }, '/api/payments/plan');
      },
    });
    await toDetails();
    expect(await screen.findByRole('alert')).toHaveTextContent('The maximum is 20.00 EUR');
    expect(screen.queryByRole('list', { name: 'What happens next' })).not.toBeInTheDocument();
    expect(paymentCalls(post)).toHaveLength(0);
  });
});

describe('risk payload and the operator log (docs/player-app.md#risk-payload, #cashbox-calls)', () => {
  it('logs the deposit methods shown once, and sends the risk payload of a payment without the card number', async () => {
    const { post } = setup();
    await toDetails();
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/log-payments-dep', {
        depositMethods: [
          { id: 'sandbox_card', brand: 'visa', provider: 'sandbox', type: 'cards' },
          { id: 'sandbox_wallet', brand: 'sandpay', provider: 'sandbox', type: 'direct' },
        ],
        userInfo: { id: 1, currency: 'EUR', country: 'DE' },
      }),
    );
    fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Deposit €50.00' }));
    expect(await screen.findByText('Deposit successful')).toBeInTheDocument();
    const risk = post.mock.calls.find(([path]) => path === '/api/users/transaction')?.[1] as Record<string, unknown>;
    expect(risk).toMatchObject({
      merchant_user_id: '1',
      email: 'p@example.com',
      firstname: 'Erika',
      card_bin: '424242',
      card_last_4: '4242',
      card_expiration_month: '12',
      card_expiration_year: '39',
      transaction_id: '7',
      transaction_currency: 'EUR',
      transaction_amount: 50,
      payment_system: 'sandbox_card',
      type: 'transaction',
    });
    expect(JSON.stringify(risk)).not.toContain('4242424242424242');
    expect(post.mock.calls.filter(([path]) => path === '/log-payments-dep')).toHaveLength(1);
  });
});

describe('saved profiles', () => {
  const saved = [
    { id: 3, title: '424242••••4242', isRemoveAvailable: true },
    { id: 4, title: '555555••••4444', isRemoveAvailable: true },
  ];

  async function toDetails(del: () => Promise<unknown>) {
    const methods = [method('sandbox_card', 'visa', 10, 5000, { savedProfiles: saved })];
    const get = vi.fn(async (path: string): Promise<unknown> =>
      path.startsWith('/api/payments/methods') ? methods : [],
    );
    const post = vi.fn(async () => ({ payment: payment(), redirect_url: null }));
    const remove = vi.fn(del);
    renderWith(<Cashbox mode="deposit" currency="EUR" onClose={() => undefined} />, {
      get,
      post,
      delete: remove,
    } as unknown as ApiClient);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: /Visa/ }));
    await screen.findByRole('radio', { name: '424242••••4242' });
    return { post, remove };
  }

  it('removes a saved card after a confirmation; the selection moves to the next card', async () => {
    const { post, remove } = await toDetails(async () => undefined);
    expect(screen.getByRole('radio', { name: '424242••••4242' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Remove card 424242••••4242' }));
    // Nothing is removed before the player confirms; keeping it asks nothing of the server.
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove card 424242••••4242' }));
    const confirm = screen.getByRole('button', { name: 'Yes, remove' });
    expect(confirm).toHaveClass('btn--danger');
    expect(confirm).toHaveFocus();
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('radio', { name: '424242••••4242' })).not.toBeInTheDocument());
    expect(remove).toHaveBeenCalledWith('/api/payments/profiles/3');
    expect(screen.getByRole('radio', { name: '555555••••4444' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Deposit €50.00' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/api/payments/deposits',
        { payment: { currency: 'EUR', amount_cents: 5000, method_id: 'sandbox_card', fields: {}, profile_id: 4 } },
        WITH_KEY,
      ),
    );
  });

  it('keeps the card and says why when the removal fails', async () => {
    const { remove } = await toDetails(async () => {
      throw new ApiError(
        404,
        { code: 'profile_not_found', error: 'This saved payment method does not exist' },
        '/api/payments/profiles/3',
      );
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove card 424242••••4242' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText('This saved payment method does not exist')).toBeInTheDocument();
    expect(remove).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('radio', { name: '424242••••4242' })).toBeChecked();
  });
});

describe('payment history', () => {
  /** A server double for POST /api/player/payments/with_pages over `rows`, newest first. */
  function historyServer(rows: Payment[]) {
    return vi.fn(async (path: string, body: unknown): Promise<unknown> => {
      if (path !== '/api/player/payments/with_pages')
        return { payment: { ...rows[0], state: 'recalled', recallable: false } };
      const { page, page_size, filter } = body as { page: number; page_size: number; filter?: { type?: string } };
      const kind = rows.filter((r) => !filter?.type || r.action === filter.type);
      return {
        data: kind.slice((page - 1) * page_size, page * page_size),
        pagination: { page, per_page: page_size, total_count: kind.length },
      };
    });
  }

  it('lists deposits and payouts apart and recalls a pending withdrawal', async () => {
    const rows = [
      payment({
        id: 2,
        action: 'cashout',
        state: 'pending',
        recallable: true,
        amount_cents: 2000,
        payment_system: 'sandbox_ewallet',
        brand: 'sandpay',
      }),
      payment({ id: 1, payment_system: 'sandbox_card' }),
    ];
    const post = historyServer(rows);
    renderWith(<PaymentsHistory locale="en" />, { get: vi.fn(), post } as unknown as ApiClient);
    const deposits = await screen.findByRole('region', { name: 'Deposits' });
    const payouts = await screen.findByRole('region', { name: 'Withdrawals' });
    expect(await within(deposits).findByText('€50.00')).toBeInTheDocument();
    expect(within(deposits).queryByRole('button')).not.toBeInTheDocument();
    expect(deposits.querySelector('img')).toHaveAttribute('src', '/images/payments/sandbox-visa.svg');
    expect(post).toHaveBeenCalledWith(
      '/api/player/payments/with_pages',
      { page: 1, page_size: HISTORY_PAGE_SIZE, filter: { type: 'deposit' } },
      expect.anything(),
    );
    fireEvent.click(await within(payouts).findByRole('button', { name: 'Cancel the withdrawal of €20.00' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/player/payments/2/recall'));
  });

  it('sums completed deposits and payouts per currency and shows the net deposits (G7)', async () => {
    const get = vi.fn(async (path: string): Promise<unknown> =>
      path === '/api/player/stats'
        ? {
            deposits_count: 3,
            deposits_sum: { EUR: 150.5, BTC: 0.025 },
            cashouts_sum: { EUR: 20.25 },
            bets_sum: {},
            messages: { notice: '' },
          }
        : [],
    );
    renderWith(<PaymentsHistory locale="en" />, { get, post: historyServer([]) } as unknown as ApiClient);
    const totals = await screen.findByRole('region', { name: 'Your totals' });
    const eur = within(totals).getByRole('row', { name: /EUR/ });
    expect(
      within(eur)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['€150.50', '€20.25', '€130.25']);
    const btc = within(totals).getByRole('row', { name: /BTC/ });
    expect(
      within(btc)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['25,000 μBTC', '0 μBTC', '25,000 μBTC']);
  });

  it('pages through a long history with Show more, and tells a pending crypto deposit’s confirmations', async () => {
    const rows = Array.from({ length: HISTORY_PAGE_SIZE + 5 }, (_, i) =>
      payment({ id: 100 - i, amount_cents: 1000 + i }),
    );
    rows[0] = payment({
      id: 100,
      currency: 'BTC',
      amount_cents: 2_500_000,
      state: 'pending',
      success: false,
      brand: 'btc',
      payment_system: 'sandbox_crypto_btc',
      confirmations: 1,
      confirmations_required: 3,
    });
    const post = historyServer(rows);
    renderWith(<PaymentsHistory locale="en" />, { get: vi.fn(), post } as unknown as ApiClient);
    const deposits = await screen.findByRole('region', { name: 'Deposits' });
    expect(
      await within(deposits).findByText(`Showing ${HISTORY_PAGE_SIZE} of ${HISTORY_PAGE_SIZE + 5}`),
    ).toBeInTheDocument();
    expect(within(deposits).getAllByRole('listitem')).toHaveLength(HISTORY_PAGE_SIZE);
    expect(within(deposits).getByText('Pending — 1 of 3 confirmations')).toBeInTheDocument();
    expect(deposits.querySelector('img')).toHaveAttribute('src', '/images/payments/crypto-btc.svg');
    fireEvent.click(within(deposits).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(deposits).getAllByRole('listitem')).toHaveLength(HISTORY_PAGE_SIZE + 5));
    expect(
      within(deposits).getByText(`Showing ${HISTORY_PAGE_SIZE + 5} of ${HISTORY_PAGE_SIZE + 5}`),
    ).toBeInTheDocument();
    expect(within(deposits).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: 'Withdrawals' })).findByText('Nothing here yet.'),
    ).toBeInTheDocument();
  });

  it('asks for the next page only while payments are missing', () => {
    const page = (n: number, count: number, total: number) => ({
      data: Array.from({ length: count }, (_, i) => payment({ id: n * 100 + i })),
      pagination: { page: n, per_page: 2, total_count: total },
    });
    const first = page(1, 2, 3);
    expect(nextHistoryPage(first, [first])).toBe(2);
    const second = page(2, 1, 3);
    expect(nextHistoryPage(second, [first, second])).toBeUndefined();
    // A shrinking history (an empty page) stops rather than asking forever.
    const empty = page(2, 0, 5);
    expect(nextHistoryPage(empty, [first, empty])).toBeUndefined();
  });
});
