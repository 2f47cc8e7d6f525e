import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import type { UserLimit } from '@croupier/shared/api/limits';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../../components/toast/toast-store';
import { createI18n } from '../../../i18n/create-i18n';
import common from '../../../i18n/locales/en/common.json';
import limitsEn from '../../../i18n/locales/en/limits.json';
import { I18nProvider } from '../../../i18n/runtime';
import type { ApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { QUERY_KEYS } from '../../../lib/query-keys';
import { anyMoneyLimitReached, LimitReachedListener } from './limit-reached-listener';

afterEach(() => {
  cleanup();
  act(() => toasts.getState().forEach((toast) => toasts.remove(toast.id)));
});

const loss = (used: number): UserLimit => ({
  id: 1,
  type: 'loss',
  period: 'day',
  status: 'active',
  accounts: [
    {
      currency: 'EUR',
      amount_cents: 500,
      current_value_amount_cents: used,
      active_until: null,
      pending_amount_cents: null,
    },
  ],
  disable_at: null,
  confirmable_at: null,
  confirm_until: null,
  ends_at: null,
  minutes: null,
  pending_minutes: null,
  created_at: '2026-11-27T10:00:00Z',
  parent_type: null,
  strategy: null,
});

const TOAST = limitsEn.reached.toast;

function mount(get: ApiClient['get']) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={{ get } as ApiClient}>
        <I18nProvider i18n={createI18n('en', { common, limits: limitsEn })}>
          <MemoryRouter>
            <LimitReachedListener enabled />
          </MemoryRouter>
        </I18nProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('the reached-limit warning', () => {
  it('counts a money limit with nothing left as reached, and a break or a session limit as not (they sign out instead)', () => {
    expect(anyMoneyLimitReached([loss(499)])).toBe(false);
    expect(anyMoneyLimitReached([loss(500)])).toBe(true);
    expect(anyMoneyLimitReached([{ ...loss(0), type: 'session', accounts: [], minutes: 30 }])).toBe(false);
    expect(anyMoneyLimitReached(undefined)).toBe(false);
  });

  it('stays until the limit starts again, links to the limits page, and is shown once', async () => {
    const get = vi.fn().mockResolvedValue([loss(500)]);
    const queryClient = mount(get as unknown as ApiClient['get']);
    await waitFor(() => expect(toasts.getState().map((t) => t.text)).toEqual([TOAST]));
    expect(toasts.getState()[0]).toMatchObject({ type: 'warning', time: 0, url: '/users/limits' });
    // A fresh list that is still reached (a push) does not stack a second warning.
    act(() => {
      queryClient.setQueryData(QUERY_KEYS.limits, [loss(600)]);
    });
    expect(toasts.getState()).toHaveLength(1);
    // The window starts again: the warning goes.
    act(() => {
      queryClient.setQueryData(QUERY_KEYS.limits, [loss(0)]);
    });
    await waitFor(() => expect(toasts.getState()).toEqual([]));
  });

  it('shows nothing while no limit is reached', async () => {
    const get = vi.fn().mockResolvedValue([loss(100)]);
    mount(get as unknown as ApiClient['get']);
    await waitFor(() => expect(get).toHaveBeenCalled());
    expect(toasts.getState()).toEqual([]);
  });
});
