import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@croupier/shared/money';
import { createI18n } from '../../../i18n/create-i18n';
import cashbox from '../../../i18n/locales/en/cashbox.json';
import common from '../../../i18n/locales/en/common.json';
import { I18nProvider } from '../../../i18n/runtime';
import type { ApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { PAYMENTS_KEY, type CryptoAddress, type Payment, type PaymentMethod } from '../api/payments';
import { Cashbox } from './cashbox';
import { onrampUrl, WIDGET_FIATS, widgetFiat } from './crypto-deposit';

const CARD: PaymentMethod = {
  id: 'sandbox_card',
  type: 'cards',
  brand: 'visa',
  provider: 'sandbox',
  currency: 'EUR',
  fields: [{ name: 'card_number', type: 'card_number', required: true }],
  savedProfiles: [],
  termsOfService: { restrictions: { minAmountValue: 10, maxAmountValue: 5000, amountCurrencyCode: 'EUR' } },
};

const cryptoMethod = (coin: string, action: 'deposit' | 'withdrawal'): PaymentMethod => ({
  id: `sandbox_crypto_${coin.toLowerCase()}`,
  type: 'crypto',
  brand: coin.toLowerCase(),
  provider: 'sandbox',
  currency: coin,
  fields: action === 'deposit' ? [] : [{ name: 'address', type: 'crypto_address', required: true }],
  savedProfiles: [],
  termsOfService: { restrictions: { minAmountValue: 0.0001, maxAmountValue: 1, amountCurrencyCode: coin } },
});

const ADDRESS = 'tb1qsandboxaddress000000000000000';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The calls that ask for money or addresses, without the operator's logs and the risk payload. */
const paymentCalls = (post: { mock: { calls: unknown[][] } }) =>
  post.mock.calls.filter(([path]) => path !== '/log-payments-dep' && path !== '/api/users/transaction');

interface Server {
  wallets: string[];
  addresses: CryptoAddress[];
  payments: Payment[];
}

function setup(
  opts: { currency?: string; mode?: 'deposit' | 'withdrawal'; wallets?: string[]; addresses?: CryptoAddress[] } = {},
) {
  const server: Server = { wallets: opts.wallets ?? ['EUR'], addresses: opts.addresses ?? [], payments: [] };
  const get = vi.fn(async (path: string): Promise<unknown> => {
    const url = new URL(path, 'http://x');
    if (url.pathname === '/api/payments/methods') {
      const currency = url.searchParams.get('currency')!;
      const action = url.searchParams.get('action') as 'deposit' | 'withdrawal';
      return currency === 'EUR' ? [CARD] : [cryptoMethod(currency, action)];
    }
    if (url.pathname === '/api/payments/crypto/addresses') return server.addresses;
    if (url.pathname === '/api/player/payments') return server.payments;
    if (url.pathname === '/api/player')
      return { id: 1, email: 'p@example.com', currency: opts.currency ?? 'EUR', saved: true };
    if (url.pathname === '/api/player/accounts')
      return server.wallets.map((currency) => ({ currency, amount_cents: 0 }));
    if (url.pathname === '/api/info/crypto_exchange_rates') {
      return { BTC: { EUR: { exchange_rate: 60000, fee: 0.01, total_exchange_rate: 59400 } } };
    }
    if (url.pathname === '/api/payments/crypto/onramp') {
      return [
        {
          provider: 'sandbox',
          brand: 'card',
          fee: 4.5,
          processing_time: '10',
          verification: 900,
          paymentMethods: ['visa', 'mastercard'],
        },
      ];
    }
    return [];
  });
  const post = vi.fn(async (path: string, body: unknown): Promise<unknown> => {
    const { currency } = body as { currency: string };
    if (path === '/api/player/accounts') {
      server.wallets.push(currency);
      return { currency, amount_cents: 0 };
    }
    if (path === '/api/payments/crypto/addresses') {
      const created = { currency, address: ADDRESS };
      server.addresses.push(created);
      return created;
    }
    return { payment: { id: 1, amount_cents: 0, currency, action: 'cashout', state: 'pending' } };
  });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <Cashbox mode={opts.mode ?? 'deposit'} currency={opts.currency ?? 'EUR'} onClose={() => undefined} />,
      },
    ],
    { initialEntries: ['/deposit'] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={{ get, post } as unknown as ApiClient}>
        <I18nProvider i18n={createI18n('en', { cashbox, common })}>
          <RouterProvider router={router} />
        </I18nProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { get, post, server, queryClient };
}

async function toMethods() {
  fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
  return screen.findByRole('tab', { name: 'Crypto' });
}

describe('crypto deposit', () => {
  it('opens the currency select on the crypto tab without addresses and shows the new address', async () => {
    const { post } = setup();
    const tab = await toMethods();
    // Let the addresses load first, as a player would.
    await waitFor(() => expect(screen.queryByText('Loading…')).not.toBeInTheDocument());
    fireEvent.click(tab);
    const dialog = await screen.findByRole('dialog', { name: 'Choose a coin' });
    const coins = within(dialog)
      .getAllByRole('button')
      .map((b) => b.querySelector('.cashbox__method-name')?.textContent)
      .filter(Boolean);
    expect(coins).toEqual(['BTC', 'BCH', 'ETH', 'LTC', 'DOG', 'USDT']);
    fireEvent.click(within(dialog).getByRole('button', { name: /BTC/ }));
    expect(await screen.findByText(ADDRESS)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // One call: the server opens the BTC wallet itself, without switching the player's currency.
    expect(paymentCalls(post)).toHaveLength(1);
    expect(post).toHaveBeenCalledWith('/api/payments/crypto/addresses', { currency: 'BTC' });
    expect(screen.getByText('Your BTC deposit address')).toBeInTheDocument();
  });

  it('opens the select even when the tab is clicked while the addresses still load', async () => {
    setup();
    const tab = await toMethods();
    fireEvent.click(tab);
    expect(await screen.findByRole('dialog', { name: 'Choose a coin' })).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose a coin' })).toBeInTheDocument();
  });

  it('reaches the coin choice by keyboard and creates the address of the coin chosen', async () => {
    const { post } = setup({ wallets: ['EUR', 'ETH'] });
    await toMethods();
    // The keyboard reaches the tab without a click: the tab shows the way to the select instead.
    fireEvent.keyDown(screen.getByRole('tab', { name: 'All' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Crypto' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(await screen.findByRole('button', { name: 'Choose a coin' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose a coin' });
    fireEvent.click(within(dialog).getByRole('button', { name: /ETH/ }));
    await screen.findByText(ADDRESS);
    expect(paymentCalls(post)).toHaveLength(1);
    expect(post).toHaveBeenCalledWith('/api/payments/crypto/addresses', { currency: 'ETH' });
  });

  it('shows the address with copy, the minimum, the rate and the card-to-crypto widget on demand', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { get } = setup({ wallets: ['EUR', 'BTC'], addresses: [{ currency: 'BTC', address: ADDRESS }] });
    fireEvent.click(await toMethods());
    expect(await screen.findByText(ADDRESS)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Copy the BTC address' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(ADDRESS));
    expect(await screen.findByText('Copied')).toBeInTheDocument();

    // 0.0001 BTC from the method's restrictions, in the display unit of docs/player-app.md#currencies.
    expect(await screen.findByText(formatMoney(10_000, 'BTC', 'en'))).toBeInTheDocument();
    expect(await screen.findByText('1 BTC ≈ €60,000.00')).toBeInTheDocument();

    expect(screen.queryByTitle('Buy BTC with a card')).not.toBeInTheDocument();
    expect(get).not.toHaveBeenCalledWith('/api/payments/crypto/onramp', expect.anything());
    fireEvent.click(screen.getByRole('button', { name: 'Buy with card' }));
    const frame = screen.getByTitle('Buy BTC with a card');
    expect(frame.tagName).toBe('IFRAME');
    const src = new URL(frame.getAttribute('src')!, 'http://casino.test');
    expect(src.pathname).toBe('/sandbox-onramp');
    expect(Object.fromEntries(src.searchParams)).toEqual({
      widget: window.location.host,
      lang: 'en',
      coin: 'BTC',
      fiat: 'EUR',
      cryptos: 'BTC',
      fiats: WIDGET_FIATS.join(','),
      addresses: JSON.stringify({ BTC: ADDRESS }),
    });
    expect(await screen.findByText('Fee 4.5 % · about 10 minutes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add another coin' })).toBeInTheDocument();
  });

  it('follows coins on their way to the address: confirmations as blocks arrive, then credited', async () => {
    const { server, queryClient, post } = setup({
      wallets: ['EUR', 'BTC'],
      addresses: [{ currency: 'BTC', address: ADDRESS }],
    });
    const incoming: Payment = {
      id: 7,
      amount_cents: 2_500_000,
      amount: '0.025',
      currency: 'BTC',
      action: 'deposit',
      state: 'pending',
      success: false,
      recallable: false,
      payment_system: 'sandbox_crypto_btc',
      system_name: 'bitcoin',
      brand: 'bitcoin',
      account: ADDRESS,
      created_at: '2026-11-22T12:00:00Z',
      finished_at: null,
      cancellation_reason: null,
      confirmations: 1,
      confirmations_required: 3,
    };
    // Another coin's deposit and an old, already credited one are not this card's news.
    server.payments = [
      incoming,
      { ...incoming, id: 6, currency: 'ETH', account: '0xother' },
      { ...incoming, id: 5, state: 'succeeded', success: true, confirmations: 3 },
    ];
    fireEvent.click(await toMethods());
    const region = await screen.findByRole('region', { name: 'Incoming' });
    expect(within(region).getByText('1 of 3 confirmations')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Play with BTC' })).not.toBeInTheDocument();
    expect(within(region).getByText(formatMoney(2_500_000, 'BTC', 'en'))).toBeInTheDocument();
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);

    server.payments = [{ ...incoming, confirmations: 2 }, ...server.payments.slice(1)];
    await queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
    expect(await within(region).findByText('2 of 3 confirmations')).toBeInTheDocument();
    server.payments = [
      { ...incoming, state: 'succeeded', success: true, confirmations: 3 },
      ...server.payments.slice(1),
    ];
    await queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
    expect(await within(region).findByText('Credited')).toBeInTheDocument();
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
    // The coins are in the BTC wallet; the player may play with it from here.
    fireEvent.click(within(region).getByRole('button', { name: 'Play with BTC' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/player/accounts', { currency: 'BTC' }));
  });

  it('picks the widget fiat and builds the widget address', () => {
    expect(widgetFiat('NOK')).toBe('NOK');
    expect(widgetFiat('BTC')).toBe('EUR');
    const url = onrampUrl({
      widgetId: 'casino.test',
      lang: 'de',
      coin: 'ETH',
      fiat: 'USD',
      fiats: ['USD', 'EUR'],
      addresses: [
        { currency: 'BTC', address: 'tb1q' },
        { currency: 'ETH', address: '0xa b' },
      ],
    });
    expect(url).toBe(
      `/sandbox-onramp?widget=casino.test&lang=de&coin=ETH&fiat=USD&cryptos=BTC%2CETH&fiats=USD%2CEUR&addresses=${encodeURIComponent('{"BTC":"tb1q","ETH":"0xa b"}').replace(/%20/g, '+')}`,
    );
  });
});

describe('crypto withdrawal', () => {
  it('withdraws from a crypto wallet through the steps with the address as a text field', async () => {
    const { post } = setup({ currency: 'BTC', mode: 'withdrawal', wallets: ['BTC'] });
    const amount = await screen.findByLabelText(/Withdrawal amount/);
    expect(amount).toHaveValue('0.0001');
    fireEvent.change(amount, { target: { value: '0.005' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('tab', { name: 'Crypto' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('button', { name: /Btc/ }));
    fireEvent.change(await screen.findByLabelText('Wallet address'), { target: { value: 'tb1qexternal' } });
    fireEvent.click(screen.getByRole('button', { name: /^Withdraw / }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/api/payments/withdrawals',
        {
          payment: {
            currency: 'BTC',
            amount_cents: 500_000,
            method_id: 'sandbox_crypto_btc',
            fields: { address: 'tb1qexternal' },
          },
        },
        { headers: { 'idempotency-key': expect.any(String) } },
      ),
    );
  });

  it('tells a fiat player where crypto payouts come from', async () => {
    setup({ mode: 'withdrawal' });
    fireEvent.click(await toMethods());
    expect(screen.getByText(/Crypto payouts are made from a crypto wallet/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
