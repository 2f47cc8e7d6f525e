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

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const TAKEN = {
  code: 'validation_error',
  error: 'Some fields are not valid.',
  errors: { email: ['has already been taken'] },
};
const calls = (fetch: { mock: { calls: unknown[][] } }) => fetch.mock.calls.map(([path]) => path);

/** Fills steps 2 to 4 of variant A and submits. */
function finishSteps() {
  next();
  type('First name', 'Ada');
  type('Last name', 'Lovelace');
  type('Date of birth', '1990-01-02');
  type('Gender', 'f');
  type(/Mobile phone/, '61 412 345 678');
  next();
  type('City', 'Sydney');
  type('Postal code', '2000');
  type('Address', '1 George St');
  fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
  next();
}

describe('SignUpForm', () => {
  it('checks each step before moving on, then posts once and shows server errors on their step', async () => {
    const fetch = vi.fn<FetchLike>(async (path) =>
      path === '/api/users/check_email'
        ? json(204)
        : json(422, {
            code: 'validation_error',
            errors: { email: ['has already been taken'], city: ["can't be blank"] },
          }),
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
    expect(await screen.findByText('Step 2 of 4')).toBeInTheDocument();
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
    fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    next();

    await waitFor(() => expect(calls(fetch)).toEqual(['/api/users/check_email', '/api/users']));
    const [path, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
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

  it('reports a taken e-mail on its own step, as soon as Next is pressed, and goes on once it is changed', async () => {
    const fetch = vi.fn<FetchLike>(async (path, init) => {
      const email = (JSON.parse(init?.body as string) as { user: { email: string } }).user.email;
      if (path === '/api/users/check_email') return email === 'ada@example.test' ? json(422, TAKEN) : json(204);
      return json(201, { id: 1 });
    });
    renderForm(fetch);
    await screen.findByText('Step 1 of 4');
    type('Email', 'ada@example.test');
    type('Password', 'long-enough-pw');
    type('Nickname', 'ada_l');
    next();

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription('An account with this email already exists'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    // Nothing is created, nothing else is lost.
    expect(calls(fetch)).toEqual(['/api/users/check_email']);
    expect(screen.getByLabelText('Password')).toHaveValue('long-enough-pw');
    expect(screen.getByLabelText('Nickname')).toHaveValue('ada_l');

    type('Email', 'ada.l@example.test');
    next();
    expect(await screen.findByText('Step 2 of 4')).toBeInTheDocument();
    // Back and forth does not ask again for the same address.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    next();
    expect(await screen.findByText('Step 2 of 4')).toBeInTheDocument();
    expect(calls(fetch)).toEqual(['/api/users/check_email', '/api/users/check_email']);
  });

  it('lets the player on when the check cannot answer: the final submit reports the address', async () => {
    const fetch = vi.fn<FetchLike>(async (path) =>
      path === '/api/users/check_email'
        ? json(429, { code: 'too_many_requests', error: 'Slow down' })
        : json(422, TAKEN),
    );
    renderForm(fetch);
    await screen.findByText('Step 1 of 4');
    type('Email', 'ada@example.test');
    type('Password', 'long-enough-pw');
    type('Nickname', 'ada_l');
    next();
    expect(await screen.findByText('Step 2 of 4')).toBeInTheDocument();
  });

  it('after a refused submit goes to the step of the first error, keeps every value, and keeps later errors for their step', async () => {
    const fetch = vi.fn<FetchLike>(async (path) =>
      path === '/api/users/check_email'
        ? json(204)
        : json(422, {
            code: 'validation_error',
            errors: { first_name: ['is invalid'], city: ["can't be blank"] },
          }),
    );
    renderForm(fetch);
    await screen.findByText('Step 1 of 4');
    type('Email', 'ada@example.test');
    type('Password', 'long-enough-pw');
    type('Nickname', 'ada_l');
    next();
    await screen.findByText('Step 2 of 4');
    finishSteps();

    expect(await screen.findByText('Step 3 of 4')).toBeInTheDocument();
    const first = screen.getByLabelText('First name');
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveValue('Ada');
    expect(screen.getByLabelText('Last name')).toHaveValue('Lovelace');
    type('First name', 'Augusta Ada');
    next();
    expect(screen.getByText('Step 4 of 4')).toBeInTheDocument();
    expect(screen.getByLabelText('City')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Address')).toHaveValue('1 George St');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.test');
  });

  it('links the terms box to the terms page, in a new tab so the form stays filled in', async () => {
    renderForm(vi.fn<FetchLike>(async () => json(204)));
    await screen.findByText('Step 1 of 4');
    type('Email', 'ada@example.test');
    type('Password', 'long-enough-pw');
    type('Nickname', 'ada_l');
    next();
    await screen.findByText('Step 2 of 4');
    next();
    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    type('Date of birth', '1990-01-02');
    type('Gender', 'f');
    type(/Mobile phone/, '61 412 345 678');
    next();
    const link = screen.getByRole('link', { name: 'terms and conditions (opens in a new tab)' });
    expect(link).toHaveAttribute('href', '/terms');
    expect(link).toHaveAttribute('target', '_blank');
    expect(
      screen.getByRole('checkbox', { name: /I am over 18 and accept the terms and conditions/ }),
    ).not.toBeChecked();
  });

  it('goes back a step without losing values', async () => {
    renderForm(vi.fn<FetchLike>());
    await screen.findByText('Step 1 of 4');
    type('Email', 'ada@example.test');
    type('Password', 'long-enough-pw');
    type('Nickname', 'ada_l');
    next();
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.test');
  });
});
