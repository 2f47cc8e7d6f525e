import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/create-i18n';
import { formatDate } from '../../../i18n/format';
import common from '../../../i18n/locales/en/common.json';
import limitsEn from '../../../i18n/locales/en/limits.json';
import { I18nProvider } from '../../../i18n/runtime';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { DATE_TIME } from '../lib/limits-logic';
import { LimitConfirm } from './limit-confirm';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderConfirm(post: ApiClient['post'], token = 'tok-123') {
  const ui = (
    <StrictMode>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ApiProvider client={{ post } as ApiClient}>
          <I18nProvider i18n={createI18n('en', { common, limits: limitsEn })}>
            <LimitConfirm token={token} locale="en" />
          </I18nProvider>
        </ApiProvider>
      </QueryClientProvider>
    </StrictMode>
  );
  render(<RouterProvider router={createMemoryRouter([{ path: '*', element: ui }])} />);
}

const refusal = (code: string, error: string) => new ApiError(422, { code, error }, '/api/user_limits/confirm');

describe('the limit confirmation page', () => {
  it('confirms once with the token and says the new limit applies, with a link to the limits page', async () => {
    const post = vi.fn().mockResolvedValue({ confirmed: true, limit: { id: 7 } });
    renderConfirm(post);
    expect(await screen.findByText('Confirmed. Your new limit applies now.')).toBeTruthy();
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/api/user_limits/confirm', { token: 'tok-123' });
    expect(screen.getByRole('link', { name: 'Go to your limits' }).getAttribute('href')).toBe('/users/limits');
  });

  it('says a removal went through', async () => {
    renderConfirm(vi.fn().mockResolvedValue({ confirmed: true, limit: null }));
    expect(await screen.findByText('Confirmed. The limit is removed.')).toBeTruthy();
  });

  it('says from when a too-early change can be confirmed', async () => {
    const iso = '2026-11-28T12:00:00.000Z';
    renderConfirm(
      vi
        .fn()
        .mockRejectedValue(
          refusal('limit_confirm_too_early', `For your protection this change can be confirmed from ${iso}.`),
        ),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      `For your protection, you can confirm this change only from ${formatDate(iso, 'en', DATE_TIME)}.`,
    );
  });

  it.each([
    [
      'limit_confirm_expired',
      'This change was not confirmed in time and has lapsed. Ask for it again on your limits page.',
    ],
    ['limit_confirm_invalid', 'This confirmation link is not valid.'],
  ])('shows the refusal %s', async (code, text) => {
    renderConfirm(vi.fn().mockRejectedValue(refusal(code, 'server text')));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.getByRole('link', { name: 'Go to your limits' })).toBeTruthy();
  });

  it('does not call the server without a token', () => {
    const post = vi.fn();
    renderConfirm(post, '');
    expect(screen.getByRole('alert').textContent).toBe('This confirmation link is not valid.');
    expect(post).not.toHaveBeenCalled();
  });
});
