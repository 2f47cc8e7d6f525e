import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../../components/toast/toast-store';
import { createI18n } from '../../../i18n/create-i18n';
import { formatDate } from '../../../i18n/format';
import common from '../../../i18n/locales/en/common.json';
import limitsEn from '../../../i18n/locales/en/limits.json';
import { I18nProvider } from '../../../i18n/runtime';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { QUERY_KEYS } from '../../../lib/query-keys';
import { testPlayer } from '../../../testing/player';
import type { UserLimit } from '../api/get-limits';
import { breakNotice } from '../lib/break-notice';
import { DATE_TIME } from '../lib/limits-logic';
import { LimitsPage } from './limits-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  breakNotice.clear();
  act(() => toasts.getState().forEach((toast) => toasts.remove(toast.id)));
});

const limit = (over: Partial<UserLimit> = {}): UserLimit => ({
  id: 7,
  type: 'loss',
  period: 'week',
  status: 'active',
  accounts: [
    {
      currency: 'EUR',
      amount_cents: 10_000,
      current_value_amount_cents: 3_050,
      active_until: '2026-12-04T18:00:00Z',
      pending_amount_cents: null,
    },
  ],
  disable_at: null,
  confirmable_at: null,
  confirm_until: null,
  ends_at: null,
  minutes: null,
  pending_minutes: null,
  created_at: '2026-11-20T18:00:00Z',
  parent_type: null,
  strategy: null,
  ...over,
});

function renderPage(api: Partial<ApiClient>, currencies: string[] = ['EUR']) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(QUERY_KEYS.player, testPlayer());
  const ui: ReactNode = (
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={api as ApiClient}>
        <I18nProvider i18n={createI18n('en', { common, limits: limitsEn })}>
          <LimitsPage currencies={currencies} locale="en" />
        </I18nProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
  const router = createMemoryRouter(
    [
      { path: '/users/limits', element: ui },
      { path: '/', element: <p>Home page</p> },
    ],
    { initialEntries: ['/users/limits'] },
  );
  render(<RouterProvider router={router} />);
  return { queryClient, router };
}

const card = (name: string) => screen.getByRole('region', { name });
const when = (iso: string) => formatDate(iso, 'en', DATE_TIME);

describe('the limits page', () => {
  it('lists a money limit with its amount, what the window used, what is left and when it starts again', async () => {
    const get = vi.fn().mockResolvedValue([limit()]);
    renderPage({ get });
    const loss = within(await screen.findByRole('region', { name: 'Loss limit' }));
    expect(get).toHaveBeenCalledWith('/api/user_limits', expect.anything());
    const item = within(loss.getByRole('listitem'));
    expect(item.getByRole('heading', { name: 'Per week' })).toBeTruthy();
    expect(item.getByText('€100.00')).toBeTruthy();
    expect(item.getByText('€30.50')).toBeTruthy();
    expect(item.getByText('€69.50')).toBeTruthy();
    expect(item.getByText(when('2026-12-04T18:00:00Z'))).toBeTruthy();
    expect(item.getByRole('progressbar', { name: '€30.50 used of €100.00' })).toBeTruthy();
    // Every card carries the rule; the other money cards and the session card are empty.
    expect(within(card('Wager limit')).getByText('You have no limit of this kind.')).toBeTruthy();
    expect(within(card('Loss limit')).getByText(/A lower limit applies at once/)).toBeTruthy();
    const session = within(card('Session time limit'));
    expect(session.getByText('You have no limit of this kind.')).toBeTruthy();
    expect(session.getByRole('button', { name: 'Set limit' })).toBeTruthy();
  });

  it('shows a session limit with when this session reaches it, and sends whole minutes; a raise is parked', async () => {
    const session = limit({
      id: 11,
      type: 'session',
      period: 'day',
      accounts: [],
      minutes: 60,
      ends_at: '2026-11-27T15:00:00Z',
    });
    const get = vi.fn().mockResolvedValue([session]);
    const post = vi.fn().mockResolvedValue({
      ...session,
      status: 'unconfirmed',
      pending_minutes: 90,
      confirmable_at: '2026-11-28T14:00:00Z',
    });
    renderPage({ get, post });
    const box = within(await screen.findByRole('region', { name: 'Session time limit' }));
    expect(box.getByRole('heading', { name: '60 minutes per session' })).toBeTruthy();
    expect(box.getByText(`This session reaches it at ${when('2026-11-27T15:00:00Z')}.`)).toBeTruthy();
    fireEvent.change(box.getByLabelText('Minutes per session'), { target: { value: '2' } });
    fireEvent.click(box.getByRole('button', { name: 'Change limit' }));
    expect(await box.findByText('Enter whole minutes from 5 to 1440.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(box.getByLabelText('Minutes per session'), { target: { value: '90' } });
    fireEvent.click(box.getByRole('button', { name: 'Change limit' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/user_limits', { id: 11, type: 'session', period: 'day', minutes: 90 }),
    );
    expect(
      await box.findByText(
        `The longer session is waiting. We e-mailed you a link: you can confirm it from ${when('2026-11-28T14:00:00Z')}. Until then the current limit applies.`,
      ),
    ).toBeTruthy();
  });

  it('shows a parked raise with the new amount and from when it can be confirmed, and a parked removal', async () => {
    const get = vi.fn().mockResolvedValue([
      limit({
        status: 'unconfirmed',
        confirmable_at: '2026-11-28T12:00:00Z',
        accounts: [{ ...limit().accounts[0]!, pending_amount_cents: 25_000 }],
      }),
      limit({
        id: 8,
        type: 'deposit',
        period: 'month',
        status: 'unconfirmed_disable',
        confirmable_at: '2026-11-28T13:00:00Z',
      }),
    ]);
    renderPage({ get });
    const loss = within(await screen.findByRole('region', { name: 'Loss limit' }));
    expect(loss.getByText('Raise waiting')).toBeTruthy();
    expect(
      loss.getByText(
        `Raise to €250.00 waiting: you can confirm it from ${when('2026-11-28T12:00:00Z')} with the link we e-mailed you. Until then the current limit applies.`,
      ),
    ).toBeTruthy();
    // The amount in force is still the old one.
    expect(loss.getByText('€100.00')).toBeTruthy();
    const deposit = within(card('Deposit limit'));
    expect(
      deposit.getByText(new RegExp(`Removal waiting: you can confirm it from ${when('2026-11-28T13:00:00Z')}`)),
    ).toBeTruthy();
    expect(deposit.queryByRole('button', { name: 'Remove limit' })).toBeNull();
  });

  it('sends a typed raise in minor units with the limit’s id and says it is parked', async () => {
    const get = vi.fn().mockResolvedValue([limit()]);
    const parked = limit({
      status: 'unconfirmed',
      confirmable_at: '2026-11-28T12:00:00Z',
      accounts: [{ ...limit().accounts[0]!, pending_amount_cents: 12_550 }],
    });
    const post = vi.fn().mockResolvedValue(parked);
    renderPage({ get, post });
    const loss = within(await screen.findByRole('region', { name: 'Loss limit' }));
    fireEvent.change(loss.getByLabelText('Period'), { target: { value: 'week' } });
    fireEvent.change(loss.getByLabelText('Amount (EUR)'), { target: { value: '125,5' } });
    fireEvent.click(loss.getByRole('button', { name: 'Change limit' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/user_limits', {
        id: 7,
        type: 'loss',
        period: 'week',
        accounts: [{ currency: 'EUR', amount_cents: 12_550 }],
      }),
    );
    expect(
      await loss.findByText(
        `The higher amount is waiting. We e-mailed you a link: you can confirm it from ${when('2026-11-28T12:00:00Z')}. Until then the current limit applies.`,
      ),
    ).toBeTruthy();
  });

  it('refuses an empty amount without asking the server', async () => {
    const post = vi.fn();
    renderPage({ get: vi.fn().mockResolvedValue([]), post });
    const wager = within(await screen.findByRole('region', { name: 'Wager limit' }));
    fireEvent.click(wager.getByRole('button', { name: 'Set limit' }));
    expect(wager.getByText('Enter an amount greater than zero.')).toBeTruthy();
    expect(wager.getByLabelText('Amount (EUR)').getAttribute('aria-invalid')).toBe('true');
    expect(post).not.toHaveBeenCalled();
  });

  it('shows a 422 from the server next to the form', async () => {
    const post = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(422, { code: 'limit_period_invalid', error: 'A break lasts …' }, '/api/user_limits'),
      )
      .mockRejectedValueOnce(
        new ApiError(422, { code: 'validation_error', error: 'Give the limit an amount.' }, '/api/user_limits'),
      );
    renderPage({ get: vi.fn().mockResolvedValue([]), post }, ['EUR', 'BTC']);
    const deposit = within(await screen.findByRole('region', { name: 'Deposit limit' }));
    fireEvent.change(deposit.getByLabelText('Currency'), { target: { value: 'BTC' } });
    fireEvent.change(deposit.getByLabelText('Amount'), { target: { value: '0.001' } });
    fireEvent.click(deposit.getByRole('button', { name: 'Set limit' }));
    expect((await deposit.findByRole('alert')).textContent).toBe('This length is not available for this limit.');
    expect(post).toHaveBeenCalledWith('/api/user_limits', {
      type: 'deposit',
      period: 'day',
      accounts: [{ currency: 'BTC', amount_cents: 100_000 }],
    });
    fireEvent.click(deposit.getByRole('button', { name: 'Set limit' }));
    await waitFor(() => expect(deposit.getByRole('alert').textContent).toBe('Give the limit an amount.'));
  });

  it('asks before removing a limit, then shows the removal as parked', async () => {
    const get = vi
      .fn()
      .mockResolvedValueOnce([limit()])
      .mockResolvedValue([limit({ status: 'unconfirmed_disable', confirmable_at: '2026-11-28T12:00:00Z' })]);
    const del = vi.fn().mockResolvedValue(limit({ status: 'unconfirmed_disable' }));
    renderPage({ get, delete: del });
    const loss = within(await screen.findByRole('region', { name: 'Loss limit' }));
    expect(loss.getByRole('button', { name: 'Remove limit' })).toHaveClass('btn--danger-outline');
    fireEvent.click(loss.getByRole('button', { name: 'Remove limit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove this limit?' }));
    expect(dialog.getByRole('button', { name: 'Ask to remove' })).toHaveClass('btn--danger');
    expect(dialog.getByText(/stays in force for at least 24 hours/)).toBeTruthy();
    expect(del).not.toHaveBeenCalled();
    fireEvent.click(dialog.getByRole('button', { name: 'Ask to remove' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/user_limits/7'));
    expect(await loss.findByText('Removal waiting')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('taking a break', () => {
  it('needs the player to agree in a dialog that says what happens, then signs out and keeps the break', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T12:00:00Z') });
    try {
      const post = vi
        .fn()
        .mockResolvedValue(
          limit({ id: 9, type: 'coolingoff', period: 'week', accounts: [], ends_at: '2026-12-04T12:00:00Z' }),
        );
      const { queryClient, router } = renderPage({ get: vi.fn().mockResolvedValue([]), post });
      const cooling = within(await screen.findByRole('region', { name: 'Cooling-off' }));
      expect(cooling.getByText(/cannot be shortened or ended early/)).toBeTruthy();
      fireEvent.change(cooling.getByLabelText('Length'), { target: { value: 'week' } });
      fireEvent.click(cooling.getByRole('button', { name: 'Take a break…' }));

      const dialog = within(await screen.findByRole('dialog', { name: 'Start a cooling-off break?' }));
      expect(dialog.getByText(`You cannot place any bets until ${when('2026-12-04T12:00:00Z')}.`)).toBeTruthy();
      expect(dialog.getByText('You will be signed out now, on all your devices.')).toBeTruthy();
      expect(dialog.getByText('You cannot undo, shorten or end the break.')).toBeTruthy();
      const start = dialog.getByRole('button', { name: 'Start the break' });
      expect(start).toBeDisabled();
      fireEvent.click(start);
      expect(post).not.toHaveBeenCalled();

      fireEvent.click(dialog.getByLabelText('I understand and I want to start it'));
      expect(start).toBeEnabled();
      fireEvent.click(start);
      await waitFor(() =>
        expect(post).toHaveBeenCalledWith('/api/user_limits', { type: 'coolingoff', period: 'week' }),
      );
      // Signed out, with the break kept for the page to say where the player stands (routes/account/limits.test.tsx).
      await waitFor(() => expect(queryClient.getQueryData(QUERY_KEYS.player)).toBeNull());
      expect(breakNotice.get()).toEqual({ type: 'coolingoff', endsAt: '2026-12-04T12:00:00Z' });
      expect(router.state.location.pathname).toBe('/users/limits');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says a permanent self-exclusion is for ever, and a refusal shows next to the form', async () => {
    const post = vi
      .fn()
      .mockRejectedValue(new ApiError(422, { code: 'limit_locked', error: 'running' }, '/api/user_limits'));
    renderPage({ get: vi.fn().mockResolvedValue([]), post });
    const self = within(await screen.findByRole('region', { name: 'Self-exclusion' }));
    fireEvent.change(self.getByLabelText('Length'), { target: { value: 'forever' } });
    fireEvent.click(self.getByRole('button', { name: 'Exclude myself…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Exclude yourself?' }));
    expect(dialog.getByText('You can never place bets on this account again.')).toBeTruthy();
    fireEvent.click(dialog.getByLabelText('I understand and I want to start it'));
    fireEvent.click(dialog.getByRole('button', { name: 'Exclude me' }));
    expect((await self.findByRole('alert')).textContent).toBe(
      'This break is running. It cannot be changed, shortened or ended early.',
    );
    expect(post).toHaveBeenCalledWith('/api/user_limits', { type: 'selfexclusion', period: 'forever' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a running break instead of the form', async () => {
    renderPage({
      get: vi
        .fn()
        .mockResolvedValue([
          limit({ id: 3, type: 'coolingoff', period: 'day', accounts: [], ends_at: '2026-11-28T09:00:00Z' }),
        ]),
    });
    const cooling = within(await screen.findByRole('region', { name: 'Cooling-off' }));
    expect(cooling.getByText(`Your break runs until ${when('2026-11-28T09:00:00Z')}.`)).toBeTruthy();
    expect(cooling.queryByRole('button')).toBeNull();
  });
});
