import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../../components/toast/toast-store';
import { createI18n } from '../../../i18n/create-i18n';
import common from '../../../i18n/locales/en/common.json';
import profile from '../../../i18n/locales/en/profile.json';
import { I18nProvider } from '../../../i18n/runtime';
import type { ApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { testPlayer } from '../../../testing/player';
import { AuthFieldsModal, missingDetails } from './auth-fields-modal';
import { SubscriptionsCard } from './subscriptions-card';

afterEach(() => {
  cleanup();
  toasts.clear();
  vi.restoreAllMocks();
});

const none = {
  receive_promos: false,
  receive_sms_promos: false,
  receive_promos_via_phone_calls: false,
  agreed_to_partner_promotions: false,
};

function renderWith(api: Partial<ApiClient>, children: React.ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiProvider client={api as ApiClient}>
        <I18nProvider i18n={createI18n('en', { common, profile })}>{children}</I18nProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
}

describe('SubscriptionsCard', () => {
  it('shows the four consents and saves them together, with a toast', async () => {
    const put = vi.fn().mockResolvedValue({ ...none, receive_sms_promos: true, agreed_to_partner_promotions: true });
    renderWith(
      { get: vi.fn().mockResolvedValue({ ...none, agreed_to_partner_promotions: true }), put },
      <SubscriptionsCard />,
    );
    const sms = (await screen.findByLabelText('Offers by SMS (to a verified phone)')) as HTMLInputElement;
    expect(sms.checked).toBe(false);
    expect((screen.getByLabelText('Offers from our partners') as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('checkbox')).toHaveLength(4);
    fireEvent.click(sms);
    fireEvent.click(screen.getByRole('button', { name: 'Save subscriptions' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/api/subscriptions', {
        ...none,
        receive_sms_promos: true,
        agreed_to_partner_promotions: true,
      }),
    );
    await waitFor(() => expect(toasts.getState().map((t) => t.text)).toEqual(['Subscriptions saved']));
  });

  it('says so when saving failed, and shows no success toast', async () => {
    const put = vi.fn().mockRejectedValue(new Error('offline'));
    renderWith({ get: vi.fn().mockResolvedValue(none), put }, <SubscriptionsCard />);
    fireEvent.click(await screen.findByLabelText('Offers by e-mail'));
    fireEvent.click(screen.getByRole('button', { name: 'Save subscriptions' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your subscriptions could not be saved. Please try again.',
    );
    expect(toasts.getState()).toEqual([]);
  });
});

describe('AuthFieldsModal (terms_acceptance in auth_fields_missed)', () => {
  it('asks only for what is missing', () => {
    expect(missingDetails(testPlayer({ auth_fields_missed: [] }))).toEqual([]);
    expect(missingDetails(testPlayer({ auth_fields_missed: ['terms_acceptance', 'x'] }))).toEqual(['terms_acceptance']);
    expect(missingDetails(null)).toEqual([]);
  });

  it('opens for owed terms, refuses an unticked box, and sends update_details once ticked', async () => {
    const post = vi.fn().mockResolvedValue(testPlayer({ auth_fields_missed: [] }));
    renderWith(
      { post },
      <AuthFieldsModal user={testPlayer({ auth_fields_missed: ['terms_acceptance'] })} countryCodes={['DE']} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Before you go on' });
    expect(dialog.textContent).toContain('Our terms and conditions have changed');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please accept the terms and conditions to go on.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    // The changed terms are one click away (a new tab keeps this question open).
    expect(screen.getByRole('link', { name: 'terms and conditions (opens in a new tab)' })).toHaveAttribute(
      'href',
      '/terms',
    );
    fireEvent.click(screen.getByRole('checkbox', { name: /I am over 18 and accept the terms and conditions/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/auth_providers/update_details', { user: { terms_acceptance: true } }),
    );
  });

  it('stays closed when nothing is owed', () => {
    renderWith({}, <AuthFieldsModal user={testPlayer({ auth_fields_missed: [] })} countryCodes={[]} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
