import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '../../../components/modal/dialog';
import { createI18n } from '../../../i18n/create-i18n';
import cashbox from '../../../i18n/locales/en/cashbox.json';
import common from '../../../i18n/locales/en/common.json';
import { I18nProvider } from '../../../i18n/runtime';
import type { ApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import type { PaymentMethod } from '../api/payments';
import { testPlayer } from '../../../testing/player';
import { Cashbox } from './cashbox';

const card: PaymentMethod = {
  id: 'sandbox_card',
  type: 'cards',
  brand: 'visa',
  provider: 'sandbox',
  currency: 'EUR',
  fields: [{ name: 'card_number', type: 'card_number', required: true }],
  savedProfiles: [],
  termsOfService: { restrictions: { minAmountValue: 10, maxAmountValue: 5000, amountCurrencyCode: 'EUR' } },
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the deposit dialog and the focus', () => {
  it('opens on the amount, not on the Back that would close it, and Continue hands the focus to the next step', async () => {
    // The test DOM lays nothing out: count every element as visible for the dialog's focus rules.
    vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
    const get = vi.fn(async (path: string): Promise<unknown> => {
      if (path.startsWith('/api/payments/methods')) return [card];
      if (path === '/api/player') return testPlayer();
      return [];
    });
    const ui = (
      <Dialog title="Deposit" onClose={() => undefined}>
        <Cashbox mode="deposit" currency="EUR" onClose={() => undefined} />
      </Dialog>
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ApiProvider client={{ get, post: vi.fn(async () => ({})) } as unknown as ApiClient}>
          <I18nProvider i18n={createI18n('en', { cashbox, common })}>
            <RouterProvider router={createMemoryRouter([{ path: '*', element: ui }])} />
          </I18nProvider>
        </ApiProvider>
      </QueryClientProvider>,
    );
    const amount = await screen.findByLabelText(/Deposit amount/);
    await waitFor(() => expect(amount).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Back' })).not.toHaveFocus();

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2'));
    expect(document.activeElement).not.toBe(document.body);
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Back' }));
  });
});
