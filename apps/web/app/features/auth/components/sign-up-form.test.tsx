import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '../../../i18n/runtime';
import { createRoutesStub } from 'react-router';
import account from '../../../i18n/locales/en/account.json';
import auth from '../../../i18n/locales/en/auth.json';
import common from '../../../i18n/locales/en/common.json';
import { createI18n } from '../../../i18n/create-i18n';
import { createApiClient, type FetchLike } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import type { BootData } from '../../../lib/boot';
import { makeQueryClient } from '../../../lib/query-client';
import { SignUpForm } from './sign-up-form';

afterEach(cleanup);

const boot = {
  locale: 'en',
  resources: {},
  publicUrl: 'http://x.test',
  country: 'AU',
  isBot: false,
  restricted: false,
  settings: { registrationConfig: { skipNickname: false }, abTests: { registration_variant: 'A' } },
  currencies: [{ code: 'AUD' }, { code: 'EUR' }],
  countryCodes: ['AU', 'DE'],
  user: null,
  accounts: null,
} as unknown as BootData;

function renderForm(fetch: FetchLike) {
  const api = createApiClient({ fetch, timeoutMs: 1000 });
  const i18n = createI18n('en', { common, auth, account });
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/sign-up',
      loader: () => boot,
      HydrateFallback: () => null,
      Component: () => (
        <QueryClientProvider client={makeQueryClient()}>
          <ApiProvider client={api}>
            <I18nProvider i18n={i18n}>
              <SignUpForm mode="route" />
            </I18nProvider>
          </ApiProvider>
        </QueryClientProvider>
      ),
    },
    { path: '/', Component: () => <p>home</p> },
  ]);
  return render(<Stub initialEntries={['/sign-up']} />);
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const next = () => fireEvent.click(screen.getByRole('button', { name: /next|create account/i }));

describe('SignUpForm', () => {
  it('checks each step before moving on, then posts once and shows server errors on their step', async () => {
    const fetch = vi.fn<FetchLike>(
      async () =>
        new Response(
          JSON.stringify({
            code: 'validation_error',
            errors: { email: ['has already been taken'], city: ["can't be blank"] },
          }),
          {
            status: 422,
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    renderForm(fetch);
    expect(await screen.findByText('Step 1 of 4')).toBeInTheDocument();

    next();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('This field is required');
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();

    type('Email', 'ada@example.test');
    type('Password', 'long-enough-pw');
    type('Nickname', 'ada_l');
    next();
    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'AUD' })).toBeChecked();
    next();

    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    type('Date of birth', '1990-01-02');
    type('Gender', 'f');
    type(/Mobile phone/, '61 412 345 678');
    next();
    expect(screen.getByText('Step 4 of 4')).toBeInTheDocument();

    type('City', 'Sydney');
    type('Postal code', '2000');
    type('Address', '1 George St');
    fireEvent.click(screen.getByLabelText(/terms and conditions/));
    next();

    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/users');
    const body = JSON.parse(init.body as string) as { user: Record<string, unknown> };
    expect(body.user).toMatchObject({
      email: 'ada@example.test',
      currency: 'AUD',
      country: 'AU',
      mobile_phone: '+61412345678',
      terms_acceptance: true,
      variant: 'A',
      dfpc: '',
    });

    // The first error is on step 1: the form goes back there and shows it at the field.
    expect(await screen.findByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('An account with this email already exists');
  });

  it('goes back a step without losing values', async () => {
    renderForm(vi.fn<FetchLike>());
    await screen.findByText('Step 1 of 4');
    type('Email', 'ada@example.test');
    type('Password', 'long-enough-pw');
    type('Nickname', 'ada_l');
    next();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.test');
  });
});
