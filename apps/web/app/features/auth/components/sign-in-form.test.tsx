import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRoutesStub } from 'react-router';
import account from '../../../i18n/locales/en/account.json';
import auth from '../../../i18n/locales/en/auth.json';
import common from '../../../i18n/locales/en/common.json';
import { createI18n } from '../../../i18n/create-i18n';
import { I18nProvider } from '../../../i18n/runtime';
import { createApiClient, type FetchLike } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import type { BootData } from '../../../lib/boot';
import { makeQueryClient } from '../../../lib/query-client';
import { SignInForm } from './sign-in-form';

afterEach(cleanup);

const boot = {
  locale: 'en',
  resources: {},
  publicUrl: 'http://x.test',
  country: 'AU',
  isBot: false,
  restricted: false,
  settings: {},
  currencies: [{ code: 'EUR' }],
  countryCodes: ['AU'],
  user: null,
  accounts: null,
} as unknown as BootData;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderForm(fetch: FetchLike) {
  const api = createApiClient({ fetch, timeoutMs: 1000 });
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/sign-in',
      loader: () => boot,
      HydrateFallback: () => null,
      Component: () => (
        <QueryClientProvider client={makeQueryClient()}>
          <ApiProvider client={api}>
            <I18nProvider i18n={createI18n('en', { common, auth, account })}>
              <SignInForm mode="route" />
            </I18nProvider>
          </ApiProvider>
        </QueryClientProvider>
      ),
    },
    { path: '/', Component: () => <p>home</p> },
  ]);
  return render(<Stub initialEntries={['/sign-in']} />);
}

describe('SignInForm code step', () => {
  it('takes a recovery code instead of the authenticator code (docs/auth.md#recovery-codes)', async () => {
    const fetch = vi.fn<FetchLike>(async () =>
      json(401, { code: 'two_factor_required', error: 'Enter the code', two_factor: true }),
    );
    renderForm(fetch);
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough-pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByLabelText('Six-digit code')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Recovery code');
    fireEvent.change(field, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter a recovery code, like abcd-efgh-2345')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);

    fetch.mockResolvedValueOnce(json(422, { code: 'invalid_otp', error: 'The code is not valid.' }));
    fireEvent.change(field, { target: { value: ' ABCD-EFGH-2345 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const [, init] = fetch.mock.calls[1]!;
    expect(JSON.parse(String(init?.body))).toEqual({ user: { otp_attempt: 'ABCD-EFGH-2345' } });
    expect(await screen.findByText('The code is not valid')).toBeTruthy();

    // Back to the app's code: the six-digit field again, empty.
    fireEvent.click(screen.getByRole('button', { name: 'Use the code from my app' }));
    expect((screen.getByLabelText('Six-digit code') as HTMLInputElement).value).toBe('');
  });
});
